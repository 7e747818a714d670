/**
 * Query execution over the SearchIndex: BM25 (k1 1.2, b 0.75) over the field-weighted term
 * frequencies, plus a feed-title field decided per feed. Each query word is a group of terms
 * (the word itself, or up to PREFIX_CAP dictionary terms it starts when it is the last word);
 * a document must match every group (AND). Only when asked (`anyIfNone`, for the AI assistant's
 * keyword lists) does a query no document fully matches fall back to any group (OR, ranked by
 * how much it matched). Scratch arrays are reused between calls: O(postings touched) per query.
 */
import type { SearchIndex } from './searchIndex';
import type { QueryWord } from './tokenize';

const K1 = 1.2;
const B = 0.75;
/** Most dictionary terms one prefix expands to (the most frequent ones win). */
export const PREFIX_CAP = 24;
// A prefix expansion that is not the word itself counts a bit less than an exact hit.
const EXPANSION_WEIGHT = 0.7;
// A feed-title hit is worth about one body occurrence of a rare word.
const FEED_WEIGHT = 0.8;

/** Matched documents with their scores (parallel arrays, unordered). */
export interface Scored {
  docs: number[];
  scores: number[];
  /** The dictionary terms the query used (for highlighting). */
  terms: string[];
}

/** Folded title terms of each feed (feed-title matches). */
export type FeedTerms = Map<number, string[]>;

/** Reusable per-document scratch space for one index, plus caches keyed by the index version. */
export class Scratch {
  acc = new Float64Array(0);
  hits = new Uint8Array(0);
  stamp = new Int32Array(0);
  norm = new Float32Array(0);
  /** Position of each doc in newest-first order (0 = newest), for recency tie-breaks. */
  dateRank = new Int32Array(0);
  private round = 0;
  private normVersion = -1;
  private rankVersion = -1;

  /** Sizes the arrays for `n` documents. */
  prepare(n: number): void {
    if (this.acc.length < n) {
      const cap = Math.max(1024, n * 2);
      this.acc = new Float64Array(cap);
      this.hits = new Uint8Array(cap);
      this.stamp = new Int32Array(cap);
      this.round = 0;
      this.normVersion = this.rankVersion = -1;
    }
  }
  nextStamp(): number {
    return ++this.round;
  }

  /** BM25 length normalisation per doc, recomputed when the index changed. O(docs). */
  norms(index: SearchIndex): Float32Array {
    if (this.normVersion !== index.version || this.norm.length < index.slotCount()) {
      const n = index.slotCount();
      if (this.norm.length < n) this.norm = new Float32Array(this.acc.length);
      const avg = index.avgLength();
      for (let d = 0; d < n; d++) this.norm[d] = K1 * (1 - B + (B * index.length(d)) / avg);
      this.normVersion = index.version;
    }
    return this.norm;
  }

  /** Newest-first rank per doc, recomputed when the index changed. O(docs log docs). */
  ranks(index: SearchIndex): Int32Array {
    if (this.rankVersion !== index.version || this.dateRank.length < index.slotCount()) {
      const n = index.slotCount();
      const order = new Int32Array(n);
      for (let d = 0; d < n; d++) order[d] = d;
      order.sort((a, b) => index.pubDate(b) - index.pubDate(a) || b - a);
      if (this.dateRank.length < n) this.dateRank = new Int32Array(this.acc.length);
      for (let i = 0; i < n; i++) this.dateRank[order[i] as number] = i;
      this.rankVersion = index.version;
    }
    return this.dateRank;
  }
}

// Sort keys pack a score (quantised to 2^-16) above a 21-bit recency rank, so one native
// Float64Array sort orders by score, then newest first.
const RANK_BITS = 2 ** 21;
const SCALE = 65_536;

/**
 * Orders matched docs best first: score desc, then pubDate desc (then higher doc). Scores are
 * compared at 1/65536 precision. Cost: one typed-array sort. Falls back to a comparator sort
 * past 2M docs.
 */
