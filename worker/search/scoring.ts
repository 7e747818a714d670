/**
 * Query execution over the SearchIndex: BM25 (k1 1.2, b 0.75) over the field-weighted term
 * frequencies, plus a feed-title field decided per feed. Each query word is a group of terms
 * (the word itself, or up to PREFIX_CAP dictionary terms it starts when it is the last word);
 * a document must match every group (AND). Only when asked (`anyIfNone`, for the AI assistant's
 * keyword lists) does a query no document fully matches fall back to any group (OR, ranked by
 * how much it matched). Scratch arrays are reused between calls: O(postings touched) per query.
 */
import { idList, RankedIds, type Ranked } from './ranked';
import type { SearchIndex } from './searchIndex';
import { memberOf } from '../index/feedSet';
import { mergeNewest, newestFirst } from './dateOrder';
import { admit, type Gate } from './postings';
import { scoreTerms } from './directPostings';
import type { QueryWord } from './tokenize';

const K1 = 1.2;
const B = 0.75;
/** Most dictionary terms one prefix expands to (the most frequent ones win). */
export const PREFIX_CAP = 24;
// A prefix expansion that is not the word itself counts a bit less than an exact hit.
const EXPANSION_WEIGHT = 0.7;
// A feed-title hit is worth about one body occurrence of a rare word.
const FEED_WEIGHT = 0.8;

/**
 * Matched documents with their scores (parallel arrays, unordered). Both are views of the
 * Scratch: valid until its next query.
 */
export interface Scored {
  docs: Int32Array;
  scores: Float64Array;
  /** The dictionary terms the query used (for highlighting). */
  terms: string[];
}

/** Folded title terms of each feed (feed-title matches). */
export type FeedTerms = Map<number, string[]>;

/** Reusable per-document scratch space for one index, plus caches keyed by the index version. */
export class Scratch {
  acc = new Float64Array(0);
  /** Per doc: query words matched so far. */
  hits = new Uint8Array(0);
  /** Per doc: matched the word being gathered (any-word queries). */
  marks = new Uint8Array(0);
  /** Matched documents of the query being scored (their list, then `Scored.docs`). */
  touched = new Int32Array(0);
  /** `Scored.scores`, then (orderDocs) the sort keys. */
  scores = new Float64Array(0);
  norm = new Float32Array(0);
  /** Position of each doc in newest-first order (0 = newest), for recency tie-breaks. */
  dateRank = new Int32Array(0);
  /** Doc at each newest-first position. */
  byRank = new Int32Array(0);
  private normVersion = -1;
  private rankVersion = -1;
  private rankLayout = -1;

  /** Sizes the arrays for `n` documents (with a quarter to spare, so a growing index rarely regrows them). */
  prepare(n: number): void {
    if (this.acc.length < n) {
      const cap = Math.max(1024, n + (n >> 2));
      this.acc = new Float64Array(cap);
      this.hits = new Uint8Array(cap);
      this.marks = new Uint8Array(cap);
      this.touched = new Int32Array(cap);
      this.scores = new Float64Array(cap);
    }
  }

