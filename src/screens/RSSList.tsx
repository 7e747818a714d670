import { ComingSoon } from '../components/ComingSoon';

/** Route /rss (RSSList). */
export function RSSList() {
  return (
    <ComingSoon
      id="rss"
      title="Feeds"
      line="Manage your subscriptions: rename, move between groups, check errors and unsubscribe — coming in a later release."
    />
  );
}
