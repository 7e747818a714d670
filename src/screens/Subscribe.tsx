import { ComingSoon } from '../components/ComingSoon';

/** Route /subscribe. */
export function Subscribe() {
  return (
    <ComingSoon
      id="subscribe"
      title="Subscribe"
      line="Add a feed by URL or discover feeds on a site — coming in the next release."
    />
  );
}