  /**
   * Gives back the per-query arrays (~28 MB at 1M documents) while no search runs; the next
   * query makes them again (zeroed memory, no recomputation). The norms and ranks stay: they
   * cost a pass and a sort of every document to make.
   */
  release(): void {
    this.acc = new Float64Array(0);
    this.hits = new Uint8Array(0);
    this.marks = new Uint8Array(0);
    this.touched = new Int32Array(0);
    this.scores = new Float64Array(0);
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

  /**
   * Newest-first rank per doc. When the index changed by adding documents (it numbers them after
   * every earlier one and never redates a document until it renumbers them, `layout`), the new
   * ones are sorted and merged into the order kept: O(docs + added log added), ~5–7 ms at 1M in
   * Node. Otherwise (the first query, a load, a renumbering merge) every document is sorted
   * (dateOrder.ts): the first search after every ingest used to pay that, 150–220 ms at 1M.
   */
  ranks(index: SearchIndex): Int32Array {
    const n = index.slotCount();
    if (this.rankVersion === index.version && this.dateRank.length >= n) return this.dateRank;
    const kept = this.byRank.length;
    const order =
      this.rankLayout === index.layout && kept <= n
        ? kept === n
          ? this.byRank
          : mergeNewest(index, this.byRank, n)
        : newestFirst(index, 0, n);
    if (this.dateRank.length < n) this.dateRank = new Int32Array(Math.max(n, this.acc.length));
    if (order !== this.byRank) for (let i = 0; i < n; i++) this.dateRank[order[i] as number] = i;
    this.byRank = order;
    this.rankVersion = index.version;
    this.rankLayout = index.layout;
    return this.dateRank;
  }
}

// Sort keys pack a score (quantised to 2^-16) above a 21-bit recency rank, so one native
// Float64Array sort orders by score, then newest first.
const RANK_BITS = 2 ** 21;
const SCALE = 65_536;

/** How ordered results name their documents: item ids, and whether old doc numbers still hold. */
export interface DocIds {
  idOf(doc: number): number;
  /** Changes whenever documents are renumbered. */
  numbering(): number;
}

/** Documents named by themselves (tests, tools). */
export const SELF_IDS: DocIds = { idOf: (doc) => doc, numbering: () => 0 };

/**
 * The matches of `score` (a query over this index and scratch) best first: score desc, then
 * pubDate desc (then higher doc), as item ids from `ids`. Scores are compared at 1/65536
 * precision. The order is made as it is read (ranked.ts): the list keeps only its ordered
 * first ids, and reading past them scores the query again, unless the index changed since
 * (then the list answers null, and the pager recomputes). Past 2M docs the keys cannot hold a
 * rank, and a comparator sort orders everything at once.
 */
export function orderDocs(index: SearchIndex, scratch: Scratch, score: () => Scored, ids = SELF_IDS): Ranked {
  if (index.slotCount() >= RANK_BITS) {
    const s = score();
    const ranks = scratch.ranks(index);
    const idx = Array.from(s.docs, (_, i) => i);
    idx.sort(
      (a, b) =>
        (s.scores[b] as number) - (s.scores[a] as number) ||
        (ranks[s.docs[a] as number] as number) - (ranks[s.docs[b] as number] as number),
    );
    return idList(Int32Array.from(idx, (i) => ids.idOf(s.docs[i] as number)));
  }
  const version = index.version;
  const numbering = ids.numbering();
  return new RankedIds({
    keys: (k) => {
      if (index.version !== version || ids.numbering() !== numbering) return null;
      let s = score();
      const total = s.docs.length;
      const ranks = scratch.ranks(index);
      if (k <= 0) return { keys: s.scores.subarray(0, 0), total };
      if (k * 16 < total) {
        const best = keysOfBest(s, ranks, k);
        if (best) return { keys: best, total };
        // The sample aimed too high (its pass overwrote scores): score again and key them all.
        s = score();
      }
      return { keys: keysOfAll(s, ranks), total };
    },
    idOf: (key) => ids.idOf(scratch.byRank[RANK_BITS - 1 - (key % RANK_BITS)] as number),
  });
}

// Scores are never negative (idfOf); the key's rank bits rely on it.
const quantised = (score: number): number => Math.max(0, Math.floor(score * SCALE + 0.5));

// Every match's key, in place of its score.
function keysOfAll(s: Scored, ranks: Int32Array): Float64Array {
  const keys = s.scores;
  for (let i = 0; i < keys.length; i++)
    keys[i] =
      quantised(keys[i] as number) * RANK_BITS + (RANK_BITS - 1 - (ranks[s.docs[i] as number] as number));
  return keys;
}

const SAMPLE = 1024;

/**
 * The keys of the matches whose quantised score reaches a floor that a sample of the scores puts
 * about 2k + 8 samples' worth of matches above, moved to the front of the scores (in place), or
 * null when fewer than k reached it. Every key below the floor is below every key at or above
 * it, so these hold the k largest. A common word's first page (k of ~1,000 among 760k matches at
 * 1M) then reads each score once and keys only a few thousand: the key of every match was ~25%
 * of such a query (its rank is a random read per match; Node CPU profile of the 200 benchmark
 * queries at 1M).
 */
function keysOfBest(s: Scored, ranks: Int32Array, k: number): Float64Array | null {
  const { docs, scores } = s;
  const n = docs.length;
  const sample = new Float64Array(SAMPLE);
  for (let i = 0; i < SAMPLE; i++)
    sample[i] = quantised(scores[Math.floor(((i + 0.5) * n) / SAMPLE)] as number);
  sample.sort();
  const floor = sample[Math.max(0, SAMPLE - 1 - Math.ceil((2 * k * SAMPLE) / n + 8))] as number;
  let m = 0;
  for (let i = 0; i < n; i++) {
    // floor(v) ≥ floor ⇔ v ≥ floor for a whole floor: the same test as `quantised`, without its floor.
    const v = (scores[i] as number) * SCALE + 0.5;
    if (v >= floor)
      scores[m++] =
        quantised(scores[i] as number) * RANK_BITS + (RANK_BITS - 1 - (ranks[docs[i] as number] as number));
  }
  return m >= k ? scores.subarray(0, m) : null;
}

/** BM25 weight of one posting. */
export function bm25(idf: number, tf: number, len: number, avg: number): number {
  return (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avg));
}

