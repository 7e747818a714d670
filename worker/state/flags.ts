import type { StoreTable } from '../db/database';
import { prepareCounterBump } from '../db/meta';
import type { StoredItem } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import type { EngineEvent, Feed } from '../types';
import { FLAG_HIDDEN, FLAG_READ } from '../../shared/flags';

// Ids per transaction: keeps one transaction's memory bounded when marking 1M items.
const CHUNK = 5000;

/**
 * Sets (`on`) or clears one flag bit on these items and returns the ids that actually changed.
 * For FLAG_READ, each feed's `readCount` moves by the number of its items that changed (never
 * below 0). Per chunk of 5,000 ids: one read-write transaction (bulkGet + bulkPut of the changed
 * items and feeds), then the index, the feed cache and events (`read-changed`, `saved-changed`
 * or, for FLAG_HIDDEN, `hidden-changed`) follow. Unknown ids are skipped. Fails: `Error updating data: …` (chunks
 * already committed stay committed).
 */
export async function setFlag(
  ctx: EngineContext,
  ids: number[],
  bit: number,
  on: boolean,
): Promise<number[]> {
  const changedAll: number[] = [];
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id));
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const result = await ctx.db.tx('update', 'rw', ['items', 'feeds', 'meta'], async () => {
      const items = ctx.db.table('items');
      const feedsTable = ctx.db.table('feeds');
      const reading = bit === FLAG_READ;
      // Every read goes out at once (one round trip, not three): the index knows each item's
      // feed, so the feeds whose readCount may move are read beside the items.
      const [found, guessed, bump] = await Promise.all([
        items.bulkGet(chunk),
        reading ? feedsTable.bulkGet(feedIdsInIndex(ctx, chunk)) : Promise.resolve([]),
        prepareCounterBump(ctx.db),
      ]);
      const changed: StoredItem[] = [];
      const perFeed = new Map<number, number>();
      for (const item of found) {
        if (!item || ((item.flags & bit) !== 0) === on) continue;
        item.flags = on ? item.flags | bit : item.flags & ~bit;
        changed.push(item);
        perFeed.set(item.feedId, (perFeed.get(item.feedId) ?? 0) + (on ? 1 : -1));
      }
      if (changed.length === 0) return null;
      const feeds = reading ? await adjustReadCounts(feedsTable, guessed, perFeed) : [];
      await Promise.all([
        items.bulkPut(changed),
        feeds.length > 0 ? feedsTable.bulkPut(feeds) : null,
        bump.write(),
      ]);
      return { changed, feeds, feedIds: [...perFeed.keys()], counter: bump.next };
    });
    if (!result) continue;
    ctx.index.setFlags(result.changed);
    for (const feed of result.feeds) ctx.feedCache.set(feed.id, feed);
    const ids = result.changed.map((item) => item.id);
    changedAll.push(...ids);
    const event: EngineEvent =
      bit === FLAG_READ
        ? { type: 'read-changed', ids, feedIds: result.feedIds }
        : bit === FLAG_HIDDEN
          ? { type: 'hidden-changed', ids, feedIds: result.feedIds }
          : { type: 'saved-changed', ids };
    afterItemsWrite(ctx, result.counter, [event]);
  }
  return changedAll;
}

// Inside the caller's transaction: applies per-feed deltas to readCount.
// Feed ids of these items as the in-memory index has them (unknown ids are skipped).
function feedIdsInIndex(ctx: EngineContext, ids: number[]): number[] {
  const out = new Set<number>();
  for (const id of ids) {
    const row = ctx.index.rowOf(id);
    if (row >= 0) out.add(ctx.index.feedId(row));
  }
  return [...out];
}

// Moves each feed's readCount by its delta (never below 0). Feeds read ahead are used as they
// are; a feed the index did not name (a stale index, another tab's item) is read now.
async function adjustReadCounts(
  table: StoreTable<'feeds'>,
  readAhead: (Feed | undefined)[],
  deltas: Map<number, number>,
): Promise<Feed[]> {
  const byId = new Map<number, Feed>();
  for (const feed of readAhead) if (feed) byId.set(feed.id, feed);
  const missing = [...deltas.keys()].filter((id) => !byId.has(id));
  if (missing.length > 0) for (const feed of await table.bulkGet(missing)) if (feed) byId.set(feed.id, feed);
  const feeds: Feed[] = [];
  for (const [id, delta] of deltas) {
    const feed = byId.get(id);
    if (!feed) continue;
    feed.readCount = Math.max(0, (feed.readCount || 0) + delta);
    feeds.push(feed);
  }
  return feeds;
}
