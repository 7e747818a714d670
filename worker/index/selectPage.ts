import { isAfter, type CursorKey } from '../db/itemRow';
import type { MetaIndexView } from './types';

/** A page of item ids chosen from the index. */
export interface IdPage {
  ids: number[];
  next: CursorKey | null;
  total: number;
}

/**
 * Picks one keyset page from `rows` (ordered pubDate desc, id desc): rows passing `test` with
 * pubDate ≥ `minPubDate`, strictly after `cursor`, at most `limit`. `total` counts every match,
 * cursor or not. Cost: O(rows down to minPubDate) for the total, a binary search for the start.
 */
export function selectPage(
  index: MetaIndexView,
  rows: Int32Array,
  test: (row: number) => boolean,
  minPubDate: number,
  cursor: CursorKey | null,
  limit: number,
): IdPage {
  // The first position strictly after the cursor (rows are sorted, so binary search).
  let lo = 0;
  if (cursor) {
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const row = rows[mid]!;
      if (isAfter(index.pubDate(row), index.id(row), cursor)) hi = mid;
      else lo = mid + 1;
    }
  }
  const ids: number[] = [];
  let total = 0;
  let next: CursorKey | null = null;
  let lastRow = -1;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (index.pubDate(row) < minPubDate) break;
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