/**
 * Inverse document frequency (the BM25 "plus one" form, never negative). `df` may count
 * postings of deleted documents until the next merge, so it is capped at `n`.
 */
export function idfOf(df: number, n: number): number {
  const d = Math.min(df, n);
  return Math.log(1 + (n - d + 0.5) / (d + 0.5));
}

const none = (): Omit<Scored, 'terms'> => ({ docs: new Int32Array(0), scores: new Float64Array(0) });

interface Group {
  termIds: number[];
  exact: number;
  term: string;
  prefix: boolean;
  /** Feeds whose title holds the word. */
  feeds: Set<number>;
  /** Upper bound of the documents the word matches (its terms' postings). */
  size: number;
}

/**
 * Scores every document matching all of `words` (or, with `anyIfNone` and no full match, any of
 * them). Words are taken rarest first, and a later word's postings only score documents that
 * matched every earlier word. Cost: one pass over the postings of the query's terms (and over
 * every document for a word in a feed's title), plus the matched documents. `direct` false
 * keeps to the general path (the reference the direct one is tested against).
 */
export function scoreQuery(
  index: SearchIndex,
  words: QueryWord[],
  feedTerms: FeedTerms,
  scratch: Scratch,
  anyIfNone = false,
  direct = true,
): Scored {
  const groups = groupsOf(index, words, feedTerms);
  const terms = termsOf(index, groups);
  if (groups.length === 0) return { ...none(), terms: [] };
  scratch.prepare(index.slotCount());
  // `hits` counts words in a Uint8Array: a query of 255 words or more matches nothing (AND).
  if (groups.length >= 255) return { ...(anyIfNone ? scoreAny(index, groups, scratch) : none()), terms };
  const all = scoreAll(
    index,
    [...groups].sort((a, b) => a.size - b.size),
    scratch,
    direct,
  );
  if (all.docs.length > 0 || !anyIfNone || groups.length < 2) return { ...all, terms };
  return { ...scoreAny(index, groups, scratch), terms };
}

// The query's words as groups of dictionary terms.
function groupsOf(index: SearchIndex, words: QueryWord[], feedTerms: FeedTerms): Group[] {
  const groups: Group[] = [];
  for (const w of words)
    for (const [i, term] of w.terms.entries()) {
      const prefix = w.prefix && i === w.terms.length - 1;
      const exact = index.termId(term);
      const termIds = prefix ? index.prefixTerms(term, PREFIX_CAP) : exact >= 0 ? [exact] : [];
      if (prefix && exact >= 0 && !termIds.includes(exact)) termIds.push(exact);
      const feeds = matchingFeeds(feedTerms, term, prefix);
      const size = termIds.reduce((sum, t) => sum + index.docFreq(t), feeds.size > 0 ? index.slotCount() : 0);
      groups.push({ termIds, exact, term, prefix, feeds, size });
    }
  return groups;
}

const termsOf = (index: SearchIndex, groups: Group[]): string[] => [
  ...new Set(groups.flatMap((g) => g.termIds.map((t) => index.term(t)))),
];

/** The dictionary terms a query uses (for highlighting), without scoring it. */
export function queryTerms(index: SearchIndex, words: QueryWord[]): string[] {
  return termsOf(index, groupsOf(index, words, new Map()));
}

// The weight of one of a word's terms: its idf, less for a prefix's expansion than the word.
// `live`: the index's live documents (at least 1).
const termIdf = (index: SearchIndex, t: number, g: Group, live: number): number =>
  idfOf(index.docFreq(t), live) * (t === g.exact ? 1 : EXPANSION_WEIGHT);

