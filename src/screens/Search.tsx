import { ComingSoon } from '../components/ComingSoon';

/** Route /search. */
export function Search() {
  return (
    <ComingSoon
      id="search"
      title="Search"
      line="Search the full text of every article you have — coming in a later release."
    />
  );
}