export function orderDocs(index: SearchIndex, s: Scored, scratch: Scratch): Int32Array {
  const n = s.docs.length;
  const ranks = scratch.ranks(index);
  if (index.slotCount() >= RANK_BITS) {
    const idx = s.docs.map((_, i) => i);
    idx.sort(
      (a, b) =>
        (s.scores[b] as number) - (s.scores[a] as number) ||
        (ranks[s.docs[a] as number] as number) - (ranks[s.docs[b] as number] as number),
    );
    return Int32Array.from(idx, (i) => s.docs[i] as number);
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const doc = s.docs[i] as number;
    keys[i] =
      Math.round((s.scores[i] as number) * SCALE) * RANK_BITS + (RANK_BITS - 1 - (ranks[doc] as number));
  }
  keys.sort();
  const byRank = new Int32Array(index.slotCount());
  for (let d = 0; d < byRank.length; d++) byRank[ranks[d] as number] = d;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const key = keys[n - 1 - i] as number;
    const rank = RANK_BITS - 1 - (key % RANK_BITS);
    out[i] = byRank[rank] as number;
  }
  return out;
}

/** BM25 weight of one posting. */
export function bm25(idf: number, tf: number, len: number, avg: number): number {
  return (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avg));
}

/** Inverse document frequency (the BM25 "plus one" form, never negative). */
export function idfOf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * Scores every document matching all of `words` (or, with `anyIfNone` and no full match, any of
 * them). Cost: one pass over the postings of the query's terms (and of the documents of feeds
 * whose title matches), plus the matched documents.
 */
export function scoreQuery(
  index: SearchIndex,
  words: QueryWord[],
  feedTerms: FeedTerms,
  scratch: Scratch,
  anyIfNone = false,
): Scored {
  const groups: { termIds: number[]; exact: number; term: string; prefix: boolean }[] = [];
  for (const w of words)
    for (const [i, term] of w.terms.entries()) {
      const prefix = w.prefix && i === w.terms.length - 1;
      const exact = index.termId(term);
      const termIds = prefix ? index.prefixTerms(term, PREFIX_CAP) : exact >= 0 ? [exact] : [];
      if (prefix && exact >= 0 && !termIds.includes(exact)) termIds.push(exact);
      groups.push({ termIds, exact, term, prefix });
    }
  if (groups.length === 0) return { docs: [], scores: [], terms: [] };
  const n = index.slotCount();
  scratch.prepare(n);
  const { acc, hits, stamp } = scratch;
  const norm = scratch.norms(index);
  const touched: number[] = [];
  const live = Math.max(1, index.docCount());
  const terms: string[] = [];
  for (const g of groups) {
    const s = scratch.nextStamp();
    const visit = (doc: number) => {
      if (stamp[doc] === s) return;
      if (stamp[doc] === 0) touched.push(doc);
      stamp[doc] = s;
      hits[doc] = (hits[doc] as number) + 1;
    };
    for (const t of g.termIds) {
      terms.push(index.term(t));
      const idf = idfOf(index.docFreq(t), live) * (t === g.exact ? 1 : EXPANSION_WEIGHT);
      index.accumulate(t, idf, K1 + 1, norm, acc, visit);
    }
    const feeds = matchingFeeds(feedTerms, g.term, g.prefix);
    if (feeds.size > 0) {
      let inFeeds = 0;
      for (let doc = 0; doc < n; doc++) if (index.isLive(doc) && feeds.has(index.feedId(doc))) inFeeds++;
      const idf = idfOf(inFeeds, live) * FEED_WEIGHT;
      for (let doc = 0; doc < n; doc++)
        if (index.isLive(doc) && feeds.has(index.feedId(doc))) {
          visit(doc);
          acc[doc] = (acc[doc] as number) + idf;
        }
    }
  }
  const need = groups.length;
  let docs = touched.filter((d) => hits[d] === need);
  if (docs.length === 0 && need > 1 && anyIfNone) docs = touched;
  const scores = docs.map((d) => acc[d] as number);
  for (const d of touched) {
    acc[d] = 0;
    hits[d] = 0;
    stamp[d] = 0;
  }
  return { docs, scores, terms: [...new Set(terms)] };
}

function matchingFeeds(feedTerms: FeedTerms, term: string, prefix: boolean): Set<number> {
  const out = new Set<number>();
  for (const [feed, terms] of feedTerms)
    if (terms.some((t) => (prefix ? t.startsWith(term) : t === term))) out.add(feed);
  return out;
}
