/**
 * The search index with its serialisable form: `toData()` gives the merged index as a few
 * typed arrays and one string (what persist.ts stores), `load()` takes them back, and
 * `isSearchData` checks a stored value before it is trusted. Indexing, reading and merging are
 * in invertedIndex.ts.
 */
import { InvertedIndex } from './invertedIndex';
import { countPostings } from './postings';

export { TITLE_WEIGHT, termFrequencies, type DocFields } from './invertedIndex';

/** The serialisable state of a merged index. */
export interface SearchIndexData {
  /** Dictionary terms, sorted, joined with '\n' (terms never contain a newline). */
  terms: string;
  offsets: Int32Array;
  data: Uint8Array;
  docLen: Uint16Array;
  pubDate: Float64Array;
  feedId: Int32Array;
  alive: Uint8Array;
}

/** Whether `v` is well-formed SearchIndexData for `slots` documents (a stored value is never trusted). */
export function isSearchData(v: unknown, slots: number): v is SearchIndexData {
  const d = v as Partial<SearchIndexData> | undefined;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.terms === 'string' &&
    d.offsets instanceof Int32Array &&
    d.data instanceof Uint8Array &&
    d.docLen instanceof Uint16Array &&
    d.pubDate instanceof Float64Array &&
    d.feedId instanceof Int32Array &&
    d.alive instanceof Uint8Array &&
    d.alive.length === slots &&
    d.docLen.length === slots
  );
}

/** The full-text index (see invertedIndex.ts) plus its persisted form. */
export class SearchIndex extends InvertedIndex {
  /** The merged state (merges first). Arrays are copies trimmed to size. */
  toData(): SearchIndexData {
    if (this.pendingPostings > 0 || this.mainTerms !== this.terms.length) this.merge();
    const n = this.docs;
    return {
      terms: this.terms.join('\n'),
      offsets: this.offsets.slice(),
      data: this.data.slice(),
      docLen: this.docLen.slice(0, n),
      pubDate: this.pubDates.slice(0, n),
      feedId: this.feedIds.slice(0, n),
      alive: this.alive.slice(0, n),
    };
  }

  /** Replaces the content with merged data (from `toData`). */
  load(d: SearchIndexData): void {
    this.terms = d.terms === '' ? [] : d.terms.split('\n');
    this.termIds.clear();
    this.terms.forEach((t, i) => this.termIds.set(t, i));
    this.mainTerms = this.terms.length;
    this.offsets = d.offsets;
    this.data = d.data;
    this.df = new Int32Array(Math.max(1024, this.terms.length));
    for (let t = 0; t < this.mainTerms; t++)
      this.df[t] = countPostings(this.data, this.offsets[t]!, this.offsets[t + 1]!);
    this.pending = new Map();
    this.pendingPostings = 0;
    const n = d.alive.length;
    this.docs = 0;
    this.docLen = new Uint16Array(0);
    this.grow(n);
    this.docLen.set(d.docLen);
    this.pubDates.set(d.pubDate);
    this.feedIds.set(d.feedId);
    this.alive.set(d.alive);
    this.docs = n;
    this.live = 0;
    this.lenSum = 0;
    for (let doc = 0; doc < n; doc++)
      if (this.alive[doc] === 1) {
        this.live++;
        this.lenSum += this.docLen[doc] as number;
      }
    this._version++;
  }

  /** Empties the index. */
  clear(): void {
    this.load({
      terms: '',
      offsets: new Int32Array(1),
      data: new Uint8Array(0),
      docLen: new Uint16Array(0),
      pubDate: new Float64Array(0),
      feedId: new Int32Array(0),
      alive: new Uint8Array(0),
    });
  }
}
