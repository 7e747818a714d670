/**
 * Scoring for queries whose every word is one dictionary term and no feed title (most searches:
 * typed words, a last word whose prefix names one term). The general path (scoring.ts, scoreAll)
 * adds each posting into a per-document accumulator behind a per-document gate, then walks
 * every document the first word touched to collect the ones that matched all words. Here the
 * first (rarest) term's live postings are written straight into the match list, and each further
 * term's postings, which come in document order like the list, are merged with it: the list
 * keeps the documents the term holds, each score adding the term's weight (a bitmap term is
 * read from the list's side and only as far as it goes, BitmapCursor; when the
 * first two terms are both bitmaps they are read in one pass). No accumulator, no gate, no
 * collecting pass: at 1M documents in Node, a common word's scoring 13 → 8 ms, two 23 → 17.
 *
 * The matches and their scores are the same as the general path's, bit for bit: each score is
 * the same weights added in the same order (0 + the first is the first). The tests beside this
 * file hold the two paths to that on random indexes.
 */
import { LIST, bitmapHead, decodePostings } from './postings';

// Per byte: its set bits, and its 2-bit codes equal to 3 (escape codes, postings.ts).
const BITS = new Uint8Array(256);
const THREES = new Uint8Array(256);
for (let b = 1; b < 256; b++) BITS[b] = (BITS[b >> 1] as number) + (b & 1);
for (let b = 0; b < 256; b++) for (let s = 0; s < 8; s += 2) if (((b >> s) & 3) === 3) THREES[b]!++;

/** One term's postings as the loops read them (InvertedIndex.postingsOf). */
export interface TermPostings {
  /** The main segment's bytes of the term: `data[from, to)` (empty when it has none there). */
  data: Uint8Array;
  from: number;
  to: number;
  /** Walks the term's unmerged postings in document order (all after the main segment's). */
  pending: (fn: (doc: number, tf: number) => void) => void;
  /** The index's live flag per document (1: live). */
  alive: Uint8Array;
}

/**
 * The match list the loops write, from 0 in document order (documents and their scores), and
 * what they weigh a posting by: BM25's K1 + 1 and each document's norm, K1·(1 − B + B·len/avg).
 */
export interface MatchList {
  docs: Int32Array;
  scores: Float64Array;
  norm: Float32Array;
  k1p1: number;
}

/** A second term to meet while collecting the first (both bitmaps in the main segment). */
interface Next {
  postings: TermPostings;
  idf: number;
}

/**
 * Writes the live documents of `p` and their weights (BM25 with `idf`) to `out` from 0, in
 * document order; returns how many. Decoding as in postings.ts (accumulatePostings). With `next` (`p` and it
 * both bitmaps), only the documents it holds too, each with both weights: what intersectTerm
 * of `next` would leave, without writing and reading again the first term's whole list (two
 * words in 76% of 1M documents: ~21 → ~17 ms, Node).
 */
export function collectTerm(p: TermPostings, idf: number, out: MatchList, next: Next | null = null): number {
  const { data, from, to, alive } = p;
  const { docs, scores, norm, k1p1 } = out;
  const also = next && new BitmapCursor(next.postings.data, next.postings.from);
  const idf2 = next?.idf ?? 0;
  let n = 0;
  const keep = (doc: number, tf: number): void => {
    if (alive[doc] !== 1) return;
    docs[n] = doc;
    scores[n++] = (idf * tf * k1p1) / (tf + (norm[doc] as number));
  };
  // A list holds a rarer term (a callback per posting costs little there); a bitmap, a common
  // one, is decoded inline as accumulatePostings does (the hot loop of a common word).
  if (from < to && data[from] === LIST) decodePostings(data, from, to, keep);
  else if (from < to) {
    const head = bitmapHead(data, from + 1);
    const { map, codes, first } = head;
    let esc = codes + ((head.count + 3) >> 2);
    let k = 0;
    let codeByte = 0;
    for (let j = 0; j < head.mapBytes; j++) {
      let bits = data[map + j] as number;
      const base = first + j * 8;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const doc = base + 31 - Math.clz32(low);
        codeByte = (k & 3) === 0 ? (data[codes + (k >> 2)] as number) : codeByte >> 2;
        k++;
        const code = codeByte & 3;
        const tf = code < 3 ? code + 1 : (data[esc++] as number);
        if (alive[doc] !== 1) continue;
        if (also === null) {
          docs[n] = doc;
          scores[n++] = (idf * tf * k1p1) / (tf + (norm[doc] as number));
          continue;
        }
        const tf2 = also.tf(doc);
        if (tf2 === 0) continue;
        const nd = norm[doc] as number;
        docs[n] = doc;
        scores[n++] = (idf * tf * k1p1) / (tf + nd) + (idf2 * tf2 * k1p1) / (tf2 + nd);
      }
    }
  }
  const main = n;
  p.pending(keep);
  if (next === null || n === main) return n;
  // Pending documents come after every main one: they meet only the next term's pending ones.
  const pendingOnly = { ...next.postings, from: 0, to: 0 };
  const rest = { ...out, docs: docs.subarray(main), scores: scores.subarray(main) };
  const kept = intersectTerm(pendingOnly, idf2, rest, n - main);
  return main + kept;
}

