/**
 * Unsubscribing: deletes feeds with what is stored for them (articles, AI summaries, whole
 * articles, tombstones, cached icons) in one transaction, and, when asked, keeps what it deleted
 * in the engine worker's memory so Undo can put it back as it was: the same feed and article ids,
 * read, saved and tag state, summaries, whole articles and tombstones. Highlights are not deleted
 * with a feed (they carry their article's title and link so the Highlights screen keeps them), so
 * they are there again when the articles come back. Without a copy, whole articles are left to
 * the sweep that follows every deletion (worker/fulltext/fullText.ts), as before.
 *
 * What is kept, and for how long: one unsubscribe, the last one (Undo always means the change just
 * made), for TRASH_MS, or until the next unsubscribe, the undo, or the page's close. Memory bounds
 * it: feeds of more than TRASH_MAX_ARTICLES articles, or whose texts come to more than
 * TRASH_MAX_CHARS characters, are deleted without a copy (`undoable` tells the UI beforehand from
 * the count; the text size is known only once read, and the answer then says no copy was kept).
 * Feeds of a sync account are never kept: the server was told first, and bringing them back would
 * take a new subscription there.
 */
import { deleteItems } from '../db/itemsStore';
import { bumpItemsCounter } from '../db/meta';
import type { FullTextRecord, MetaRecord, StoreName, StoredItem, SummaryRecord } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { iconKey } from '../icons/iconCache';
import { toIndexRow } from '../index/snapshot';
import { dropSummariesOf } from '../retention/summaries';
import { dropFeedTombstones, tombstoneKey } from '../retention/tombstones';
import type { EngineEvent, Feed, UndoToken } from '../types';
import { urlKey } from '../../shared/urlKey';

/**
 * At most this many articles are kept for Undo. The engine worker's heap budget at a million
 * articles is 400 MB with ~370 in use; a copy this size of typical articles (a few KB of text
 * each) stays within ~50 MB, and only for TRASH_MS.
 */
export const TRASH_MAX_ARTICLES = 10_000;
/** At most this many characters of article text (~2 bytes each in memory) are kept for Undo. */
export const TRASH_MAX_CHARS = 24_000_000;
/** How long an unsubscribe can be undone (ms). */
export const TRASH_MS = 10 * 60_000;

/** The undo token of an unsubscribe: `ids` are the feeds deleted, `articles` how many articles went with them. */
export type UnsubscribeToken = Extract<UndoToken, { flag: 'unsubscribed' }>;

interface Trash {
  serial: number;
  feeds: Feed[];
  items: StoredItem[];
  summaries: SummaryRecord[];
  fullTexts: FullTextRecord[];
  meta: MetaRecord[];
  timer: ReturnType<typeof setTimeout>;
  /** Set once undone: asking again answers the same count (undo is idempotent). */
  restored: number | null;
}

const trashOf = new WeakMap<EngineContext, Trash>();
let serials = 0;

/** Forgets what the last unsubscribe kept (its memory is given back). */
export function dropTrash(ctx: EngineContext): void {
  const trash = trashOf.get(ctx);
  if (!trash) return;
  clearTimeout(trash.timer);
  trashOf.delete(ctx);
}

const synced = (feed: Feed | undefined): boolean => Boolean(feed?.account && feed.remoteId);

/** How many articles the index holds for these feeds. O(feeds), the index keeps each feed's rows. */
function articlesOf(ctx: EngineContext, feedIds: readonly number[]): number {
  return feedIds.reduce((n, id) => n + ctx.index.rowsOfFeed(id).length, 0);
}

/** What a kept copy may hold: articles, and characters of their texts. */
export interface TrashLimits {
  articles: number;
  chars: number;
}

const LIMITS: TrashLimits = { articles: TRASH_MAX_ARTICLES, chars: TRASH_MAX_CHARS };

/** Whether unsubscribing these feeds can be undone: none is synced, and their articles fit the limit. */
export function undoable(ctx: EngineContext, feedIds: readonly number[], limits = LIMITS): boolean {
  if (feedIds.some((id) => synced(ctx.feedCache.get(id)))) return false;
  return articlesOf(ctx, feedIds) <= limits.articles;
}

// Characters of an article's stored texts, the bulk of what keeping it costs.
const charsOf = (item: StoredItem): number =>
  item.title.length + item.description.length + item.snippet.length + item.link.length + item.author.length;

/**
 * Deletes the feeds (unknown ids are skipped) and everything stored for them in one transaction;
 * with `keep`, keeps a copy for Undo when `undoable` allows and the texts fit `limits.chars`,
 * and answers its token, else null.
 * Emits `items-removed` (when articles went) and `feeds-changed`. Fails: storage errors (nothing
 * deleted, nothing kept).
 */
