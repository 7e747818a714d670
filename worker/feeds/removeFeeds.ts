/**
 * Unsubscribing: deletes feeds with what is stored for them (articles, AI summaries, whole
 * articles, tombstones, cached icons) in one transaction, and, when asked, keeps a copy for Undo
 * (worker/items/trash.ts: the same ids, flags, tags, summaries, whole articles, tombstones,
 * icons and groups come back). Highlights are not deleted with a feed (they carry their article's title and
 * link so the Highlights screen keeps them), so they are there again when the articles come back.
 * Without a copy, whole articles are left to the sweep that follows every deletion
 * (worker/fulltext/fullText.ts), as before. Feeds of a sync account are never kept: the server
 * was told first, and bringing them back would take a new subscription there.
 */
import { deleteItems } from '../db/itemsStore';
import { bumpLogged } from '../index/flagLog';
import type { MetaRecord, StoreName } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { iconKey } from '../icons/iconCache';
import { readExtras, keepTrash, TRASH_LIMITS, type TrashLimits, type TrashParts } from '../items/trash';
import { dropSummariesOf } from '../retention/summaries';
import { dropFeedTombstones, tombstoneKey } from '../retention/tombstones';
import type { EngineEvent, Feed, Group, UndoToken } from '../types';

/** The undo token of an unsubscribe: `ids` are the feeds deleted, `articles` how many articles went with them. */
export type UnsubscribeToken = Extract<UndoToken, { flag: 'unsubscribed' }>;

const synced = (feed: Feed | undefined): boolean => Boolean(feed?.account && feed.remoteId);

/** How many articles the index holds for these feeds. O(feeds), the index keeps each feed's rows. */
function articlesOf(ctx: EngineContext, feedIds: readonly number[]): number {
  return feedIds.reduce((n, id) => n + ctx.index.rowsOfFeed(id).length, 0);
}

/** The groups the feeds are in, as they are now (Undo makes them again if they go meanwhile). */
function groupsOf(ctx: EngineContext, feeds: readonly Feed[]): Group[] {
  const ids = new Set(feeds.map((f) => f.groupId));
  return [...ids].flatMap((id) => {
    const group = ctx.groupCache.get(id);
    return group ? [group] : [];
  });
}

/** Whether unsubscribing these feeds can be undone: none is synced, and their articles fit the limit. */
export function undoable(ctx: EngineContext, feedIds: readonly number[], limits = TRASH_LIMITS): boolean {
  if (feedIds.some((id) => synced(ctx.feedCache.get(id)))) return false;
  return articlesOf(ctx, feedIds) <= limits.articles;
}

/**
 * Deletes the feeds (unknown ids are skipped) and everything stored for them in one transaction;
 * with `keep`, keeps a copy for Undo when `undoable` allows and the texts fit `limits.chars`,
 * and answers its token, else null. Emits `items-removed` (when articles went) and
 * `feeds-changed`. Fails: storage errors (nothing deleted, nothing kept).
 */
export async function removeFeeds(
  ctx: EngineContext,
  feedIds: readonly number[],
  keep: boolean,
  limits: TrashLimits = TRASH_LIMITS,
): Promise<UnsubscribeToken | null> {
  if (feedIds.length === 0) return null;
  const copy = keep && undoable(ctx, feedIds, limits);
  const stores: StoreName[] = [
    'feeds',
    'items',
    'meta',
    'summaries',
    ...(copy ? (['fullTexts'] as const) : []),
  ];
  const done = await ctx.db.tx('delete', 'rw', stores, async () => {
    const items = ctx.db.table('items');
    const feeds = (await ctx.db.table('feeds').bulkGet([...feedIds])).filter(
      (f): f is Feed => f !== undefined,
    );
    const found = feeds.map((f) => f.id);
    let kept: TrashParts | null = null;
    let itemIds: number[];
    if (copy) {
      const records = await items
        .where('feedId')
        .anyOf([...feedIds])
        .toArray();
      itemIds = records.map((item) => item.id);
      const extras = await readExtras(ctx, records);
      if (extras.chars <= limits.chars) {
        const metaKeys = found.flatMap((id) => [tombstoneKey(id), iconKey(id)]);
        const meta = (await ctx.db.table('meta').bulkGet(metaKeys)).filter(
          (m): m is MetaRecord => m !== undefined,
        );
        kept = {
          feeds,
          groups: groupsOf(ctx, feeds),
          items: records,
          summaries: extras.summaries,
          fullTexts: extras.fullTexts,
          meta,
          buried: false,
        };
      }
    } else {
      itemIds = (
        await items
          .where('feedId')
          .anyOf([...feedIds])
          .primaryKeys()
      ).map(Number);
    }
    await deleteItems(items, itemIds);
    await dropSummariesOf(ctx.db, itemIds);
    await dropFeedTombstones(ctx.db, found);
    await ctx.db.table('feeds').bulkDelete(found);
    await ctx.db.table('meta').bulkDelete(found.map(iconKey));
    if (itemIds.length === 0) return { found, kept, removed: itemIds, counter: ctx.applied.counter };
    const counter = await bumpLogged(ctx.db, 'removed', itemIds);
    return { found, kept, removed: itemIds, counter };
  });
  ctx.index.remove(done.removed);
  for (const id of done.found) ctx.feedCache.delete(id);
  const events: EngineEvent[] = [{ type: 'feeds-changed', feedIds: [...feedIds] }];
  if (done.removed.length) events.unshift({ type: 'items-removed', feedIds: [...feedIds] });
  afterItemsWrite(ctx, done.counter, events);
  if (!done.kept || done.found.length === 0) return null;
  const trash = keepTrash(ctx, done.kept);
  return { flag: 'unsubscribed', trash, ids: done.found, articles: done.removed.length };
}
