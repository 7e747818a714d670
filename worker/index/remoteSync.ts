/**
 * Keeps this worker's index and caches in step with changes another tab made (the other tab's
 * event arrives over the BroadcastChannel; the data is already in the shared IndexedDB).
 */
import type { StoredItem } from '../db/schema';
import type { EngineContext } from '../engineContext';
import type { EngineEvent, Feed } from '../types';
import { toIndexRow } from './fromStore';

/**
 * Re-reads what `event` names and applies it to the index: ids → bulkGet; feeds (events that
 * carry no ids) → that feed's items; feeds/groups events → reload those tables.
 * Cost: proportional to the rows named. Fails with the storage error texts.
 */
export async function applyRemoteEvent(
  ctx: EngineContext,
  event: EngineEvent,
  counter: number,
): Promise<void> {
  switch (event.type) {
    case 'items-added':
    case 'items-removed':
      await syncFeeds(ctx, event.feedIds);
      break;
    case 'items-changed':
      await refreshIds(ctx, event.ids, 'rows');
      break;
    case 'saved-changed':
    case 'hidden-changed':
      await refreshIds(ctx, event.ids, 'flags');
      break;
    case 'tags-changed':
      await refreshIds(ctx, event.ids, 'tags');
      break;
    case 'read-changed':
      await refreshIds(ctx, event.ids, 'flags');
      await refreshFeeds(ctx, event.feedIds);
      break;
    case 'feeds-changed':
      await refreshFeeds(ctx, event.feedIds);
      break;
    case 'groups-changed':
      await reloadGroupsAndFeeds(ctx);
      break;
  }
  ctx.applied.counter = Math.max(ctx.applied.counter, counter);
}

/**
 * What another tab's event changed of its items: whole rows, or only their flags or tags. Flags
 * and tags are set as they are, not upserted: an upsert counts as a change of the rows' text
 * (`textVersion`), which empties the row cache (items/rowCache.ts) and makes the next snapshot
 * write its text again, for a read mark.
 */
type Changed = 'rows' | 'flags' | 'tags';

async function refreshIds(ctx: EngineContext, ids: number[], changed: Changed): Promise<void> {
  const found = await ctx.db.run('fetch', () => ctx.db.table('items').bulkGet(ids));
  const present = found.filter((item): item is StoredItem => item !== undefined);
  const gone = ids.filter((_, i) => found[i] === undefined);
  // An item this index does not hold yet is a whole new row whatever the event says.
  const known = changed === 'rows' ? [] : present.filter((item) => ctx.index.rowOf(item.id) >= 0);
  const fresh = changed === 'rows' ? present : present.filter((item) => ctx.index.rowOf(item.id) < 0);
  if (changed === 'flags') ctx.index.setFlags(known);
  if (changed === 'tags') ctx.index.setTags(known);
  if (fresh.length) ctx.index.upsert(fresh.map(toIndexRow));
  if (gone.length) ctx.index.remove(gone);
}

async function syncFeeds(ctx: EngineContext, feedIds: number[]): Promise<void> {
  const items = await ctx.db.run('fetch', () =>
    ctx.db.table('items').where('feedId').anyOf(feedIds).toArray(),
  );
  const present = new Set(items.map((item) => item.id));
  // Hidden articles too: the store's range of a feed holds them, and one another tab deleted
  // would otherwise stay live here (counted by feedSize and ownDataOf, its text kept).
  const gone = feedIds
    .flatMap((feedId) => ctx.index.idsOfFeed(feedId, { hidden: true }))
    .filter((id) => !present.has(id));
  if (gone.length) ctx.index.remove(gone);
  ctx.index.upsert(items.map(toIndexRow));
}

async function refreshFeeds(ctx: EngineContext, feedIds: number[]): Promise<void> {
  const found = await ctx.db.run('fetch', () => ctx.db.table('feeds').bulkGet(feedIds));
  feedIds.forEach((id, i) => {
    const feed: Feed | undefined = found[i];
    if (feed) ctx.feedCache.set(id, feed);
    else ctx.feedCache.delete(id);
  });
}

/** Reloads the group and feed caches whole (both stores are small). */
export async function reloadGroupsAndFeeds(ctx: EngineContext): Promise<void> {
  const [groups, feeds] = await ctx.db.tx('fetchAll', 'r', ['groups', 'feeds'], () =>
    Promise.all([ctx.db.table('groups').toArray(), ctx.db.table('feeds').toArray()]),
  );
  ctx.groupCache.clear();
  for (const g of groups) ctx.groupCache.set(g.id, g);
  ctx.feedCache.clear();
  for (const f of feeds) ctx.feedCache.set(f.id, f);
}
