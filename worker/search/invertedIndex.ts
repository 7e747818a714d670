/**
 * The inverted index behind full-text search (indexing and reading; the serialisable form is in
 * searchIndex.ts). Documents are numbered by their TextStore slot.
 * Layout: a term dictionary (Map for exact lookup; the merged part of `terms` is sorted, so a
 * prefix is a binary search), a merged "main" segment of postings in one byte array (see
 * postings.ts: per term a delta list or a bitmap) with per-term offsets, and a "pending"
 * segment (pendingPostings.ts: varint deltas in shared byte blocks) for documents added since
 * the last merge. Deletes are tombstones;
 * `merge()` folds pending postings in, drops dead documents and re-sorts the dictionary. Term
 * frequencies are field-weighted (title ×3, author and text ×1) so BM25 over one combined field
 * ranks title hits first.
 */
import { PostingsWriter, accumulatePostings, admit, decodePostings, type Gate } from './postings';
import { PendingPostings } from './pendingPostings';
import type { TermPostings } from './directPostings';
import { DictionaryPack, prefixTermIds } from './termLookup';
import { forEachTerm } from './tokenize';

/** Weight of a title occurrence in the combined term frequency. */
export const TITLE_WEIGHT = 3;
const MAX_DOC_LEN = 65_535;

/** What is indexed of one document. */
export interface DocFields {
  title: string;
  author: string;
  /** Plain text of the description (already lower-cased is fine; it is folded again). */
  text: string;
  feedId: number;
  pubDate: number;
}

/** Weighted term frequencies of a document. */
export function termFrequencies(fields: Pick<DocFields, 'title' | 'author' | 'text'>): Map<string, number> {
  const tf = new Map<string, number>();
  const add = (w: number) => (t: string) => tf.set(t, (tf.get(t) ?? 0) + w);
  forEachTerm(fields.title, add(TITLE_WEIGHT));
  forEachTerm(fields.author, add(1));
  forEachTerm(fields.text, add(1));
  return tf;
}

export class InvertedIndex {
  protected readonly termIds = new Map<string, number>();
  protected terms: string[] = [];
  /** Terms [0, mainTerms) are sorted and own the main postings. */
  protected mainTerms = 0;
  protected offsets: Int32Array = new Int32Array(1);
  protected data: Uint8Array = new Uint8Array(0);
  protected df = new Int32Array(0);
  protected readonly pending = new PendingPostings();
  protected docLen = new Uint16Array(0);
  protected pubDates = new Float64Array(0);
  protected feedIds = new Int32Array(0);
  protected alive = new Uint8Array(0);
  protected docs = 0;
  protected live = 0;
  protected lenSum = 0;
  protected _version = 0;
  /**
   * Moves whenever document numbers are reassigned (a merge that renumbers, a load): until it
   * moves, a document keeps its number and date, and new ones only come after the last.
   */
  protected _layout = 0;
  /** Documents removed since the last prune or merge (`prunePending` skips its pass at 0). */
  private removedSincePrune = 0;
  /** The terms as bytes, for `termsContaining`: made at its first call, then kept up. */
  protected readonly pack = new DictionaryPack();

  get version(): number {
    return this._version;
  }
  get layout(): number {
    return this._layout;
  }
  /** Live documents. */
  docCount(): number {
    return this.live;
  }
  /** Document slots (live or dead): scratch arrays must be this long. */
  slotCount(): number {
    return this.docs;
  }
  termCount(): number {
    return this.terms.length;
  }
  isLive(doc: number): boolean {
    return this.alive[doc] === 1;
  }
  pubDate(doc: number): number {
    return this.pubDates[doc] ?? 0;
  }
  feedId(doc: number): number {
    return this.feedIds[doc] ?? 0;
  }
  length(doc: number): number {
    return this.docLen[doc] ?? 0;
  }
  avgLength(): number {
    return this.live === 0 ? 1 : Math.max(1, this.lenSum / this.live);
  }
  /** Documents holding the term (dead ones included until the next merge). */
  docFreq(termId: number): number {
    return this.df[termId] ?? 0;
  }
  termId(term: string): number {
    return this.termIds.get(term) ?? -1;
  }
  term(termId: number): string {
    return this.terms[termId] ?? '';
  }
  /** Postings not yet merged (merge when this grows large). */
  pendingSize(): number {
    return this.pending.postings;
  }
  /** Bytes of merged postings. */
  mainBytes(): number {
    return this.data.length;
  }
  /** Approximate bytes held by the typed arrays (the Map and strings come on top). */
  bytes(): number {
    return (
      this.data.length +
      this.offsets.byteLength +
      this.df.byteLength +
      this.docLen.byteLength +
      this.pubDates.byteLength +
      this.feedIds.byteLength +
      this.alive.byteLength +
      this.pending.bytes() +
      this.pack.bytes()
    );
  }

