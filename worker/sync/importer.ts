/**
 * Writing what the server has into the local database: groups and feeds (marked with the
 * account), and items with their read/saved state. Local-only feeds and their items are never
 * touched; only feeds carrying this account's tag are updated or removed.
 */
import { cleanUrl } from '../../shared/cleanUrl';
import { ingestItems } from '../items/ingest';
import { patchFeed } from '../feeds/refresh/patchFeed';
import { setFlag } from '../state/flags';
import { ensureGroup } from '../subscriptions/groupsByTitle';
import { foldGroupTitle } from '../groups/groupTitle';
import type { FeedServices } from '../subscriptions/services';
import { urlKey } from '../../shared/urlKey';
import type { Feed, IncomingItem } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import type { RemoteFeed, RemoteGroup, RemoteItem } from './protocol';
import { writeSyncItems, type AccountRecord, type SyncItemRecord } from './store';
import { applyLabels } from './labels';
import { highlightsOnce, holdsOwnData, ownDataOf } from './ownData';
import type { Tracker } from './tracker';

/** Local feeds of this account by server feed id. O(feeds). */
export function accountFeeds(s: FeedServices, account: AccountRecord): Map<string, Feed> {
  const out = new Map<string, Feed>();
  for (const f of s.ctx.feedCache.values())
    if (f.account === account.tag && f.remoteId) out.set(f.remoteId, f);
  return out;
}

/**
 * Makes the local feeds of this account match the server's list: creates missing feeds (and
 * their groups, matched by title; the account's default folder is no group), updates titles,
 * addresses and groups that changed, and
 * deletes feeds the server no longer has (with their items) unless they hold articles the reader
 * saved, tagged or highlighted (`highlighted`: read once, and only if a feed is gone). `made`
 * collects the ids of the groups it creates. Returns server id → local feed id.
 */
export async function applyStructure(
  s: FeedServices,
  account: AccountRecord,
  remote: { groups: RemoteGroup[]; feeds: RemoteFeed[] },
  opts: { highlighted?: () => Promise<ReadonlySet<number>>; made?: Set<number> } = {},
): Promise<Map<string, number>> {
  const highlighted = opts.highlighted ?? highlightsOnce(s.ctx.db);
  const titles = new Set([...s.ctx.groupCache.values()].map((g) => foldGroupTitle(g.title)));
  const groupTitle = new Map(remote.groups.map((g) => [g.id, g.title]));
  // A server group becomes a local group (matched by title, never duplicated) once a feed is in
  // it: servers list folders that hold nothing, e.g. FreshRSS's default "Uncategorized" or
  // Miniflux's "All", and an empty copy of those is only clutter. The account's default folder,
  // once learned (defaultFolder.ts), is "no group" here.
  const existing = accountFeeds(s, account);
  const out = new Map<string, number>();
  for (const rf of remote.feeds) {
    const folder = rf.groupIds[0];
    const title =
      folder !== undefined && folder === account.defaultFolder
        ? undefined
        : rf.groupIds.map((g) => groupTitle.get(g)).find((t) => t?.trim());
    const groupId = title ? await ensureGroup(s, title) : -1;
    if (title && !titles.has(foldGroupTitle(title))) {
      titles.add(foldGroupTitle(title));
      opts.made?.add(groupId);
    }
    const local = existing.get(rf.id);
    const fields = { title: rf.title || rf.url, siteUrl: rf.siteUrl, groupId };
    if (!local) {
      out.set(
        rf.id,
        await s.feeds.save({
          url: rf.url || `${account.url}#${rf.id}`,
          ...fields,
          account: account.tag,
          remoteId: rf.id,
        }),
      );
      continue;
    }
    out.set(rf.id, local.id);
    if (local.title !== fields.title || local.siteUrl !== fields.siteUrl || local.groupId !== groupId)
      await patchFeed(s.ctx, local.id, fields, { ifExists: true });
  }
  // A feed holding articles the reader saved, tagged or highlighted is never deleted here: the
  // sync pass sets it aside first (leftServer.ts); one it has not (a subscribe's own structure
  // read) waits for that pass.
  const gone = [...existing.entries()].filter(([id]) => !out.has(id)).map(([, f]) => f.id);
  for (const id of gone)
    if (!holdsOwnData(ownDataOf(s.ctx.index, id, await highlighted()))) await s.feeds.delete(id);
  return out;
}