export async function removeFeeds(
  ctx: EngineContext,
  feedIds: readonly number[],
  keep: boolean,
  limits = LIMITS,
): Promise<UnsubscribeToken | null> {
  if (feedIds.length === 0) return null;
  let copy = keep && undoable(ctx, feedIds, limits);
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
    let kept: Omit<Trash, 'serial' | 'timer' | 'restored'> | null = null;
    let itemIds: number[];
    if (copy) {
      const records = await items
        .where('feedId')
        .anyOf([...feedIds])
        .toArray();
      itemIds = records.map((item) => item.id);
      const whole = itemIds.length
        ? await ctx.db.table('fullTexts').where(':id').anyOf(itemIds).toArray()
        : [];
      let chars = 0;
      for (const item of records) chars += charsOf(item);
      for (const text of whole) chars += text.html.length + text.text.length;
      if (chars <= limits.chars) {
        const metaKeys = found.flatMap((id) => [tombstoneKey(id), iconKey(id)]);
        const meta = (await ctx.db.table('meta').bulkGet(metaKeys)).filter(
          (m): m is MetaRecord => m !== undefined,
        );
        const summaries = itemIds.length
          ? await ctx.db.table('summaries').where('itemId').anyOf(itemIds).toArray()
          : [];
        kept = { feeds, items: records, summaries, fullTexts: whole, meta };
        if (whole.length) await ctx.db.table('fullTexts').bulkDelete(whole.map((text) => text.itemId));
      } else copy = false;
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
    return {
      found,
      kept,
      removed: itemIds,
      counter: itemIds.length ? await bumpItemsCounter(ctx.db) : ctx.applied.counter,
    };
  });
  ctx.index.remove(done.removed);
  for (const id of done.found) ctx.feedCache.delete(id);
  const events: EngineEvent[] = [{ type: 'feeds-changed', feedIds: [...feedIds] }];
  if (done.removed.length) events.unshift({ type: 'items-removed', feedIds: [...feedIds] });
  afterItemsWrite(ctx, done.counter, events);
  if (!done.kept || done.found.length === 0) return null;
  dropTrash(ctx);
  const serial = ++serials;
  const timer = setTimeout(() => {
    if (trashOf.get(ctx)?.serial === serial) trashOf.delete(ctx);
  }, TRASH_MS);
  trashOf.set(ctx, { ...done.kept, serial, timer, restored: null });
  return { flag: 'unsubscribed', trash: serial, ids: done.found, articles: done.removed.length };
}

/** Whether `token` (from across the worker boundary) is a well-formed unsubscribe token. */
export function isUnsubscribeToken(token: unknown): token is UnsubscribeToken {
  if (typeof token !== 'object' || token === null) return false;
  const t = token as Record<string, unknown>;
  return (
    t.flag === 'unsubscribed' &&
    Number.isInteger(t.trash) &&
    Number.isInteger(t.articles) &&
    Array.isArray(t.ids) &&
    t.ids.every((id) => Number.isInteger(id))
  );
}

const STEP = 2000;

/**
 * Puts back what the unsubscribe of `token` deleted, under the same ids, in one transaction. A
 * feed whose address was subscribed again since stays deleted (the new subscription keeps it);
 * a feed whose group was deleted since comes back in no group. Answers how many feeds came back.
 * Emits `feeds-changed` and `items-added`. Fails: EngineError('undo_expired') once the copy is
 * gone (see the module note), storage errors (nothing written; the copy is kept to try again).
 */
export async function restoreFeeds(ctx: EngineContext, token: UnsubscribeToken): Promise<number> {
  const trash = trashOf.get(ctx);
  if (!trash || trash.serial !== token.trash)
    throw new EngineError(
      'undo_expired',
      'The unsubscribed feeds can no longer be brought back: Undo keeps them for 10 minutes, until the next unsubscribe, or until the page is closed. Subscribe to them again to fetch their current articles.',
    );
  if (trash.restored !== null) return trash.restored;
  const taken = new Set(Array.from(ctx.feedCache.values(), (f) => urlKey(f.url)));
  const feeds = trash.feeds
    .filter((f) => !taken.has(urlKey(f.url)) && !ctx.feedCache.has(f.id))
    .map((f) => (f.groupId === -1 || ctx.groupCache.has(f.groupId) ? f : { ...f, groupId: -1 }));
  const back = new Set(feeds.map((f) => f.id));
  const items = trash.items.filter((item) => back.has(item.feedId));
  const itemIds = new Set(items.map((item) => item.id));
  const summaries = trash.summaries.filter((s) => itemIds.has(s.itemId));
  const fullTexts = trash.fullTexts.filter((text) => itemIds.has(text.itemId));
  const meta = trash.meta.filter((m) =>
    feeds.some((f) => m.key === iconKey(f.id) || m.key === tombstoneKey(f.id)),
  );
  const stores: StoreName[] = ['feeds', 'items', 'meta', 'summaries', 'fullTexts'];
  const counter = await ctx.db.tx('update', 'rw', stores, async () => {
    await ctx.db.table('feeds').bulkAdd(feeds);
    const table = ctx.db.table('items');
    for (let i = 0; i < items.length; i += STEP) await table.bulkAdd(items.slice(i, i + STEP));
    if (summaries.length) await ctx.db.table('summaries').bulkPut(summaries);
    if (fullTexts.length) await ctx.db.table('fullTexts').bulkPut(fullTexts);
    if (meta.length) await ctx.db.table('meta').bulkPut(meta);
    return items.length ? bumpItemsCounter(ctx.db) : ctx.applied.counter;
  });
  if (items.length) ctx.index.upsert(items.map(toIndexRow));
  for (const feed of feeds) ctx.feedCache.set(feed.id, feed);
  clearTimeout(trash.timer);
  // The records are let go; the count answers a repeated undo until the next unsubscribe.
  trashOf.set(ctx, {
    ...trash,
    feeds: [],
    items: [],
    summaries: [],
    fullTexts: [],
    meta: [],
    restored: feeds.length,
  });
  const ids = feeds.map((f) => f.id);
  const events: EngineEvent[] = [{ type: 'feeds-changed', feedIds: ids }];
  if (items.length) events.push({ type: 'items-added', feedIds: ids, count: items.length });
  afterItemsWrite(ctx, counter, events);
  return feeds.length;
}
