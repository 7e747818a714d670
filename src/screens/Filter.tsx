import { ComingSoon } from '../components/ComingSoon';

/** Route /filter. */
export function Filter() {
  return (
    <ComingSoon
      id="filter"
      title="Filters"
      line="Write filters such as unread title:rust to build smart lists — coming in a later release."
    />
  );
}
