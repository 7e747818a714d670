/**
 * Documents in newest-first order (then the higher number first), the tie-break of search
 * results on equal scores (scoring.ts `Scratch.ranks`): sorted whole, or with the documents
 * added since merged into an order already made.
 */

/** What the order reads: each document's date. */
export interface DatedDocs {
  pubDate(doc: number): number;
}

// Whole dates below 2^31 seconds and documents below 2^21 pack into one exact double.
const DOC_BITS = 2 ** 21;
const DATE_LIMIT = 2 ** 31;

/**
 * Documents [from, to) newest first (then the higher number first). O(n log n). When every date
 * is a whole number of seconds below 2^31 (in magnitude) and every number below 2^21, the pairs
 * pack into doubles for one native sort: ~3× faster than a comparator at 1M documents (the
 * first search after a start sorts all of them).
 */
export function newestFirst(index: DatedDocs, from: number, to: number): Int32Array<ArrayBuffer> {
  const order = new Int32Array(to - from);
  const packed = to <= DOC_BITS ? new Float64Array(to - from) : null;
  for (let i = 0; packed && i < packed.length; i++) {
    const date = index.pubDate(from + i);
    if (!Number.isInteger(date) || Math.abs(date) >= DATE_LIMIT) return byComparator(index, order, from);
    packed[i] = date * DOC_BITS + from + i;
  }
  if (!packed) return byComparator(index, order, from);
  packed.sort();
  // Ascending (date, number) read backwards; a negative date's key holds its number all the same.
  for (let i = 0; i < packed.length; i++) {
    const key = packed[packed.length - 1 - i] as number;
    order[i] = key - Math.floor(key / DOC_BITS) * DOC_BITS;
  }
  return order;
}

function byComparator(
  index: DatedDocs,
  order: Int32Array<ArrayBuffer>,
  from: number,
): Int32Array<ArrayBuffer> {
  for (let i = 0; i < order.length; i++) order[i] = from + i;
  return order.sort((a, b) => index.pubDate(b) - index.pubDate(a) || b - a);
}

/**
 * `kept` (documents [0, kept.length) newest first) with documents [kept.length, n) merged in:
 * O(n + added log added).
 */
export function mergeNewest(index: DatedDocs, kept: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const added = newestFirst(index, kept.length, n);
  const out = new Int32Array(n);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < kept.length && j < added.length) {
    const a = kept[i] as number;
    const b = added[j] as number;
    // On equal dates the higher number (always the added one) comes first.
    if (index.pubDate(a) > index.pubDate(b)) {
      out[k++] = a;
      i++;
    } else {
      out[k++] = b;
      j++;
    }
  }
  out.set(kept.subarray(i), k);
  out.set(added.subarray(j), k + kept.length - i);
  return out;
}
