/**
 * Feed-read priority score: 10 − 7 × (share of the feed's items that are read) − 3 × (share of
 * all reads that belong to this feed). Lower means the person reads this feed more.
 *
 * Edge cases, decided here:
 * - The first share counts the feed's stored items in the in-memory index (read / all). A feed
 *   with no stored items has share 0 (nothing says it is read), so its score is 10 − 3 × its
 *   reads share.
 * - The second share uses each feed's `readCount` (which also remembers reads of items since
 *   deleted, and imported legacy counts): readCount / Σ readCount. When nobody has read
 *   anything the sum is 0 and the term is 0.
 * So every score lies in [0, 10]; a never-read feed scores exactly 10.
 */
import type { EngineContext } from '../engineContext';
import type { Feed } from '../types';
import { FLAG_READ } from '../../shared/flags';

/**
 * Scores of every feed by id. One pass over the index rows plus one over the feeds: O(items +
 * feeds), no IndexedDB read (about a millisecond per 100k items).
 */
export function feedScores(ctx: EngineContext): Record<number, number> {
  const total = new Map<number, number>();
  const read = new Map<number, number>();
  const { index } = ctx;
  for (let row = 0; row < index.rowCount(); row++) {
    if (!index.isLive(row)) continue;
    const feedId = index.feedId(row);
    total.set(feedId, (total.get(feedId) ?? 0) + 1);
    if (index.flags(row) & FLAG_READ) read.set(feedId, (read.get(feedId) ?? 0) + 1);
  }
  let allReads = 0;
  for (const feed of ctx.feedCache.values()) allReads += Math.max(0, feed.readCount || 0);
  const out: Record<number, number> = {};
  for (const feed of ctx.feedCache.values()) {
    const items = total.get(feed.id) ?? 0;
    const itemShare = items > 0 ? (read.get(feed.id) ?? 0) / items : 0;
    const readsShare = allReads > 0 ? Math.max(0, feed.readCount || 0) / allReads : 0;
    out[feed.id] = 10 - 7 * itemShare - 3 * readsShare;
  }
  return out;
}

/** Feeds in priority-walk order: score ascending (most read first), then title, then id. */
export function priorityOrder(ctx: EngineContext): Feed[] {
  const scores = feedScores(ctx);
  return [...ctx.feedCache.values()].sort(
    (a, b) => (scores[a.id] ?? 10) - (scores[b.id] ?? 10) || a.title.localeCompare(b.title) || a.id - b.id,
  );
}

/**
 * The next feed (direction 1) or previous one (-1) after `currentFeedId` in the priority walk
 * that has unread items, wrapping around; never the current feed itself. With no current feed
 * (null or unknown) the walk starts at the first (1) or last (-1) feed. Null when no other
 * feed has unread items. O(items + feeds log feeds).
 */
export function nextUnreadFeed(
  ctx: EngineContext,
  currentFeedId: number | null,
  direction: 1 | -1,
): number | null {
  const order = priorityOrder(ctx);
  const unread = ctx.index.unreadByFeed();
  const n = order.length;
  const at = currentFeedId === null ? -1 : order.findIndex((f) => f.id === currentFeedId);
  const step = direction === -1 ? -1 : 1;
  const start = at >= 0 ? at : step === 1 ? -1 : n;
  for (let k = 1; k <= n; k++) {
    const feed = order[(((start + step * k) % n) + n) % n]!;
    if (feed.id !== currentFeedId && (unread[feed.id] ?? 0) > 0) return feed.id;
  }
  return null;
}
