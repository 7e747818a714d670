/**
 * A query's matches as the results cache keeps them (evaluate.ts): the index's row numbers in
 * result order, either made whole by the run, or (several feeds' lists in date order: a group, a
 * set of feeds) kept as those lists and merged only as far as a page reads. A filter's first page
 * needs 50 rows and its count, not the whole merge: at 1M articles `feed.groupId = 5` merged its
 * 12 feeds' 24,749 rows in full on every run, ~1.25 ms of its ~2.6 in the engine worker
 * (bench/run/queryProbe.mjs), where the first 50 of each list are enough for the first page.
 */
import { mergeDateOrdered } from '../index/mergeByDate';
import type { MetaIndexView } from '../index/types';

export interface MatchRows {
  /** How many rows match. */
  readonly length: number;
  /** The bytes the answer holds now (the pager's retention budget). */
  readonly bytes: number;
  /** The first `n` rows in result order (all of them when fewer match). */
  head(n: number): Int32Array;
  /** Every row in result order. */
  all(): Int32Array;
  /** Every row, in parts and in no particular order (to count without ordering them). */
  parts(): readonly Int32Array[];
}

/** Rows already in result order. */
export function wholeRows(rows: Int32Array): MatchRows {
  return {
    length: rows.length,
    bytes: rows.byteLength,
    head: (n) => rows.subarray(0, n),
    all: () => rows,
    parts: () => [rows],
  };
}

/** Merged rows made at least this many at a time: a few pages' worth. */
const FIRST_HEAD = 256;

/**
 * `lists` (each newest first: pubDate desc, id desc) as one list in that order, merged on
 * demand: `head(n)` merges the first n of each list (no row past a list's nth can be among the
 * first n of all), at least doubling what it merged before; once that reaches a quarter of
 * the rows, or on `all()`, everything is merged once and the lists let go. The lists are not
 * copied: the caller hands over arrays nobody writes into (the index replaces a feed's list on
 * a change and never writes into it).
 */
export function mergedRows(lists: readonly Int32Array[], index: MetaIndexView): MatchRows {
  let open: readonly Int32Array[] = lists.filter((rows) => rows.length > 0);
  const length = open.reduce((n, rows) => n + rows.length, 0);
  const listBytes = open.reduce((n, rows) => n + rows.byteLength, 0);
  let merged: Int32Array = new Int32Array(0);
  let whole: Int32Array | null = open.length === 1 ? open[0]! : open.length === 0 ? merged : null;
  const all = (): Int32Array => {
    if (!whole) {
      whole = mergeDateOrdered([...open], true, index);
      open = [];
      merged = whole;
    }
    return whole;
  };
  return {
    length,
    get bytes() {
      return whole ? whole.byteLength : listBytes + merged.byteLength;
    },
    head(n) {
      if (whole) return whole.subarray(0, n);
      if (n <= merged.length) return merged.subarray(0, n);
      const want = Math.max(n, merged.length * 2, FIRST_HEAD);
      if (want * 4 >= length) return all().subarray(0, n);
      merged = mergeDateOrdered(
        open.map((rows) => rows.subarray(0, want)),
        true,
        index,
      ).slice(0, want);
      return merged.subarray(0, n);
    },
    all,
    parts: () => (whole ? [whole] : open),
  };
}