// Adds one word's scores (all its terms, and the documents of feeds whose title holds it) to the
// documents the gate lets in.
function scoreGroup(index: SearchIndex, g: Group, scratch: Scratch, gate: Gate): void {
  const { acc } = scratch;
  const norm = scratch.norms(index);
  const live = Math.max(1, index.docCount());
  for (const t of g.termIds) index.accumulate(t, termIdf(index, t, g, live), K1 + 1, norm, acc, gate);
  if (g.feeds.size === 0) return;
  const n = index.slotCount();
  const inGroup = memberOf(g.feeds, (doc) => index.feedId(doc));
  let inFeeds = 0;
  for (let doc = 0; doc < n; doc++) if (index.isLive(doc) && inGroup(doc)) inFeeds++;
  const idf = idfOf(inFeeds, live) * FEED_WEIGHT;
  for (let doc = 0; doc < n; doc++)
    if (inGroup(doc) && admit(gate, doc, index.isLive(doc))) acc[doc] = (acc[doc] as number) + idf;
}

// Documents matching every group, with their scores; scratch left clean. Groups of one term
// each and no feed title take the direct path (directPostings.ts), which gives the same.
function scoreAll(
  index: SearchIndex,
  groups: Group[],
  scratch: Scratch,
  direct: boolean,
): Omit<Scored, 'terms'> {
  if (direct && groups.every((g) => g.termIds.length === 1 && g.feeds.size === 0))
    return scoreDirect(index, groups, scratch);
  const { acc, hits, touched } = scratch;
  const gate: Gate = { hits, group: 0, touched, count: 0 };
  for (const [i, g] of groups.entries()) {
    gate.group = i;
    scoreGroup(index, g, scratch, gate);
  }
  const need = groups.length;
  const { scores } = scratch;
  let k = 0;
  // Matches move to the front of `touched` (k ≤ i), their scores beside them.
  for (let i = 0; i < gate.count; i++) {
    const d = touched[i] as number;
    if (hits[d] === need) {
      touched[k] = d;
      scores[k++] = acc[d] as number;
    }
    acc[d] = 0;
    hits[d] = 0;
  }
  return { docs: touched.subarray(0, k), scores: scores.subarray(0, k) };
}

// scoreAll for groups of one term each and no feed title (directPostings.ts).
function scoreDirect(index: SearchIndex, groups: Group[], scratch: Scratch): Omit<Scored, 'terms'> {
  const live = Math.max(1, index.docCount());
  // Each group holds one term here (scoreAll's test).
  const terms = groups.map((g) => ({ termId: g.termIds[0]!, idf: termIdf(index, g.termIds[0]!, g, live) }));
  const { touched: docs, scores } = scratch;
  const n = scoreTerms(index, terms, { docs, scores, norm: scratch.norms(index), k1p1: K1 + 1 });
  return { docs: docs.subarray(0, n), scores: scores.subarray(0, n) };
}

// Documents matching any group, with their summed scores; scratch left clean. Each group is
// gathered alone (as group 0, over `marks`), then its new documents are listed.
function scoreAny(index: SearchIndex, groups: Group[], scratch: Scratch): Omit<Scored, 'terms'> {
  const { acc, hits, marks, touched } = scratch;
  const found: number[] = [];
  const gate: Gate = { hits: marks, group: 0, touched, count: 0 };
  for (const g of groups) {
    gate.count = 0;
    scoreGroup(index, g, scratch, gate);
    for (let i = 0; i < gate.count; i++) {
      const d = touched[i] as number;
      marks[d] = 0;
      if (hits[d] === 1) continue;
      hits[d] = 1;
      found.push(d);
    }
  }
  const { scores } = scratch;
  found.forEach((d, i) => {
    touched[i] = d;
    scores[i] = acc[d] as number;
    acc[d] = 0;
    hits[d] = 0;
  });
  return { docs: touched.subarray(0, found.length), scores: scores.subarray(0, found.length) };
}

function matchingFeeds(feedTerms: FeedTerms, term: string, prefix: boolean): Set<number> {
  const out = new Set<number>();
  for (const [feed, terms] of feedTerms)
    if (terms.some((t) => (prefix ? t.startsWith(term) : t === term))) out.add(feed);
  return out;
}
