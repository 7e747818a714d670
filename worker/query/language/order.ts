import type { MetaIndexView } from '../../index/types';
import { compareForSort, type Val } from './semantics';
import { FLAG_HIDDEN } from '../../../shared/flags';

/** Sorts rows in the default order, pubDate desc then id desc (for merged per-feed rows). */
export function sortByDate(rows: Int32Array, index: MetaIndexView): void {
  rows.sort((a, b) => index.pubDate(b) - index.pubDate(a) || index.id(b) - index.id(a));
}

/**
 * Sorts rows by one field (`get`), nulls last in both directions, strings case-insensitively
 * then exactly, ties by pubDate desc then id desc — the same order as compareForSort.
 * Keys are read once per row (and lower-cased once), so the comparator stays cheap.
 * Cost: O(n log n).
 */
export function sortByField(
  rows: Int32Array,
  get: (row: number) => Val,
  dir: 1 | -1,
  index: MetaIndexView,
): Int32Array {
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
  order.sort(
    (i, j) =>
      compareKeys(
        keys[i] as Val,
        lower[i] as string | null,
        keys[j] as Val,
        lower[j] as string | null,
        dir,
      ) ||
      (dates[j] as number) - (dates[i] as number) ||
      (ids[j] as number) - (ids[i] as number),
  );
  return Int32Array.from(order, (i) => rows[i] as number);
}

// The field part of sortByField's order: strings case-insensitively, then exactly; the rest as
// compareForSort (nulls last both ways). `la`/`lb` are the lower-cased strings (null otherwise).
function compareKeys(a: Val, la: string | null, b: Val, lb: string | null, dir: 1 | -1): number {
  if (la !== null && lb !== null)
    return (
      dir *
      (la < lb
        ? -1
        : la > lb
          ? 1
          : (a as string) < (b as string)
            ? -1
            : (a as string) > (b as string)
              ? 1
              : 0)
    );
  return compareForSort(a, b, dir);
}

/**
 * sortByField for a field held as dictionary codes (authors: a few hundred distinct in a million
 * rows), over rows already in date order (pubDate desc, then id desc): the distinct values are
 * ordered as sortByField orders them, then the rows are dealt into one bucket per value, each
 * keeping date order. Same result as sortByField (its ties fall back to date order); at 1M rows
 * that comparator sort took ~0.6 s. `codes` is the code column by row: read through a function
 * per row (three calls deep into the index) the sort of 1M rows took ~30 ms in Node, ~23 read
 * from the column. `codeCount`: the dictionary's size (codes are below it), when known. Each row's
 * code is read twice rather than kept in a working array: at 1M rows that array was 4 MB more to
 * allocate on every run, next to a worker heap of ~350 MB. Cost: O(rows + values log values).
 */
export function sortByCode(
  rowsByDate: Int32Array,
  codes: Int32Array,
  valueOf: (code: number) => Val,
  dir: 1 | -1,
  codeCount?: number,
): Int32Array {
  const n = rowsByDate.length;
  let top = (codeCount ?? 0) - 1;
  if (codeCount === undefined)
    for (let i = 0; i < n; i++) {
      const c = codes[rowsByDate[i]!]!;
      if (c > top) top = c;
    }
  // Codes are small and dense (a dictionary's): per code its row count, then its bucket start.
  const next = new Int32Array(top + 1);
  for (let i = 0; i < n; i++) next[codes[rowsByDate[i]!]!]!++;
  const present: number[] = [];
  next.forEach((count, c) => count > 0 && present.push(c));
  const keys = new Map(present.map((c) => [c, valueOf(c)]));
  const lowers = new Map(present.map((c) => [c, lowered(keys.get(c) as Val)]));
  present.sort((a, b) =>
    compareKeys(keys.get(a) as Val, lowers.get(a)!, keys.get(b) as Val, lowers.get(b)!, dir),
  );
  let at = 0;
  for (const c of present) {
    const count = next[c] as number;
    next[c] = at;
    at += count;
  }
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rowsByDate[i]!;
    out[next[codes[r]!]!++] = r;
  }
  return out;
}

const lowered = (k: Val): string | null => (typeof k === 'string' ? k.toLowerCase() : null);

/**
 * ORDER BY title through the index's kept title order (`rowsByTitle`): the matched rows in that
 * order (DESC: runs of one title reversed as wholes, so equal titles stay newest first), then
 * the matched rows without a title in date order (a null sorts last either way). Same result as
 * sortByField. Cost: O(rows in the order + matched), no string sort.
 */
