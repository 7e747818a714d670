/**
 * Writing what the server has into the local database: groups and feeds (marked with the
 * account), and items with their read/saved state. Local-only feeds and their items are never
 * touched; only feeds carrying this account's tag are updated or removed.
 */
import { ingestItems } from '../items/ingest';
import { patchFeed } from '../refresh/patchFeed';
import { setFlag } from '../state/flags';
import { ensureGroup } from '../subscriptions/groupsByTitle';
import type { FeedServices } from '../subscriptions/services';
import { FLAG_READ, FLAG_SAVED, type Feed, type IncomingItem } from '../types';
import type { RemoteFeed, RemoteGroup, RemoteItem } from './protocol';
import { writeSyncItems, type AccountRecord, type SyncItemRecord } from './store';
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
 * their groups, matched by title), updates titles, addresses and groups that changed, and
 * deletes feeds the server no longer has (with their items). Returns server id → local feed id.
 */
export async function applyStructure(
  s: FeedServices,
  account: AccountRecord,
  remote: { groups: RemoteGroup[]; feeds: RemoteFeed[] },
): Promise<Map<string, number>> {
  const groupTitle = new Map(remote.groups.map((g) => [g.id, g.title]));
  // A server group becomes a local group (matched by title, never duplicated) once a feed is in
  // it: servers list folders that hold nothing, e.g. FreshRSS's default "Uncategorized" or
  // Miniflux's "All", and an empty copy of those is only clutter.
  const existing = accountFeeds(s, account);
  const out = new Map<string, number>();
  for (const rf of remote.feeds) {
    const title = rf.groupIds.map((g) => groupTitle.get(g)).find((t) => t?.trim());
    const groupId = title ? await ensureGroup(s, title) : -1;
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
  const gone = [...existing.entries()].filter(([id]) => !out.has(id)).map(([, f]) => f.id);
  for (const id of gone) await s.feeds.delete(id);
  return out;
}

function incoming(protocol: string, item: RemoteItem): IncomingItem {
  return {
    guid: `${protocol}:${item.id}`,
    title: item.title,
    author: item.author,
    description: item.html,
    pubDate: item.published > 0 ? item.published : null,
    link: item.url,
    enclosure: null,
  };
}

/**
 * Stores server items under their local feeds and applies their read/saved state. Order is
 * chosen so a crash anywhere is harmless: the item map is written with "unknown" server state
 * first, then local flags, then the server state; a crash in between makes the next sync push
 * a state the server already has. Items of feeds not known locally are skipped. Returns the
 * number of new local items.
 */
export async function importItems(
  s: FeedServices,
  account: AccountRecord,
  tracker: Tracker,
  items: RemoteItem[],
  feedMap: Map<string, number>,
): Promise<number> {
  const byFeed = new Map<number, RemoteItem[]>();
  for (const item of items) {
    const feedId = feedMap.get(item.feedId);
    if (feedId === undefined || tracker.byRemote.has(item.id)) continue;
    byFeed.set(feedId, [...(byFeed.get(feedId) ?? []), item]);
  }
  let added = 0;
  for (const [feedId, list] of byFeed) {
    const result = await ingestItems(
      s.ctx,
      feedId,
      list.map((i) => incoming(account.protocol, i)),
    );
    added += result.added.length;
    const keys = list.map((i): [number, string] => [feedId, `${account.protocol}:${i.id}`]);
    const stored = await s.ctx.db.run('fetch', () =>
      s.ctx.db.table('items').where('[feedId+dedupeKey]').anyOf(keys).toArray(),
    );
    const idOf = new Map(stored.map((row) => [row.dedupeKey, row.id]));
    const records: SyncItemRecord[] = [];
    for (const i of list) {
      const itemId = idOf.get(`${account.protocol}:${i.id}`);
      if (itemId !== undefined) records.push({ itemId, remoteId: i.id, feedId, server: 0 });
    }
    await writeSyncItems(s.ctx.db, records);
    for (const r of records) tracker.set(r);
    const wanted = new Map(list.map((i) => [i.id, (i.read ? FLAG_READ : 0) | (i.saved ? FLAG_SAVED : 0)]));
    await applyFlags(
      s,
      tracker,
      records.map((r) => ({ itemId: r.itemId, flags: wanted.get(r.remoteId) ?? 0 })),
    );
    const final = records.map((r) => ({ ...r, server: wanted.get(r.remoteId) ?? 0 }));
    await writeSyncItems(s.ctx.db, final);
    for (const r of final) tracker.set(r);
  }
  return added;
}

/**
 * Sets local flags to the given values for items the server changed. Marks the ids as
 * `applying` so the queue listener does not send them back.
 */
export async function applyFlags(
  s: FeedServices,
  tracker: Tracker,
  wanted: { itemId: number; flags: number }[],
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
    if ((local & FLAG_READ) !== (w.flags & FLAG_READ))
      (w.flags & FLAG_READ ? groups.read : groups.unread).push(w.itemId);
    if ((local & FLAG_SAVED) !== (w.flags & FLAG_SAVED))
      (w.flags & FLAG_SAVED ? groups.saved : groups.unsaved).push(w.itemId);
  }
  const all = wanted.map((w) => w.itemId);
  for (const id of all) tracker.applying.add(id);
  try {
    if (groups.read.length) await setFlag(s.ctx, groups.read, FLAG_READ, true);
    if (groups.unread.length) await setFlag(s.ctx, groups.unread, FLAG_READ, false);
    if (groups.saved.length) await setFlag(s.ctx, groups.saved, FLAG_SAVED, true);
    if (groups.unsaved.length) await setFlag(s.ctx, groups.unsaved, FLAG_SAVED, false);
  } finally {
    for (const id of all) tracker.applying.delete(id);
  }
}