/**
 * After logging in again to the account logged out of (same server and user): its feeds, kept
 * as local feeds with their server id, join the account again, matched by stream id, else by
 * feed URL. Returns how many. O(feeds).
 */
export async function reattachFeeds(
  s: FeedServices,
  account: AccountRecord,
  remote: RemoteFeed[],
): Promise<number> {
  const byId = new Map(remote.map((f) => [f.id, f]));
  const byUrl = new Map(remote.filter((f) => f.url).map((f) => [urlKey(f.url), f]));
  const taken = new Set(accountFeeds(s, account).keys());
  let n = 0;
  for (const f of [...s.ctx.feedCache.values()]) {
    if (f.account || !f.remoteId) continue;
    const match = byId.get(f.remoteId) ?? byUrl.get(urlKey(f.url));
    if (!match || taken.has(match.id)) continue;
    taken.add(match.id);
    await patchFeed(s.ctx, f.id, { account: account.tag, remoteId: match.id }, { ifExists: true });
    n++;
  }
  return n;
}

/**
 * Local copies of server items in a feed that was refreshed on its own while logged out: items
 * no sync record knows, matched to the server's by article link. Hidden ones count too (a rule
 * may have hidden a copy meanwhile; matching visible rows only brought the server's article in as
 * a second, visible copy). Server id → local item id. Costs one bulkGet, and only for feeds that
 * hold such items.
 */
