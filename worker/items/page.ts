import { PAGE_SIZE, decodeCursor, encodeCursor } from '../db/itemRow';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { selectPage } from '../index/selectPage';
import type { ItemRow, ItemsQuery, Page } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { memberOf } from '../index/feedSet';
import { mergeDateOrdered } from '../index/mergeByDate';
import { MAX_LIST_PAGE } from '../../shared/listPage';

/** Largest page a caller may ask for (shared/listPage.ts). */
export const MAX_PAGE = MAX_LIST_PAGE;
/** The Today list: the articles of the last this many seconds. */
export const TODAY_SECONDS = 86_400;
/**
 * `groupListsShare`: a group's share of the live articles up to which its list is its feeds'
 * lists merged (past it, the date order walked with a feed test). Exposed so tests force each way.
 */
export const pageTuning = { groupListsShare: 0.25 };

/** Feed ids of a group; -1 = feeds in no group. From the feed cache, no IndexedDB read. */
export function feedIdsOfGroup(ctx: EngineContext, groupId: number): Set<number> {
  const out = new Set<number>();
  for (const feed of ctx.feedCache.values()) if (feed.groupId === groupId) out.add(feed.id);
  return out;
}

// Per index, the last group list merged and the feeds' lists it was merged from. The index makes
// a feed's list again after any change of rows, so while every list is the same array the merge
// is too: a group's later pages take it as it is instead of merging its feeds' rows again for
// each page (~25k rows, ~2 ms in the engine worker at 1M articles).
const lastMerged = new WeakMap<object, { lists: readonly Int32Array[]; rows: Int32Array }>();

function mergedLists(index: EngineContext['index'], lists: Int32Array[]): Int32Array {
  const kept = lastMerged.get(index);
  if (kept?.lists.length === lists.length && kept.lists.every((list, i) => list === lists[i]))
    return kept.rows;
  const rows = mergeDateOrdered(lists, true, index);
  lastMerged.set(index, { lists, rows });
  return rows;
}

function requireId(q: { scope: string; id?: number }): number {
  if (typeof q.id !== 'number' || !Number.isFinite(q.id))
    throw new EngineError('bad_query', `Scope '${q.scope}' needs a numeric id`);
  return q.id;
}

/** The rows a scope's list is made of (see `scopeRows`). */
export interface ScopeRows {
  /** Rows newest first; every one of them, or those passing `test`, is in the scope. */
  rows: Int32Array;
  /** null: every row of `rows` is in the scope (a page then needs no row-by-row count). */
  test: ((row: number) => boolean) | null;
  /** Only rows with pubDate >= this are in the scope (Today); -Infinity otherwise. */
  minPubDate: number;
}

/**
 * The rows of a scope's list, from the index alone: what its pages show (`pageItems`) and what
 * "mark all read" of it marks (state/readState.ts). Fails: EngineError('bad_query') for an
 * unknown scope or a missing id.
 */
export function scopeRows(ctx: EngineContext, q: { scope: ItemsQuery['scope']; id?: number }): ScopeRows {
  const { index } = ctx;
  let rows = index.rowsByDate();
  let minPubDate = -Infinity;
  let test: ((row: number) => boolean) | null = null;
  switch (q.scope) {
    case 'all':
      break;
    case 'feed':
      rows = index.rowsOfFeed(requireId(q));
      break;
    case 'group': {
      // A group's feeds' own lists merged, when they hold at most a quarter of the articles: at
      // 1M articles walking every row in date order to test its feed (a random walk) was ~80 ms
      // of a group's cold start in Chromium, where its dozen feeds' lists take a pass over the
      // rows in row order and a merge. A group of most feeds is walked as before.
      const feeds = feedIdsOfGroup(ctx, requireId(q));
      const lists = index.rowsOfFeeds([...feeds]);
      if (lists.reduce((n, l) => n + l.length, 0) <= index.liveCount() * pageTuning.groupListsShare)
        rows = mergedLists(index, lists);
      else test = memberOf(feeds, (row) => index.feedId(row));
      break;
    }
    case 'saved':
      test = (row) => (index.flags(row) & FLAG_SAVED) !== 0;
      break;
    case 'tag': {
      const tagId = requireId(q);
      test = (row) => index.tags(row).includes(tagId);
      break;
    }
    case 'hidden':
      // The one list of hidden items (a rule's "hide" action); every other list leaves them out.
      rows = index.hiddenRowsByDate();
      break;
    case 'today':
      minPubDate = ctx.now() - TODAY_SECONDS;
      break;
    default:
      throw new EngineError('bad_query', `Unknown scope '${String((q as { scope: unknown }).scope)}'`);
  }
  return { rows, test, minPubDate };
}

/**
 * One page of list rows for a scope, newest first. Ids, order and total come from the in-memory
 * index; IndexedDB is read at most once, for the page's rows not kept in memory (items/rowCache.ts).
 * Cost: O(items in scope) for the total, plus at most one read of ≤ limit records.
 * Fails: EngineError('bad_query' | 'bad_cursor'), or `Error fetching data: …`.
 */
export async function pageItems(ctx: EngineContext, q: ItemsQuery): Promise<Page<ItemRow>> {
  const { index } = ctx;
  const limit = Math.min(Math.max(Math.floor(q.limit ?? PAGE_SIZE), 1), MAX_PAGE);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const { rows, test: inScope, minPubDate: scopeSince } = scopeRows(ctx, q);
  const minPubDate = Math.max(q.since ?? -Infinity, scopeSince);
  const test = q.unreadOnly
    ? (row: number) => (index.flags(row) & FLAG_READ) === 0 && (inScope === null || inScope(row))
    : inScope;
  // Every feed, only unread, no date bound: the index keeps that total as it goes (hidden items
  // in no count and in no list but Hidden), so the page need not walk every row to count it.
  const knownTotal =
    q.scope === 'all' && q.unreadOnly && minPubDate === -Infinity ? index.unreadCount() : undefined;
  const picked = selectPage(index, rows, test, minPubDate, cursor, limit, knownTotal);
  return {
    rows: await ctx.rows.byIds(picked.ids),
    next: picked.next ? encodeCursor(picked.next) : null,
    total: picked.total,
  };
}
