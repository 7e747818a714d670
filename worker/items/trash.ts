/**
 * Deleted articles kept for Undo: the last deletion the person asked for (an unsubscribe, or
 * "Delete old read articles now") keeps a copy of what it deleted in the engine worker's memory,
 * and Undo puts it back as it was: the same feed and article ids, read, saved and tag state, AI
 * summaries, whole articles, and the feeds' tombstones and icons (or, for articles retention
 * deleted, their dedupe keys taken out of the tombstones again, so a refresh does not refuse them).
 *
 * One copy, the last one (Undo always means the change just made), for TRASH_MS, or until the
 * next kept deletion, the undo, or the page's close. Memory bounds it: a deletion of more than
 * TRASH_MAX_ARTICLES articles, or whose texts come to more than TRASH_MAX_CHARS characters, keeps
 * no copy (callers say so beforehand from the count; the text size is known only once read, and
 * the answer then carries no token). Nothing is kept on disk, so a reload ends the chance to undo.
 */
import { bumpLogged } from '../index/flagLog';
import type { FullTextRecord, MetaRecord, StoreName, StoredItem, SummaryRecord } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { iconKey } from '../icons/iconCache';
import { toIndexRow } from '../index/fromStore';
import { tombstoneKey, unburyItems } from '../retention/tombstones';
import type { EngineEvent, Feed, Group, UndoToken } from '../types';
import { foldGroupTitle as fold } from '../groups/groupTitle';
import { urlKey } from '../../shared/urlKey';

/**
 * At most this many articles are kept for Undo. The engine worker's heap budget at a million
 * articles is 400 MB with ~370 in use; a copy this size of typical articles (a few KB of text
 * each) stays within ~50 MB, and only for TRASH_MS.
 */
export const TRASH_MAX_ARTICLES = 10_000;
/** At most this many characters of article text (~2 bytes each in memory) are kept for Undo. */
export const TRASH_MAX_CHARS = 24_000_000;
/** How long a kept deletion can be undone (ms). */
export const TRASH_MS = 10 * 60_000;

/** What a kept copy may hold: articles, and characters of their texts. */
export interface TrashLimits {
  articles: number;
  chars: number;
}

export const TRASH_LIMITS: TrashLimits = { articles: TRASH_MAX_ARTICLES, chars: TRASH_MAX_CHARS };

/** The undo tokens of kept deletions (see worker/types.ts). */
export type TrashToken = Extract<UndoToken, { flag: 'unsubscribed' | 'deleted' }>;

/** What a deletion kept. */
export interface TrashParts {
  /** Feeds deleted with their articles (an unsubscribe); empty for articles alone. */
  feeds: Feed[];
  /** The groups those feeds were in: one deleted since is made again (same id and title) on Undo. */
  groups: Group[];
  items: StoredItem[];
  summaries: SummaryRecord[];
  fullTexts: FullTextRecord[];
  /** The feeds' own meta records (tombstones, icons). */
  meta: MetaRecord[];
  /** The articles were buried (tombstones written for them): Undo takes their keys out again. */
  buried: boolean;
}

interface Trash extends TrashParts {
  serial: number;
  timer: ReturnType<typeof setTimeout>;
  /** Set once undone: asking again answers the same count (undo is idempotent). */
  restored: number | null;
}

const trashOf = new WeakMap<EngineContext, Trash>();
let serials = 0;

/** Forgets what the last deletion kept (its memory is given back). */
export function dropTrash(ctx: EngineContext): void {
  const trash = trashOf.get(ctx);
  if (!trash) return;
  clearTimeout(trash.timer);
  trashOf.delete(ctx);
}

/** Characters of an article's stored texts, the bulk of what keeping it costs. */
export const charsOf = (item: StoredItem): number =>
  item.title.length + item.description.length + item.snippet.length + item.link.length + item.author.length;

