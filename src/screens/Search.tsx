import { SearchScreen } from './search/SearchScreen';

/** Route /search. */
export function Search() {
  return <SearchScreen />;
}
