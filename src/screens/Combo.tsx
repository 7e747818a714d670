import { ComingSoon } from '../components/ComingSoon';

/** Route /combo. */
export function Combo() {
  return (
    <ComingSoon
      id="combo"
      title="Combo"
      line="Combine several feeds and filters into one reading list — coming in a later release."
    />
  );
}