/** Characters of a whole article's texts. */
export const wholeChars = (text: FullTextRecord): number => text.html.length + text.text.length;

/**
 * Reads, inside the caller's transaction (over items, summaries and fullTexts), the summaries
 * and whole articles of `items`, and deletes the whole articles (summaries are the caller's to
 * drop, as without a copy). Answers them with the characters of all the texts.
 */
export async function readExtras(
  ctx: EngineContext,
  items: readonly StoredItem[],
): Promise<{ summaries: SummaryRecord[]; fullTexts: FullTextRecord[]; chars: number }> {
  const ids = items.map((item) => item.id);
  if (ids.length === 0) return { summaries: [], fullTexts: [], chars: 0 };
  const summaries = await ctx.db.table('summaries').where('itemId').anyOf(ids).toArray();
  const fullTexts = await ctx.db.table('fullTexts').where(':id').anyOf(ids).toArray();
  if (fullTexts.length) await ctx.db.table('fullTexts').bulkDelete(fullTexts.map((text) => text.itemId));
  let chars = 0;
  for (const item of items) chars += charsOf(item);
  for (const text of fullTexts) chars += wholeChars(text);
  return { summaries, fullTexts, chars };
}

/** Keeps `parts` as the one copy (replacing the one before) and answers its serial for a token. */
export function keepTrash(ctx: EngineContext, parts: TrashParts): number {
  dropTrash(ctx);
  const serial = ++serials;
  const timer = setTimeout(() => {
    if (trashOf.get(ctx)?.serial === serial) trashOf.delete(ctx);
  }, TRASH_MS);
  trashOf.set(ctx, { ...parts, serial, timer, restored: null });
  return serial;
}

/** Whether `token` (from across the worker boundary) is a well-formed token of a kept deletion. */
export function isTrashToken(token: unknown): token is TrashToken {
  if (typeof token !== 'object' || token === null) return false;
  const t = token as Record<string, unknown>;
  const idsOk = Array.isArray(t.ids) && t.ids.every((id) => Number.isInteger(id));
  if (!idsOk || !Number.isInteger(t.trash)) return false;
  return t.flag === 'deleted' || (t.flag === 'unsubscribed' && Number.isInteger(t.articles));
}

const STEP = 2000;

const GONE: Record<TrashToken['flag'], string> = {
  unsubscribed:
    'The unsubscribed feeds can no longer be brought back: Undo keeps them for 10 minutes, until the next unsubscribe or deletion, or until the page is closed. Subscribe to them again to fetch their current articles.',
  deleted:
    'The deleted articles can no longer be brought back: Undo keeps them for 10 minutes, until the next unsubscribe or deletion, or until the page is closed.',
};

/**
 * Where the returning feeds go: their group when it is still here; else one of the same title
 * made meanwhile; else the group as it was, to be made again (`groups`). No group stays none.
 */
function regroup(
  ctx: EngineContext,
  kept: readonly Group[],
): { groupIdOf: (id: number) => number; groups: Group[] } {
  const byTitle = new Map(Array.from(ctx.groupCache.values(), (g) => [fold(g.title), g.id]));
  const groups = kept.filter((g) => !ctx.groupCache.has(g.id) && !byTitle.has(fold(g.title)));
  const known = new Set(groups.map((g) => g.id));
  const titleOf = new Map(kept.map((g) => [g.id, g.title]));
  return {
    groups,
    groupIdOf: (id) => {
      if (id === -1 || ctx.groupCache.has(id) || known.has(id)) return id;
      const title = titleOf.get(id);
      return (title === undefined ? undefined : byTitle.get(fold(title))) ?? -1;
    },
  };
}