async function untrackedByLink(
  s: FeedServices,
  account: AccountRecord,
  tracker: Tracker,
  feedId: number,
  items: RemoteItem[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const untracked = s.ctx.index.idsOfFeed(feedId, { hidden: true }).filter((id) => !tracker.byItem.has(id));
  if (untracked.length === 0) return out;
  const rows = await s.ctx.db.run('fetch', () => s.ctx.db.table('items').bulkGet(untracked));
  const byLink = new Map<string, number>();
  for (const row of rows)
    if (row?.link && !row.dedupeKey.startsWith(`${account.protocol}:`)) byLink.set(row.link, row.id);
  for (const item of items) {
    // Stored links are clean (items/ingest.ts); the server may hold the link as the feed gave it.
    const url = cleanUrl(item.url);
    const id = url ? byLink.get(url) : undefined;
    if (id === undefined) continue;
    out.set(item.id, id);
    byLink.delete(url);
  }
  return out;
}

/** The read and saved bits the server gives an item. */
const serverFlags = (i: RemoteItem): number => (i.read ? FLAG_READ : 0) | (i.saved ? FLAG_SAVED : 0);

/** A server item as the engine ingests it: stored in the server's read and saved state. */
function incoming(protocol: string, item: RemoteItem): IncomingItem {
  return {
    guid: `${protocol}:${item.id}`,
    title: item.title,
    author: item.author,
    description: item.html,
    pubDate: item.published > 0 ? item.published : null,
    link: item.url,
    enclosure: null,
    flags: serverFlags(item),
  };
}

/**
 * Stores server items under their local feeds and applies their read/saved state. Order is
 * chosen so a crash anywhere is harmless: new articles are stored in the server's state, then
 * the item map is written with "unknown" server state, then the local flags of articles stored
 * before, then the server state; a crash in between makes the next sync push a state the server
 * already has (articles stored but not yet in the map are found again by their guid). Items of
 * feeds not known locally are skipped. Returns the number of new local items.
 */
export async function importItems(
  s: FeedServices,
  account: AccountRecord,
  tracker: Tracker,
  items: RemoteItem[],
  feedMap: Map<string, number>,
  tagsOf?: (item: RemoteItem) => string[],
): Promise<number> {
  const byFeed = new Map<number, RemoteItem[]>();
  for (const item of items) {
    const feedId = feedMap.get(item.feedId);
    if (feedId === undefined || tracker.byRemote.has(item.id)) continue;
    byFeed.set(feedId, [...(byFeed.get(feedId) ?? []), item]);
  }
  let added = 0;
  for (const [feedId, all] of byFeed) {
    // Copies fetched while logged out become these server items (their local read and saved
    // state stays; differences are pushed by the next sync), so no article is doubled.
    const copies = await untrackedByLink(s, account, tracker, feedId, all);
    if (copies.size) {
      const records = all
        .filter((i) => copies.has(i.id))
        .map((i) => ({
          itemId: copies.get(i.id)!,
          remoteId: i.id,
          feedId,
          server: serverFlags(i),
        }));
      await writeSyncItems(s.ctx.db, records);
      for (const r of records) tracker.set(r);
    }
    const list = all.filter((i) => !copies.has(i.id));
    if (list.length === 0) continue;
    const idOf = new Map<string, number>();
    // New articles are stored in the server's state (one write each); applyFlags below then
    // only changes articles stored before.
    const result = await ingestItems(
      s.ctx,
      feedId,
      list.map((i) => incoming(account.protocol, i)),
      undefined,
      { storedIds: idOf },
    );
    added += result.added.length;
    const records: SyncItemRecord[] = [];
    for (const i of list) {
      const itemId = idOf.get(`${account.protocol}:${i.id}`);
      if (itemId !== undefined) records.push({ itemId, remoteId: i.id, feedId, server: 0 });
    }
    await writeSyncItems(s.ctx.db, records);
    for (const r of records) tracker.set(r);
    const wanted = new Map(list.map((i) => [i.id, serverFlags(i)]));
    await applyFlags(
      s,
      tracker,
      records.map((r) => ({ itemId: r.itemId, flags: wanted.get(r.remoteId) ?? 0, bits: SYNCED_BITS })),
    );
    // Tags the server gave these items (labels that are not the feed's folder).
    const labels = new Map(list.map((i) => [i.id, tagsOf?.(i) ?? []]));
    await applyLabels(
      s.ctx,
      tracker,
      records.flatMap((r) =>
        (labels.get(r.remoteId) ?? []).map((name) => ({ itemId: r.itemId, name, on: true })),
      ),
    );
    const final = records.map((r) => {
      const names = labels.get(r.remoteId) ?? [];
      return { ...r, server: wanted.get(r.remoteId) ?? 0, ...(names.length ? { labels: names } : {}) };
    });
    await writeSyncItems(s.ctx.db, final);
    for (const r of final) tracker.set(r);
  }
  return added;
}

/** All the state bits the sync carries: an item it stores gets the server's state whole. */
export const SYNCED_BITS = FLAG_READ | FLAG_SAVED;

/**
 * Sets local flags to the given values for items the server changed, only the bits in `bits`
 * (what the server changed: its read state of an article the reader is reading meanwhile is not
 * the server's news). Each write marks its ids `applying` for its own bit while it runs, so the
 * queue listener does not send it back and still sends what the reader does meanwhile.
 */
export async function applyFlags(
  s: FeedServices,
  tracker: Tracker,
  wanted: { itemId: number; flags: number; bits: number }[],
): Promise<void> {
  const groups: Record<'read' | 'unread' | 'saved' | 'unsaved', number[]> = {
    read: [],
    unread: [],
    saved: [],
    unsaved: [],
  };
  for (const w of wanted) {
    const row = s.ctx.index.rowOf(w.itemId);
    const local = row === -1 ? 0 : s.ctx.index.flags(row);
    if (w.bits & FLAG_READ && (local & FLAG_READ) !== (w.flags & FLAG_READ))
      (w.flags & FLAG_READ ? groups.read : groups.unread).push(w.itemId);
    if (w.bits & FLAG_SAVED && (local & FLAG_SAVED) !== (w.flags & FLAG_SAVED))
      (w.flags & FLAG_SAVED ? groups.saved : groups.unsaved).push(w.itemId);
  }
  const write = async (ids: number[], bit: number, on: boolean) => {
    if (ids.length === 0) return;
    const marks = bit === FLAG_READ ? tracker.applying.read : tracker.applying.saved;
    for (const id of ids) marks.add(id);
    try {
      await setFlag(s.ctx, ids, bit, on);
    } finally {
      for (const id of ids) marks.delete(id);
    }
  };
  await write(groups.read, FLAG_READ, true);
  await write(groups.unread, FLAG_READ, false);
  await write(groups.saved, FLAG_SAVED, true);
  await write(groups.unsaved, FLAG_SAVED, false);
}
