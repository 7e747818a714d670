/**
 * Retention: optionally deletes read articles older than N days. Unread and saved articles are
 * kept forever, and so are each feed's newest KEEP_PER_FEED articles (what a reader scrolling
 * one feed expects to find). A deleted article leaves a tombstone of its dedupe key (see
 * tombstones.ts), so a feed that still lists it does not bring it back as unread; its AI
 * summaries go with it.
 */
import { bumpItemsCounter } from '../db/meta';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { dropSummariesOf, pruneOrphanSummaries } from './summaries';
import { buryItems } from './tombstones';

/** Newest articles of each feed that retention never deletes (see the module note). */
export const KEEP_PER_FEED = 50;
/** Deletes per transaction. */
const CHUNK = 5000;

/** The `retention` domain of the engine API. */
export interface RetentionApi {
  /**
   * Deletes read, unsaved articles published more than `days` days ago (except each feed's
   * newest 50). `days` ≤ 0 or not a number: does nothing. Resolves with how many were deleted.
   * Selection from the index (no IndexedDB scan); deletes in transactions of 5,000, each also
   * writing the tombstones of the deleted dedupe keys, dropping their summaries and bumping the
   * change counter (so a failure keeps earlier chunks deleted and later ones intact); emits
   * `items-removed`. Then sweeps summaries whose article is gone (a failure there is logged,
   * not thrown: the deletions stand). Fails with the storage error texts.
   */
  apply(days: number): Promise<{ removed: number }>;
  /** How many articles `apply(days)` would delete now. From the index; no I/O. */
  preview(days: number): Promise<{ removed: number }>;
}

/** Ids `apply` would delete, with their feeds. O(items). */
export function expiredItems(ctx: EngineContext, days: number): { ids: number[]; feedIds: number[] } {
  if (typeof days !== 'number' || !Number.isFinite(days) || days <= 0) return { ids: [], feedIds: [] };
  const cutoff = ctx.now() - Math.floor(days * 86400);
  const { index } = ctx;
  const seen = new Map<number, number>();
  const ids: number[] = [];
  const feeds = new Set<number>();
  // Newest first, so the first KEEP_PER_FEED rows of each feed are its newest.
  for (const row of index.rowsByDate()) {
    const feedId = index.feedId(row);
    const rank = (seen.get(feedId) ?? 0) + 1;
    seen.set(feedId, rank);
    if (rank <= KEEP_PER_FEED) continue;
    const flags = index.flags(row);
    if ((flags & FLAG_READ) === 0 || (flags & FLAG_SAVED) !== 0 || index.pubDate(row) >= cutoff) continue;
    ids.push(index.id(row));
    feeds.add(feedId);
  }
  return { ids, feedIds: [...feeds] };
}

/** Builds the retention domain. */
export function createRetentionApi(ctx: EngineContext): RetentionApi {
  return {
    async apply(days) {
      const { ids, feedIds } = expiredItems(ctx, days);
      for (let i = 0; i < ids.length; i += CHUNK) {
        const part = ids.slice(i, i + CHUNK);
        const counter = await ctx.db.tx('delete', 'rw', ['items', 'meta', 'summaries'], async () => {
          const items = ctx.db.table('items');
          const found = (await items.bulkGet(part)).filter((item) => item !== undefined);
          await items.bulkDelete(part);
          await buryItems(ctx.db, found, ctx.now());
          await dropSummariesOf(ctx.db, part);
          return bumpItemsCounter(ctx.db, ctx.applied.counter);
        });
        ctx.index.remove(part);
        afterItemsWrite(ctx, counter, i + CHUNK >= ids.length ? [{ type: 'items-removed', feedIds }] : []);
      }
      await pruneOrphanSummaries(ctx.db).catch((err: unknown) =>
        console.warn('Rivulet: summaries of deleted articles not pruned', err),
      );
      return { removed: ids.length };
    },
    preview: (days) => Promise.resolve({ removed: expiredItems(ctx, days).ids.length }),
  };
}