/**
 * Puts back what the deletion of `token` kept, under the same ids, in one transaction. A feed
 * whose address was subscribed again since stays deleted (the new subscription keeps it); a group
 * of theirs deleted since is made again (same id and title; one of the same title made meanwhile
 * takes them instead); articles of a feed unsubscribed since stay deleted. Answers how many feeds
 * came back for an unsubscribe, how many articles for a deletion of articles. Emits
 * `groups-changed` (groups made again), `feeds-changed` (feeds) and `items-added`. Fails:
 * EngineError('undo_expired') once the copy is gone (see the module note), storage errors
 * (nothing written; the copy is kept to try again).
 */
export async function restoreTrash(ctx: EngineContext, token: TrashToken): Promise<number> {
  const trash = trashOf.get(ctx);
  if (!trash || trash.serial !== token.trash) throw new EngineError('undo_expired', GONE[token.flag]);
  if (trash.restored !== null) return trash.restored;
  const taken = new Set(Array.from(ctx.feedCache.values(), (f) => urlKey(f.url)));
  const { groupIdOf, groups } = regroup(ctx, trash.groups);
  const feeds = trash.feeds
    .filter((f) => !taken.has(urlKey(f.url)) && !ctx.feedCache.has(f.id))
    .map((f) => ({ ...f, groupId: groupIdOf(f.groupId) }));
  const back = new Set(feeds.map((f) => f.id));
  const madeAgain = groups.filter((g) => feeds.some((f) => f.groupId === g.id));
  const items = trash.items.filter((item) =>
    trash.feeds.length ? back.has(item.feedId) : ctx.feedCache.has(item.feedId),
  );
  const itemIds = new Set(items.map((item) => item.id));
  const summaries = trash.summaries.filter((s) => itemIds.has(s.itemId));
  const fullTexts = trash.fullTexts.filter((text) => itemIds.has(text.itemId));
  const meta = trash.meta.filter((m) =>
    feeds.some((f) => m.key === iconKey(f.id) || m.key === tombstoneKey(f.id)),
  );
  const stores: StoreName[] = ['groups', 'feeds', 'items', 'meta', 'summaries', 'fullTexts'];
  const counter = await ctx.db.tx('update', 'rw', stores, async () => {
    if (madeAgain.length) await ctx.db.table('groups').bulkAdd(madeAgain);
    if (feeds.length) await ctx.db.table('feeds').bulkAdd(feeds);
    const table = ctx.db.table('items');
    for (let i = 0; i < items.length; i += STEP) await table.bulkAdd(items.slice(i, i + STEP));
    if (summaries.length) await ctx.db.table('summaries').bulkPut(summaries);
    if (fullTexts.length) await ctx.db.table('fullTexts').bulkPut(fullTexts);
    if (meta.length) await ctx.db.table('meta').bulkPut(meta);
    if (trash.buried) await unburyItems(ctx.db, items);
    if (items.length === 0) return ctx.applied.counter;
    // The articles back, logged as an ingest's (index/flagLog.ts).
    return bumpLogged(
      ctx.db,
      'written',
      items.map((item) => item.id),
    );
  });
  if (items.length) ctx.index.upsert(items.map(toIndexRow));
  for (const group of madeAgain) ctx.groupCache.set(group.id, group);
  for (const feed of feeds) ctx.feedCache.set(feed.id, feed);
  clearTimeout(trash.timer);
  const restored = token.flag === 'unsubscribed' ? feeds.length : items.length;
  // The records are let go; the count answers a repeated undo until the next kept deletion.
  trashOf.set(ctx, {
    ...trash,
    feeds: [],
    groups: [],
    items: [],
    summaries: [],
    fullTexts: [],
    meta: [],
    restored,
  });
  const events: EngineEvent[] = [];
  if (madeAgain.length) events.push({ type: 'groups-changed' });
  if (feeds.length) events.push({ type: 'feeds-changed', feedIds: feeds.map((f) => f.id) });
  const feedIds = [...new Set(items.map((item) => item.feedId))];
  if (items.length) events.push({ type: 'items-added', feedIds, count: items.length });
  afterItemsWrite(ctx, counter, events);
  return restored;
}
