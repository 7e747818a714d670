/**
 * The search index with its serialisable form, in two parts so a write need not merge:
 * - `toMain()`: the merged segment (sorted dictionary, postings, offsets) and the per-document
 *   arrays (length, date, feed) of the documents it was merged over. It changes only when the
 *   index merges, which rewrites the whole segment anyway; persist.ts writes it then.
 * - `toTail()`: everything since (the terms first seen after the merge, the pending postings as
 *   one flat array, the later documents' arrays) and every document's live byte. Small next to
 *   the segment (~1 byte a document plus what came since); written each time.
 * `load()` takes both back; `isSearchMain` and `isSearchTail` check stored values before they
 * are trusted. Indexing, reading and merging are in invertedIndex.ts.
 *
 * Why two parts: `toData` used to merge before every write, so a refresh's few thousand new
 * articles cost a merge of the whole index at each snapshot (~2.5 s at 1M articles, the bench's
 * scroll profile) and a write of all of it (~60 MB at 1M).
 */
import { InvertedIndex } from './invertedIndex';
import { readPendingBytes } from './pendingPostings';
import { countPostings } from './postings';

export { TITLE_WEIGHT, termFrequencies, type DocFields } from './invertedIndex';

/** The merged segment. */
export interface SearchMain {
  /** Dictionary terms, sorted, joined with '\n' (terms never contain a newline). */
  terms: string;
  offsets: Int32Array;
  data: Uint8Array;
  /** Length, date and feed of the documents [0, n) the segment was merged over. */
  docLen: Uint16Array;
  pubDate: Float64Array;
  feedId: Int32Array;
}

/** What came after the merged segment, and the per-document arrays. */
export interface SearchTail {
  /** Terms first seen after the merge, in the order they were (their ids follow the segment's). */
  newTerms: string;
  /**
   * Pending postings: `PendingPostings.toBytes` (written now), or the flat form written before,
   * per term `termId, count, doc₁, tf₁, …, doc_count, tf_count` (still read: a stored tail
   * stays good across the update instead of costing a rebuild of the search index).
   */
  pending: Uint8Array | Int32Array;
  /** Length, date and feed of the documents after the segment's. */
  docLen: Uint16Array;
  pubDate: Float64Array;
  feedId: Int32Array;
  /** 1 per live document, every document. */
  alive: Uint8Array;
}

/** Whether `v` is a well-formed merged segment (a stored value is never trusted). O(terms). */
export function isSearchMain(v: unknown): v is SearchMain {
  const d = v as Partial<SearchMain> | undefined;
  if (typeof d !== 'object' || d === null || typeof d.terms !== 'string') return false;
  if (!(d.offsets instanceof Int32Array) || !(d.data instanceof Uint8Array)) return false;
  if (
    !(d.docLen instanceof Uint16Array) ||
    !(d.pubDate instanceof Float64Array) ||
    !(d.feedId instanceof Int32Array)
  )
    return false;
  if (d.pubDate.length !== d.docLen.length || d.feedId.length !== d.docLen.length) return false;
  const terms = d.terms === '' ? 0 : countLines(d.terms);
  if (d.offsets.length !== terms + 1 || d.offsets[0] !== 0 || d.offsets[terms] !== d.data.length)
    return false;
  for (let t = 0; t < terms; t++) if (d.offsets[t]! > d.offsets[t + 1]!) return false;
  return true;
}

/**
 * Whether `v` is a well-formed tail for `slots` documents after a segment of `mainTerms` terms
 * over `mainDocs` documents: every pending posting names a known term and a document below
 * `slots`, in document order. O(pending postings).
 */
export function isSearchTail(
  v: unknown,
  slots: number,
  mainTerms: number,
  mainDocs: number,
): v is SearchTail {
  const d = v as Partial<SearchTail> | undefined;
  if (typeof d !== 'object' || d === null || typeof d.newTerms !== 'string') return false;
  if (
    !(d.pending instanceof Int32Array || d.pending instanceof Uint8Array) ||
    !(d.docLen instanceof Uint16Array) ||
    !(d.pubDate instanceof Float64Array) ||
    !(d.feedId instanceof Int32Array) ||
    !(d.alive instanceof Uint8Array)
  )
    return false;
  if (d.alive.length !== slots || mainDocs > slots) return false;
  if ([d.docLen, d.pubDate, d.feedId].some((a) => a.length !== slots - mainDocs)) return false;
  const terms = mainTerms + (d.newTerms === '' ? 0 : countLines(d.newTerms));
  const p = d.pending;
  if (p instanceof Uint8Array)
    return readPendingBytes(p, (term, doc, tf) => term < terms && doc < slots && tf >= 0);
  for (let i = 0; i < p.length;) {
    const term = p[i]!;
    const count = p[i + 1]!;
    if (term < 0 || term >= terms || count < 1 || i + 2 + 2 * count > p.length) return false;
    let last = -1;
    for (let k = 0; k < count; k++) {
      const doc = p[i + 2 + 2 * k]!;
      if (doc <= last || doc >= slots || p[i + 3 + 2 * k]! < 0) return false;
      last = doc;
    }
    i += 2 + 2 * count;
  }
  return true;
}

