import { isAfter, type CursorKey } from '../db/itemRow';
import { firstTrue } from './firstTrue';
import type { MetaIndexView } from './types';

/** A page of item ids chosen from the index. */
export interface IdPage {
  ids: number[];
  next: CursorKey | null;
  total: number;
}

/**
 * Picks one keyset page from `rows` (ordered pubDate desc, id desc): rows passing `test` (null:
 * every row) with pubDate ≥ `minPubDate`, strictly after `cursor`, at most `limit`. `total`
 * counts every match, cursor or not; a `knownTotal` (the index's running count of exactly these
 * matches) is taken as it is and the walk stops past the page. Cost: O(rows down to minPubDate)
 * for the total (O(page) with `knownTotal`), a binary search for the start; without a test, two
 * binary searches and the page (the all, feed and today lists: counting a 1M-row list row by row
 * read every date in date order, a random walk of ~1–4 ms, for each page the list asked for while
 * a refresh ran).
 */
export function selectPage(
  index: MetaIndexView,
  rows: Int32Array,
  test: ((row: number) => boolean) | null,
  minPubDate: number,
  cursor: CursorKey | null,
  limit: number,
  knownTotal?: number,
): IdPage {
  // The first position strictly after the cursor (rows are sorted, so binary search).
  const after = (i: number) => isAfter(index.pubDate(rows[i]!), index.id(rows[i]!), cursor!);
  const lo = cursor ? firstTrue(rows.length, after) : 0;
  // Rows from `end` on are older than `minPubDate`: found by binary search, so the walks below
  // read no row's date (at 1M rows, a date read per row in date order is a random walk over the
  // 8 MB date column: the saved list's cold start walked it for nothing).
  const end =
    minPubDate > -Infinity
      ? firstTrue(rows.length, (i) => index.pubDate(rows[i]!) < minPubDate)
      : rows.length;
  if (test === null) return sliceOf(index, rows, end, lo, limit);
  if (knownTotal !== undefined) return pageFrom(index, rows, test, end, lo, limit, knownTotal);
  const ids: number[] = [];
  let total = 0;
  let next: CursorKey | null = null;
  let lastRow = -1;
  for (let i = 0; i < end; i++) {
    const row = rows[i]!;
    if (!test(row)) continue;
    total++;
    if (i < lo) continue;
    if (ids.length < limit) {
      ids.push(index.id(row));
      lastRow = row;
    } else if (next === null) {
      next = { pubDate: index.pubDate(lastRow), id: index.id(lastRow) };
    }
  }
  return { ids, next, total };
}

/**
 * The page from position `lo` when the caller knows the total: the walk stops one match past the
 * page. The default list (every feed, only unread) at 1M rows walked all of them for its total,
 * ~100 ms a page in the app at 1M articles with every `j` in the reader asking for one.
 */
function pageFrom(
  index: MetaIndexView,
  rows: Int32Array,
  test: (row: number) => boolean,
  end: number,
  lo: number,
  limit: number,
  total: number,
): IdPage {
  const ids: number[] = [];
  let lastRow = -1;
  for (let i = lo; i < end; i++) {
    const row = rows[i]!;
    if (!test(row)) continue;
    if (ids.length === limit)
      return { ids, next: { pubDate: index.pubDate(lastRow), id: index.id(lastRow) }, total };
    ids.push(index.id(row));
    lastRow = row;
  }
  return { ids, next: null, total };
}

// The page of rows from position `lo` when every row before `end` matches.
function sliceOf(index: MetaIndexView, rows: Int32Array, end: number, lo: number, limit: number): IdPage {
  const stop = Math.min(end, lo + limit);
  const ids: number[] = [];
  for (let i = lo; i < stop; i++) ids.push(index.id(rows[i]!));
  const last = rows[stop - 1];
  const next = stop < end && last !== undefined ? { pubDate: index.pubDate(last), id: index.id(last) } : null;
  return { ids, next, total: end };
}