export function byKeptOrder(
  matched: Int32Array,
  byTitle: Int32Array,
  dir: 1 | -1,
  index: MetaIndexView,
): Int32Array {
  const mark = new Uint8Array(index.rowCount());
  for (const r of matched) mark[r] = 1;
  const out = new Int32Array(matched.length);
  let n = 0;
  if (dir === 1) {
    for (let i = 0; i < byTitle.length; i++) if (mark[byTitle[i]!] === 1) out[n++] = byTitle[i]!;
  } else {
    // Walking backwards meets a run of equal titles oldest first: each run is turned back.
    n = backwardsKeepingTies(
      byTitle,
      (r) => mark[r] === 1,
      (r) => index.title(r),
      out,
    );
  }
  for (let i = 0; i < n; i++) mark[out[i]!] = 0;
  const untitled = matched.filter((r) => mark[r] === 1);
  sortByDate(untitled, index);
  out.set(untitled, n);
  return out;
}

/**
 * ORDER BY title over every visible row, when the kept title order holds every live row (no
 * untitled one): the rows of that order that are not hidden and pass `keep`, DESC as in
 * byKeptOrder. Same result as byKeptOrder over the matches of the whole date order, without
 * collecting those matches first and marking them: at 1M rows (300k unread) the unread list by
 * title took 27 ms that way in Node (a walk of the date order, one of the title order, and
 * 600k scattered writes to mark and unmark), 12–14 ms this way. `keep` as a byte per row (a
 * test's `all()`) is read without a branch. Cost: O(rows in the order).
 */
export function titledWhere(
  byTitle: Int32Array,
  keep: Uint8Array | ((row: number) => boolean) | true,
  dir: 1 | -1,
  index: MetaIndexView,
): Int32Array {
  const flags = index.rowColumns?.().flags;
  const visible = flags
    ? (r: number) => (flags[r]! & FLAG_HIDDEN) === 0
    : (r: number) => (index.flags(r) & FLAG_HIDDEN) === 0;
  const out = new Int32Array(byTitle.length);
  if (dir === 1 && flags && keep instanceof Uint8Array) {
    // One byte per row, the answer and "not hidden" together, made in row order: the walk then
    // reads one scattered byte per row instead of two. It writes the row every time and moves the
    // count by that byte (scattered matches mispredict a branch on it).
    const hiddenShift = Math.log2(FLAG_HIDDEN);
    const take = new Uint8Array(keep.length);
    for (let r = 0; r < take.length; r++) take[r] = keep[r]! & (((flags[r]! >> hiddenShift) & 1) ^ 1);
    let n = 0;
    for (let i = 0; i < byTitle.length; i++) {
      const r = byTitle[i]!;
      out[n] = r;
      n += take[r]!;
    }
    return out.subarray(0, n);
  }
  const test =
    keep === true
      ? visible
      : keep instanceof Uint8Array
        ? (r: number) => keep[r] === 1 && visible(r)
        : (r: number) => visible(r) && keep(r);
  if (dir === 1) {
    let n = 0;
    for (let i = 0; i < byTitle.length; i++) if (test(byTitle[i]!)) out[n++] = byTitle[i]!;
    return out.subarray(0, n);
  }
  const n = backwardsKeepingTies(byTitle, test, (r) => index.title(r), out);
  return out.subarray(0, n);
}

/**
 * ORDER BY pubDate ASC over rows in the default order (pubDate desc, then id desc): the rows
 * that pass `keep`, walked backwards, each run of one date turned back so ties stay newest id
 * first. Same result as sortByField on pubDate ascending; at 1M rows sorting 50k matches with a
 * comparator cost ~25 ms. Cost: O(rows).
 */
export function oldestFirst(
  rowsByDate: Int32Array,
  keep: ((row: number) => boolean) | true,
  index: MetaIndexView,
): Int32Array {
  const out = new Int32Array(rowsByDate.length);
  const n = backwardsKeepingTies(rowsByDate, keep, (r) => index.pubDate(r), out);
  return out.subarray(0, n);
}

const START = Symbol('start');

// Writes to `out` from 0 the rows of `rows` that pass `keep`, last to first, except that each run
// of rows with one `key` keeps its first-to-last order. Returns how many it wrote.
function backwardsKeepingTies(
  rows: Int32Array,
  keep: ((row: number) => boolean) | true,
  key: (row: number) => unknown,
  out: Int32Array,
): number {
  let n = 0;
  let run = 0;
  let last: unknown = START;
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (keep !== true && !keep(r)) continue;
    const k = key(r);
    if (k !== last) {
      reverseRun(out, run, n);
      run = n;
      last = k;
    }
    out[n++] = r;
  }
  reverseRun(out, run, n);
  return n;
}

// Reverses out[from, to) in place. Most runs are one row: `subarray().reverse()` for each made
// an array view per kept row (50k at 1M rows, ~8 of the ~12 ms `enclosure LIKE … ASC` spent here).
function reverseRun(out: Int32Array, from: number, to: number): void {
  for (let i = from, j = to - 1; i < j; i++, j--) {
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
}
