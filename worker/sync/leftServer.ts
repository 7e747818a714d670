/**
 * Feeds the server stops listing. A feed unsubscribed on another device, or hidden in FreshRSS
 * (feeds of priority "hidden" are left out of `subscription/list`, their articles stay on the
 * server), used to be deleted here with its articles, saved ones too. Now a feed that holds
 * articles the reader saved, tagged or highlighted (ownData.ts) is set aside instead: it leaves
 * the account and stays as a local feed (refreshed from its own address) with every article,
 * keeping its server id, and the account screen names it, and what of it is the reader's own,
 * until the reader keeps it or removes it (an unsubscribe, which can be undone). If the server
 * lists it again (a hidden feed shown again), it joins the account again. A feed with none of
 * these follows the server, as before. Its articles' sync records are forgotten when it is set
 * aside, so the server's lists (which no longer hold them) never unsave them here.
 */
import { patchFeed } from '../feeds/refresh/patchFeed';
import type { FeedServices } from '../subscriptions/services';
import type { Feed } from '../types';
import { accountFeeds } from './importer';
import { holdsOwnData, ownDataOf } from './ownData';
import type { RemoteFeed } from './protocol';
import { deleteSyncItems, type AccountRecord } from './store';
import type { Tracker } from './tracker';

/** Feeds set aside since the server stopped listing them, oldest first. O(feeds). */
export function feedsLeftServer(s: FeedServices): Feed[] {
  return [...s.ctx.feedCache.values()]
    .filter((f) => f.leftServer)
    .sort((a, b) => a.leftServer! - b.leftServer! || a.id - b.id);
}

/**
 * Before the server's list is applied (`applyStructure` deletes the account's feeds it does not
 * list): feeds set aside that the server lists again join the account again, and feeds it no
 * longer lists that hold articles the reader saved, tagged or highlighted are set aside.
 * `highlighted`: the highlighted article ids, read once per pass and only if a feed is gone.
 * Returns how many were set aside.
 */
export async function setAsideGone(
  s: FeedServices,
  account: AccountRecord,
  tracker: Tracker,
  remote: RemoteFeed[],
  highlighted: () => Promise<ReadonlySet<number>>,
): Promise<number> {
  const listed = new Set(remote.map((f) => f.id));
  const mine = accountFeeds(s, account);
  for (const f of feedsLeftServer(s))
    if (!f.account && f.remoteId && listed.has(f.remoteId) && !mine.has(f.remoteId)) {
      await patchFeed(s.ctx, f.id, { account: account.tag, leftServer: undefined }, { ifExists: true });
      mine.set(f.remoteId, f);
    }
  let aside = 0;
  for (const [remoteId, f] of mine) {
    if (listed.has(remoteId) || !holdsOwnData(ownDataOf(s.ctx.index, f.id, await highlighted()))) continue;
    const items = new Set(s.ctx.index.idsOfFeed(f.id, { hidden: true }));
    const records = [...tracker.byItem.values()].filter((r) => r.feedId === f.id || items.has(r.itemId));
    await deleteSyncItems(
      s.ctx.db,
      records.map((r) => r.itemId),
    );
    for (const r of records) {
      tracker.byItem.delete(r.itemId);
      tracker.byRemote.delete(r.remoteId);
    }
    await patchFeed(s.ctx, f.id, { account: undefined, leftServer: s.ctx.now() }, { ifExists: true });
    aside++;
  }
  return aside;
}

/**
 * Server ids of the articles held here by feeds outside the account that keep their server id
 * (set aside, or kept after that). FreshRSS's label streams still list a hidden feed's labelled
 * articles (`EntryDAO::sqlListWhere` puts no priority condition on type 't'), but no answer gives
 * their contents, so a pass that took them for articles still to import asked for them again
 * every time and got nothing. They are here already: the pass leaves them be. If the feed is
 * listed again it rejoins the account first, and the next pass links them as before. O(articles
 * of those feeds), from the index's guids (`<protocol>:<server id>`).
 */
export function idsHeldAside(s: FeedServices, account: AccountRecord): Set<string> {
  const out = new Set<string>();
  const prefix = `${account.protocol}:`;
  const { index } = s.ctx;
  for (const f of s.ctx.feedCache.values()) {
    if (f.account || !f.remoteId) continue;
    for (const row of index.liveRowsOfFeed(f.id, { hidden: true })) {
      const guid = index.guid(row);
      if (guid.startsWith(prefix)) out.add(guid.slice(prefix.length));
    }
  }
  return out;
}

/** The reader keeps these set-aside feeds as local feeds: the account stops naming them. */
export async function keepLeftFeeds(s: FeedServices, feedIds: number[]): Promise<void> {
  for (const id of feedIds)
    if (s.ctx.feedCache.get(id)?.leftServer)
      await patchFeed(s.ctx, id, { leftServer: undefined }, { ifExists: true });
}
