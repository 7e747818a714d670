/**
 * Documents in newest-first order (then the higher number first), the tie-break of search
 * results on equal scores (scoring.ts `Scratch.ranks`): sorted whole, or with the documents
 * added since merged into an order already made.
 */

/** What the order reads: each document's date. */
export interface DatedDocs {
  pubDate(doc: number): number;
}

/** Documents [from, to) newest first (then the higher number first). O(n log n). */
export function newestFirst(index: DatedDocs, from: number, to: number): Int32Array<ArrayBuffer> {
  const order = new Int32Array(to - from);
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