function countLines(s: string): number {
  let n = 1;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** The full-text index (see invertedIndex.ts) plus its persisted form. */
export class SearchIndex extends InvertedIndex {
  private _mainVersion = 0;
  /** Documents the merged segment was made over (their per-document arrays go with it). */
  private mainDocs = 0;

  /** Moves when the merged segment changes (a merge or a load): `toMain()` then differs. */
  get mainVersion(): number {
    return this._mainVersion;
  }

  override merge(remap: Int32Array | null = null): void {
    super.merge(remap);
    this.mainDocs = this.docs;
    this._mainVersion++;
  }

  /**
   * The merged segment as it is now, without merging, taken (`take()`) later: only if it is to
   * be written. What it reads is never written again in place: a merge or a load replaces the
   * dictionary, the postings and the per-document arrays, terms are appended past the segment's
   * and documents past `mainDocs`, so `take()` gives this moment's segment after later changes.
   */
  toMain(): { take: () => SearchMain } {
    const { terms, offsets, data, docLen, pubDates, feedIds } = this;
    const t = this.mainTerms;
    const n = this.mainDocs;
    return {
      take: () => ({
        terms: terms.slice(0, t).join('\n'),
        offsets,
        data,
        docLen: docLen.slice(0, n),
        pubDate: pubDates.slice(0, n),
        feedId: feedIds.slice(0, n),
      }),
    };
  }

  /** Everything since the merged segment, and every document's live byte (copies). O(documents + pending). */
  toTail(): SearchTail {
    const n = this.docs;
    const m = this.mainDocs;
    return {
      newTerms: this.terms.slice(this.mainTerms).join('\n'),
      pending: this.pending.toBytes(),
      docLen: this.docLen.slice(m, n),
      pubDate: this.pubDates.slice(m, n),
      feedId: this.feedIds.slice(m, n),
      alive: this.alive.slice(0, n),
    };
  }

  /** Replaces the content with a segment and its tail (from `toMain` and `toTail`, checked). */
  load(main: SearchMain, tail: SearchTail): void {
    this.pack.drop();
    this.terms = main.terms === '' ? [] : main.terms.split('\n');
    this.mainTerms = this.terms.length;
    if (tail.newTerms !== '') for (const t of tail.newTerms.split('\n')) this.terms.push(t);
    this.termIds.clear();
    this.terms.forEach((t, i) => this.termIds.set(t, i));
    this.offsets = main.offsets;
    this.data = main.data;
    this.df = new Int32Array(Math.max(1024, this.terms.length));
    for (let t = 0; t < this.mainTerms; t++)
      this.df[t] = countPostings(this.data, this.offsets[t]!, this.offsets[t + 1]!);
    this.pending.clear();
    const p = tail.pending;
    if (p instanceof Uint8Array)
      readPendingBytes(p, (term, doc, tf) => {
        this.pending.add(term, doc, tf);
        this.df[term]!++;
        return true;
      });
    else
      for (let i = 0; i < p.length;) {
        const term = p[i]!;
        const count = p[i + 1]!;
        for (let k = i + 2; k < i + 2 + 2 * count; k += 2) this.pending.add(term, p[k]!, p[k + 1]!);
        this.df[term]! += count;
        i += 2 + 2 * count;
      }
    const n = tail.alive.length;
    this.docs = 0;
    this.docLen = new Uint16Array(0);
    this.grow(n);
    const m = main.docLen.length;
    this.docLen.set(main.docLen);
    this.docLen.set(tail.docLen, m);
    this.pubDates.set(main.pubDate);
    this.pubDates.set(tail.pubDate, m);
    this.feedIds.set(main.feedId);
    this.feedIds.set(tail.feedId, m);
    this.alive.set(tail.alive);
    this.docs = n;
    this.mainDocs = m;
    this.live = 0;
    this.lenSum = 0;
    for (let doc = 0; doc < n; doc++)
      if (this.alive[doc] === 1) {
        this.live++;
        this.lenSum += this.docLen[doc] as number;
      }
    this._version++;
    this._mainVersion++;
    this._layout++;
  }

  /** Empties the index. */
  clear(): void {
    this.load(
      {
        terms: '',
        offsets: new Int32Array(1),
        data: new Uint8Array(0),
        docLen: new Uint16Array(0),
        pubDate: new Float64Array(0),
        feedId: new Int32Array(0),
      },
      {
        newTerms: '',
        pending: new Int32Array(0),
        docLen: new Uint16Array(0),
        pubDate: new Float64Array(0),
        feedId: new Int32Array(0),
        alive: new Uint8Array(0),
      },
    );
  }
}
