import type { MetaIndexView } from '../../index/types';
import { compareForSort, type Val } from './semantics';

/** Sorts rows in the default order, pubDate desc then id desc (for merged per-feed rows). */
export function sortByDate(rows: number[], index: MetaIndexView): void {
  rows.sort((a, b) => index.pubDate(b) - index.pubDate(a) || index.id(b) - index.id(a));
}

/**
 * Sorts rows by one field (`get`), nulls last in both directions, strings case-insensitively
 * then exactly, ties by pubDate desc then id desc — the same order as compareForSort.
 * Keys are read once per row (and lower-cased once), so the comparator stays cheap.
 * Cost: O(n log n).
 */
export function sortByField(
  rows: number[],
  get: (row: number) => Val,
  dir: 1 | -1,
  index: MetaIndexView,
): number[] {
  const n = rows.length;
  const keys: Val[] = new Array<Val>(n);
  const lower: (string | null)[] = new Array<string | null>(n);
  const dates = new Float64Array(n);
  const ids = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i] as number;
    const k = get(r);
    keys[i] = k;
    lower[i] = typeof k === 'string' ? k.toLowerCase() : null;
    dates[i] = index.pubDate(r);
    ids[i] = index.id(r);
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((i, j) => {
    const a = keys[i] as Val;
    const b = keys[j] as Val;
    let c: number;
    if (typeof a === 'string' && typeof b === 'string') {
      const la = lower[i] as string;
      const lb = lower[j] as string;
      c = dir * (la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0);
    } else {
      c = compareForSort(a, b, dir);
    }
    return c || (dates[j] as number) - (dates[i] as number) || (ids[j] as number) - (ids[i] as number);
  });
  return order.map((i) => rows[i] as number);
}
