import { FilterScreen } from './filter/FilterScreen';

/** Route /filter: query editor, saved filters and related articles (`?related=<id>`). */
export function Filter() {
  return <FilterScreen />;
}
