import { ComingSoon } from '../components/ComingSoon';

/** Route /download. */
export function Download() {
  return (
    <ComingSoon
      id="download"
      title="Download"
      line="Export your subscriptions as OPML and save articles for offline reading — coming in a later release."
    />
  );
}