  /**
   * Indexes document `doc` (a TextStore slot, higher than every slot added before).
   * Cost: one tokenisation of the fields; postings go to the pending segment.
   */
  add(doc: number, fields: DocFields): void {
    if (doc < this.docs) throw new RangeError(`document ${doc} added out of order`);
    this.grow(doc + 1);
    this.docs = doc + 1;
    const tf = termFrequencies(fields);
    let len = 0;
    for (const [term, f] of tf) {
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = this.terms.length;
        this.terms.push(term);
        this.termIds.set(term, id);
        if (id >= this.df.length) {
          const next = new Int32Array(Math.max(1024, id * 2));
          next.set(this.df);
          this.df = next;
        }
      }
      this.pending.add(id, doc, f);
      this.df[id]!++;
      len += f;
    }
    len = Math.min(len, MAX_DOC_LEN);
    this.docLen[doc] = len;
    this.pubDates[doc] = fields.pubDate;
    this.feedIds[doc] = fields.feedId;
    this.alive[doc] = 1;
    this.live++;
    this.lenSum += len;
    this._version++;
  }

  /** Tombstones a document (its postings stay until the next merge or `prunePending`). */
  remove(doc: number): void {
    if (this.alive[doc] !== 1) return;
    this.removedSincePrune++;
    this.alive[doc] = 0;
    this.live--;
    this.lenSum -= this.docLen[doc] as number;
    this._version++;
  }

  /**
   * Drops the pending postings of dead documents, which would otherwise wait for the next merge:
   * a refresh's articles removed soon after (a feed deleted, retention) need no merge of the
   * whole index to give their memory back, nor a place in the persisted tail. Their counts leave
   * the document frequencies. Cost: O(pending postings), none when no document was removed since
   * the last prune or merge. Returns how many postings went.
   */
  prunePending(): number {
    if (this.removedSincePrune === 0) return 0;
    this.removedSincePrune = 0;
    const alive = this.alive;
    let dropped = 0;
    this.pending.filter(
      (doc) => alive[doc] === 1,
      (term, n) => {
        dropped += n;
        this.df[term]! -= n;
      },
    );
    if (dropped > 0) this._version++;
    return dropped;
  }

  /** Calls `fn(doc, tf)` for the live postings of a term, in doc order. */
  forEachPosting(termId: number, fn: (doc: number, tf: number) => void): void {
    const alive = this.alive;
    const visit = (doc: number, tf: number) => {
      if (alive[doc] === 1) fn(doc, tf);
    };
    if (termId < this.mainTerms)
      decodePostings(this.data, this.offsets[termId]!, this.offsets[termId + 1]!, visit);
    this.pending.forEach(termId, visit);
  }

  /** A term's postings and the documents' live flags, for the loops of directPostings.ts. */
  postingsOf(termId: number): TermPostings {
    const main = termId >= 0 && termId < this.mainTerms;
    const [from = 0, to = 0] = main ? this.offsets.subarray(termId, termId + 2) : [];
    const pending = (fn: (doc: number, tf: number) => void) => this.pending.forEach(termId, fn);
    return { data: this.data, from, to, alive: this.alive, pending };
  }

  /**
   * Adds `idf`-weighted BM25 of every live posting of a term that passes `gate` into `acc`
   * (IMPORTANT: the hot loop of every search; see accumulatePostings). `norm[doc]` is
   * K1·(1 − B + B·len/avg); `k1p1` is K1+1.
   */
  accumulate(
    termId: number,
    idf: number,
    k1p1: number,
    norm: Float32Array,
    acc: Float64Array,
    gate: Gate,
  ): void {
    const { data, from, to, alive, pending } = this.postingsOf(termId);
    accumulatePostings(data, from, to, alive, idf, k1p1, norm, acc, gate);
    pending((doc, tf) => {
      if (admit(gate, doc, alive[doc] === 1))
        acc[doc] = (acc[doc] as number) + (idf * tf * k1p1) / (tf + (norm[doc] as number));
    });
  }

  /**
   * Ids of terms starting with `prefix`, at most `cap`, preferring frequent ones.
   * Cost: a binary search in the sorted dictionary plus a scan of the unmerged terms.
   */
  prefixTerms(prefix: string, cap: number): number[] {
    return prefixTermIds(this.terms, this.mainTerms, (t) => this.docFreq(t), prefix, cap);
  }

  /**
   * Ids of the terms holding `piece` (folded, as terms are), and of every term cut at
   * MAX_TERM_LENGTH (its word may have held the piece past the cut). The first call packs the
   * dictionary (termLookup.ts: ~its size in bytes, kept from then on).
   * Cost: one byte search over the packed terms, plus a lookup per term found.
   */
  termsContaining(piece: string): number[] {
    return this.pack.containing(piece, this.terms, this.termIds);
  }

  /**
   * Folds the pending postings into the main segment, drops dead documents' postings and terms
   * left without postings, and sorts the dictionary. `remap` (old doc → new doc or -1, order
   * preserving) renumbers documents after a TextStore compaction.
   * Cost: O(total postings + terms log terms); ~100 ms at 100k articles.
   */
  merge(remap: Int32Array | null = null): void {
    // The pack holds strings, so it outlives the renumbering once it has every term.
    this.pack.catchUp(this.terms);
    const alive = this.alive;
    const order = this.terms.map((_, i) => i).sort((a, b) => this.cmpTerms(a, b));
    // The postings to go through (document frequencies count the dead ones until a merge) and
    // how many are done: a writer that runs
    // short grows to its length scaled by the share left (terms come in dictionary order, so
    // frequent and rare ones are spread over the pass) instead of doubling.
    let total = 0;
    for (let t = 0; t < this.terms.length; t++) total += this.df[t] as number;
    let done = 0;
    const writer = new PostingsWriter(
      this.mergeCapacity(),
      (written) => (written * total) / Math.max(1, done),
    );
    const terms: string[] = [];
    const offsets: number[] = [0];
    const df: number[] = [];
    let docs = new Int32Array(1024);
    let tfs = new Int32Array(1024);
    for (const old of order) {
      let count = 0;
      this.forEachRaw(old, (doc, tf) => {
        done++;
        if (alive[doc] !== 1) return;
        const d = remap ? (remap[doc] as number) : doc;
        if (d < 0) return;
        if (count === docs.length) {
          docs = grown(docs);
          tfs = grown(tfs);
        }
        docs[count] = d;
        tfs[count++] = tf;
      });
      if (count === 0) continue;
      writer.term(docs, tfs, count);
      terms.push(this.terms[old] as string);
      offsets.push(writer.length);
      df.push(count);
    }
    if (remap) this.remapDocs(remap);
    this.terms = terms;
    this.termIds.clear();
    terms.forEach((t, i) => this.termIds.set(t, i));
    this.mainTerms = terms.length;
    this.pack.renumbered(terms.length);
    this.offsets = Int32Array.from(offsets);
    this.data = writer.finish();
    this.df = new Int32Array(Math.max(1024, terms.length));
    this.df.set(df);
    this.pending.clear();
    this.removedSincePrune = 0;
    this._version++;
  }

  /**
   * Bytes a merge's writer starts with: the segment's bytes plus the pending postings' less one
   * a posting (held as a varint of the delta and one of the frequency, where the segment codes
   * both in one varint, `postings.ts`), and a byte a term, scaled by the live documents' share
   * of the words indexed (the dead ones' postings are dropped). Terms that take the bitmap layout
   * make the merged segment smaller; rare terms' large deltas can make it larger,
   * and the writer then grows to what its progress predicts (see `merge`). A writer started at
   * half the old guess and doubled held the old and the new buffer at once (at 1M articles ~90
   * MB for a moment beside the old segment).
   */
  mergeCapacity(): number {
    const pending = this.pending.postingBytes() - this.pending.postings + this.pending.termCount();
    let all = 0;
    for (let doc = 0; doc < this.docs; doc++) all += this.docLen[doc] as number;
    const liveShare = all === 0 ? 1 : this.lenSum / all;
    return Math.max(1 << 16, Math.ceil((this.data.length + pending) * liveShare));
  }

  private cmpTerms(a: number, b: number): number {
    const x = this.terms[a] as string;
    const y = this.terms[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  // Postings of a term, dead ones included.
  private forEachRaw(termId: number, fn: (doc: number, tf: number) => void): void {
    if (termId < this.mainTerms)
      decodePostings(this.data, this.offsets[termId]!, this.offsets[termId + 1]!, fn);
    this.pending.forEach(termId, fn);
  }

  private remapDocs(remap: Int32Array): void {
    const n = remap.reduce((m, d) => Math.max(m, d + 1), 0);
    const docLen = new Uint16Array(Math.max(1024, n));
    const pub = new Float64Array(docLen.length);
    const feed = new Int32Array(docLen.length);
    const alive = new Uint8Array(docLen.length);
    for (let old = 0; old < remap.length && old < this.docs; old++) {
      const d = remap[old] as number;
      if (d < 0 || this.alive[old] !== 1) continue;
      docLen[d] = this.docLen[old] as number;
      pub[d] = this.pubDates[old] as number;
      feed[d] = this.feedIds[old] as number;
      alive[d] = 1;
    }
    this.docLen = docLen;
    this.pubDates = pub;
    this.feedIds = feed;
    this.alive = alive;
    this.docs = n;
    this._layout++;
  }

  protected grow(min: number): void {
    if (min <= this.docLen.length) return;
    const cap = Math.max(1024, min, this.docLen.length * 2);
    const copy = <A extends Float64Array | Int32Array | Uint8Array | Uint16Array>(src: A, next: A): A => {
      next.set(src.subarray(0, this.docs));
      return next;
    };
    this.docLen = copy(this.docLen, new Uint16Array(cap));
    this.pubDates = copy(this.pubDates, new Float64Array(cap));
    this.feedIds = copy(this.feedIds, new Int32Array(cap));
    this.alive = copy(this.alive, new Uint8Array(cap));
  }
}

function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const next = new Int32Array(a.length * 2);
  next.set(a);
  return next;
}
