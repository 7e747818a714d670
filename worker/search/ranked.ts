/**
 * Search results ordered lazily. A common word matches most of a large account (two thirds of
 * the benchmark's 1M articles), and sorting every match cost ~100 ms of a ~180 ms query at 1M
 * (CPU profile of the 200 benchmark queries) while a reader looks at the first page or two.
 * So the matches keep their sort keys, and only as many as the pages read are put in order: a
 * selection moves the best k to the front in O(matches), then those k are sorted.
 */
import { asList, type IdList } from '../query/pager';

/**
 * Rearranges `keys[from, to)` so that its `k` largest values are in `keys[from, from + k)`
 * (in no particular order). O(to − from) expected.
 * Hand-written rather than the `quickselect` package: that one compares through a callback on
 * a plain array; this works on the Float64Array with native compares (the keys are never boxed).
 */
export function selectLargest(keys: Float64Array, from: number, to: number, k: number): void {
  if (k <= 0 || k >= to - from) return;
  // Few of many (the first pages of a common word's matches): a sample guesses a key that a bit
  // more than k keys reach, one pass moves those to the front, and only they are selected from.
  // One pass instead of the quickselect's several; ~10 ms → ~3 ms for 1,000 of 760k keys.
  if (k * 16 < to - from) {
    const front = gatherAtLeast(keys, from, to, k);
    if (front > 0) to = from + front;
  }
  let lo = from;
  let hi = to - 1;
  const target = from + k - 1;
  if (k <= 0 || target >= hi) return;
  let budget = 2 * Math.ceil(Math.log2(to - from + 1)) + 8;
  while (hi > lo) {
    if (budget-- === 0) {
      // Pathological pivots: finish with a sort of what is left (descending).
      keys
        .subarray(lo, hi + 1)
        .sort()
        .reverse();
      return;
    }
    // Median of three as the pivot, then a Hoare partition into ≥ pivot | ≤ pivot.
    const mid = (lo + hi) >>> 1;
    const a = keys[lo] as number;
    const b = keys[mid] as number;
    const c = keys[hi] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((keys[i] as number) > pivot) i++;
      while ((keys[j] as number) < pivot) j--;
      if (i <= j) {
        const t = keys[i] as number;
        keys[i++] = keys[j] as number;
        keys[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return;
  }
}

const SAMPLE = 1024;

// Moves every key ≥ a sampled threshold to the front of keys[from, to); returns how many moved
// when that is at least k, or 0 (nothing is lost either way: the range keeps all its keys).
function gatherAtLeast(keys: Float64Array, from: number, to: number, k: number): number {
  const n = to - from;
  const sample = new Float64Array(SAMPLE);
  for (let i = 0; i < SAMPLE; i++) sample[i] = keys[from + Math.floor(((i + 0.5) * n) / SAMPLE)] as number;
  sample.sort();
  // Aim at ~2k keys (plus a margin for the sample's error) so one pass is very likely enough.
  const expect = (2 * k * SAMPLE) / n + 8;
  const at = Math.max(0, SAMPLE - 1 - Math.ceil(expect));
  const threshold = sample[at] as number;
  let front = from;
  for (let i = from; i < to; i++) {
    const v = keys[i] as number;
    if (v >= threshold) {
      keys[i] = keys[front] as number;
      keys[front++] = v;
    }
  }
  return front - from >= k ? front - from : 0;
}

/** An IdList that also hands out its ordered first ids (which the caller may reorder). */
export interface Ranked extends IdList {
  /** The ordered first `n` ids or more (clamped to the length), or null as for `slice`. */
  prefix(n: number): Int32Array | null;
}

/** A fully ordered Int32Array as a Ranked list. */
export function idList(ids: Int32Array): Ranked {
  return { ...asList(ids), prefix: () => ids };
}

/** The keys of a RankedIds' query, and their item ids. */
export interface RankedSource {
  /**
   * The query's sort keys, computed now (its own array or a scratch one: read at once): at least
   * its `k` largest keys (all of them, or only those at or above some threshold), and how many
   * keys the query has in all. Null once the index changed since the list was made (the order
   * would no longer be the same).
   */
  keys(k: number): { keys: Float64Array; total: number } | null;
  /** The item id a key stands for (valid right after `keys()`). */
  idOf(key: number): number;
}

/**
 * Item ids ordered by descending key, ordered on demand. Only the ordered first ids are kept;
 * reading past them computes the keys again and orders at least as many more again (so paging
 * deep costs a few recomputations, and a retained list costs kilobytes, not the matches).
 */
export class RankedIds implements Ranked {
  private ids = new Int32Array(0);
  private total = -1;

  constructor(private readonly src: RankedSource) {}

  /** Number of matches (computes the keys the first time). */
  get length(): number {
    if (this.total < 0) this.prefix(0);
    return Math.max(0, this.total);
  }

  get bytes(): number {
    return this.ids.byteLength;
  }

  prefix(n: number): Int32Array | null {
    const ready = this.ids.length;
    if (this.total >= 0 && Math.min(n, this.total) <= ready) return this.ids;
    const want = Math.max(n, ready * 2);
    const got = this.src.keys(want);
    if (!got) return null;
    const { keys } = got;
    this.total = got.total;
    const end = Math.min(got.total, want);
    if (end <= ready) return this.ids;
    selectLargest(keys, 0, keys.length, end);
    // The first `ready` are the ones already handed out (same keys, same order).
    const best = keys.subarray(0, end).sort().reverse();
    const ids = new Int32Array(end);
    ids.set(this.ids);
    for (let i = ready; i < end; i++) ids[i] = this.src.idOf(best[i] as number);
    this.ids = ids;
    return ids;
  }

  slice(start: number, end: number): Int32Array | null {
    return this.prefix(end)?.subarray(start, end) ?? null;
  }

  indexOf(id: number): number | null {
    const all = this.prefix(Infinity);
    return all ? all.indexOf(id) : null;
  }
}
