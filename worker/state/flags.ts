import { bumpItemsCounter } from '../db/meta';
import type { StoredItem } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { FLAG_READ, type EngineEvent, type Feed } from '../types';

// Ids per transaction: keeps one transaction's memory bounded when marking 1M items.
const CHUNK = 5000;

/**
 * Sets (`on`) or clears one flag bit on these items and returns the ids that actually changed.
 * For FLAG_READ, each feed's `readCount` moves by the number of its items that changed (never
 * below 0). Per chunk of 5,000 ids: one read-write transaction (bulkGet + bulkPut of the changed
 * items and feeds), then the index, the feed cache and events (`read-changed` or
 * `saved-changed`) follow. Unknown ids are skipped. Fails: `Error updating data: …` (chunks
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
      const found = await items.bulkGet(chunk);
      const changed: StoredItem[] = [];
      const perFeed = new Map<number, number>();
      for (const item of found) {
        if (!item || ((item.flags & bit) !== 0) === on) continue;
        item.flags = on ? item.flags | bit : item.flags & ~bit;
        changed.push(item);
        perFeed.set(item.feedId, (perFeed.get(item.feedId) ?? 0) + (on ? 1 : -1));
      }
      if (changed.length === 0) return null;
      await items.bulkPut(changed);
      let feeds: Feed[] = [];
      if (bit === FLAG_READ) feeds = await adjustReadCounts(ctx, perFeed);
      return { changed, feeds, feedIds: [...perFeed.keys()], counter: await bumpItemsCounter(ctx.db) };
    });
    if (!result) continue;
    ctx.index.setFlags(result.changed);
    for (const feed of result.feeds) ctx.feedCache.set(feed.id, feed);
    const ids = result.changed.map((item) => item.id);
    changedAll.push(...ids);
    const event: EngineEvent =
      bit === FLAG_READ
        ? { type: 'read-changed', ids, feedIds: result.feedIds }
        : { type: 'saved-changed', ids };
    afterItemsWrite(ctx, result.counter, [event]);
  }
  return changedAll;
}

// Inside the caller's transaction: applies per-feed deltas to readCount.
async function adjustReadCounts(ctx: EngineContext, deltas: Map<number, number>): Promise<Feed[]> {
  const table = ctx.db.table('feeds');
  const feeds = (await table.bulkGet([...deltas.keys()])).filter((f): f is Feed => f !== undefined);
  for (const feed of feeds) feed.readCount = Math.max(0, (feed.readCount || 0) + (deltas.get(feed.id) ?? 0));
  await table.bulkPut(feeds);
  return feeds;
}