/**
 * A bitmap term's frequencies for documents asked in ascending order: a bit test per document,
 * its posting's place among the set bits a count of the bits before it (by byte), and its escape
 * byte found by counting the escape codes passed over, four at a time. Reading a bitmap this way
 * from a list of documents costs about what decoding all of its postings does when the list is
 * as dense as the term (two words in 76% of 1M documents, Node), and only the list's length plus
 * a byte step per 8 documents when it is sparse.
 */
class BitmapCursor {
  private readonly map: number;
  private readonly codes: number;
  private readonly first: number;
  /** Past the last set bit (the last byte always has one). */
  readonly end: number;
  // Bits set before byte `jb`; escape codes among the first `ek` codes, `esc` the next escape byte.
  private jb = 0;
  private kb = 0;
  private ek = 0;
  private esc: number;

  constructor(
    private readonly data: Uint8Array,
    from: number,
  ) {
    const head = bitmapHead(data, from + 1);
    this.map = head.map;
    this.codes = head.codes;
    this.first = head.first;
    this.end =
      head.first + (head.mapBytes - 1) * 8 + 32 - Math.clz32(data[head.map + head.mapBytes - 1] as number);
    this.esc = head.codes + ((head.count + 3) >> 2);
  }

  /** The term's frequency in `doc` (0: none), `doc` at least the one asked before. */
  tf(doc: number): number {
    const { data, codes } = this;
    const rel = doc - this.first;
    if (rel < 0 || doc >= this.end) return 0;
    const j = rel >> 3;
    while (this.jb < j) this.kb += BITS[data[this.map + this.jb++] as number] as number;
    const byte = data[this.map + j] as number;
    const bit = 1 << (rel & 7);
    if ((byte & bit) === 0) return 0;
    const k = this.kb + (BITS[byte & (bit - 1)] as number);
    const code = ((data[codes + (k >> 2)] as number) >> ((k & 3) * 2)) & 3;
    if (code < 3) return code + 1;
    let { ek, esc } = this;
    while (ek < k)
      if ((ek & 3) === 0 && ek + 4 <= k) {
        esc += THREES[data[codes + (ek >> 2)] as number] as number;
        ek += 4;
      } else if ((((data[codes + (ek >> 2)] as number) >> ((ek++ & 3) * 2)) & 3) === 3) esc++;
    this.ek = k + 1;
    this.esc = esc + 1;
    return data[esc] as number;
  }
}

/**
 * Keeps, in place and in order, the documents of `out.docs[0, n)` (ascending, all live) that `p`
 * holds, adding the term's weight to each one's score; returns how many stay. A bitmap is read
 * only as far as the list goes; a list (a rarer term, short) is decoded whole.
 */
export function intersectTerm(p: TermPostings, idf: number, out: MatchList, n: number): number {
  if (n === 0) return 0;
  const { data, from, to } = p;
  const { docs, scores, norm, k1p1 } = out;
  // i reads the list, m writes it (m ≤ i); cur is docs[i], or past every document once used up.
  let i = 0;
  let m = 0;
  let cur = docs[0] as number;
  const END = 0x7fffffff;
  // One posting: skip the list's documents below it, keep the list's document when it is it.
  const meet = (doc: number, tf: number): void => {
    while (cur < doc) cur = ++i < n ? (docs[i] as number) : END;
    if (cur !== doc) return;
    docs[m] = doc;
    scores[m++] = (scores[i] as number) + (idf * tf * k1p1) / (tf + (norm[doc] as number));
    cur = ++i < n ? (docs[i] as number) : END;
  };
  if (from < to && data[from] === LIST) decodePostings(data, from, to, meet);
  else if (from < to) {
    const bitmap = new BitmapCursor(data, from);
    for (; i < n; i++) {
      const doc = docs[i] as number;
      if (doc >= bitmap.end) break;
      const tf = bitmap.tf(doc);
      if (tf === 0) continue;
      docs[m] = doc;
      scores[m++] = (scores[i] as number) + (idf * tf * k1p1) / (tf + (norm[doc] as number));
    }
    cur = i < n ? (docs[i] as number) : END;
  }
  if (cur !== END) p.pending(meet);
  return m;
}

/**
 * The documents holding every one of `terms` (rarest first, each with its idf) with their summed
 * weights, written to `out` from 0 in document order; returns how many.
 */
export function scoreTerms(
  index: { postingsOf(termId: number): TermPostings },
  terms: readonly { termId: number; idf: number }[],
  out: MatchList,
): number {
  const postings = terms.map((t) => index.postingsOf(t.termId));
  const [first, second] = postings;
  if (!first) return 0;
  const bitmaps = second && isBitmap(first) && isBitmap(second);
  let n = collectTerm(first, terms[0]!.idf, out, bitmaps ? { postings: second, idf: terms[1]!.idf } : null);
  for (let i = bitmaps ? 2 : 1; i < terms.length && n > 0; i++)
    n = intersectTerm(postings[i]!, terms[i]!.idf, out, n);
  return n;
}

const isBitmap = (p: TermPostings): boolean => p.from < p.to && p.data[p.from] !== LIST;
