import type { MetaIndexView } from '../index/types';
import type { DescriptionSource } from './language/textColumn';
import type { TextStore } from '../search/textStore';
import { TITLE_WEIGHT } from '../search/searchIndex';
import { foldSafe, insideStopWord } from '../search/tokenize';

// Match maps kept per needle: a page of results and its count reuse one scan.
const CACHED_NEEDLES = 8;
/**
 * Candidate texts, as a share of the live texts, past which the search index is not asked: with
 * a candidate in every twelfth text, reading a chunk's candidates one by one costs about what
 * reading the chunk whole does (~4 µs a text, ~0.3 ms a 1 MiB chunk of ~1,000 texts, OPFS on
 * disk), so the scan would read nearly every chunk whole and the lookup would only add to it.
 */
const NARROW_SHARE = 1 / 12;

/** The search index's view the narrowing reads (documents are the store's slots). */
export interface DescriptionTerms {
  slotCount(): number;
  docCount(): number;
  termsContaining(piece: string): number[];
  term(termId: number): string;
  docFreq(termId: number): number;
  /** `tf`: TITLE_WEIGHT for each occurrence in the title, 1 for each in the author or text. */
  forEachPosting(termId: number, fn: (doc: number, tf: number) => void): void;
}

/**
 * The piece of a `description LIKE` needle the search index can narrow by: its longest run of
 * three or more ASCII letters and digits that is not inside a stop word (the index drops stop
 * words, so a run inside one may come from no term). Null when there is none. Sound because
 * every text holding the needle holds that run inside one word, and the index keeps a term of
 * each word holding the run (folding leaves ASCII letters and digits as they are), or cuts the
 * word at 40 characters (`termsContaining` adds every cut term).
 */
export function narrowingPiece(needleLower: string): string | null {
  let best: string | null = null;
  for (const run of needleLower.match(/[a-z0-9]{3,}/g) ?? []) {
    if (insideStopWord(run)) continue;
    if (best === null || run.length > best.length) best = run;
  }
  return best;
}

/**
 * The planner's view of descriptions over the text store: rows of the metadata index are mapped
 * to items by id (the store is keyed by id, so index compaction cannot misalign them).
 * `contains` answers from one whole-store byte scan per needle, kept for the latest needles: once
 * the store has changed, the next question about a needle scans only the texts added since (a
 * refresh adds a few hundred; a whole scan reads every text), unless the store renumbered its
 * slots (a compaction or a load), which needs the whole scan again.
 */
export class StoreDescriptionSource implements DescriptionSource {
  /** Per needle, in the order they were last scanned: the map and the store's `version` and `numbering` it is of. */
  private readonly maps = new Map<string, { map: Uint8Array; version: number; numbering: number }>();
  /** `narrowed`'s working marks, kept between filters (one byte a slot). */
  private among = new Uint8Array(0);
  /** `rowHits`'s answer, lent to its callers (one byte a row). */
  private lent = new Uint8Array(0);

  /**
   * `terms`: the search index over the store's slots, or null while it is not (loading): a
   * needle with a `narrowingPiece` then reads only the texts whose terms hold that piece,
   * unless they are more than `narrowShare` of the live texts.
   */
  constructor(
    private readonly index: MetaIndexView,
    private readonly store: TextStore,
    private readonly terms: () => DescriptionTerms | null = () => null,
    private readonly narrowShare = NARROW_SHARE,
  ) {}

  /** Decoded text of the row's item. Cost: one UTF-8 decode (only ORDER BY / = use this). */
  textLower(row: number): string {
    return this.store.text(this.index.id(row));
  }

  /** Whether the row's text contains `needleLower`. O(1) after the first call per needle. */
  contains(row: number, needleLower: string): boolean {
    const slot = this.store.slotOf(this.index.id(row));
    return slot >= 0 && this.slotHits(needleLower)[slot] === 1;
  }

  /**
   * `contains` for every row of the index at once, in row order (1 = contains). A walk in date
   * order then reads one byte per row: at 1M rows, asking `contains` row by row in that order
   * cost ~30 ms of lookups beyond the scan. Cost: the scan (cached per needle) + O(rows).
   * The array is lent (DescriptionSource): each call fills the same one again. At 1M articles a
   * fresh megabyte per filter cost the engine worker ~4–9 ms on the benchmark VM (see `among`),
   * a fifth of a filter with a new word; the callers read it through before the next call
   * (plan.ts's walk, rowTests' combinations) or keep a copy (rowTests.scanned).
   */
  rowHits(needleLower: string): Uint8Array {
    const slots = this.slotHits(needleLower);
    const rows = this.index.rowCount();
    if (this.lent.length < rows) this.lent = new Uint8Array(rows + (rows >> 3));
    const hits = this.lent.subarray(0, rows).fill(0);
    // From the matching slots to their rows: a lookup per match (a lookup per row cost ~30 ms
    // at 1M rows), each searched from the last one's row (slots and rows both follow the order
    // items arrived in, mostly). Rows that are not live are left 0 (queries never select them).
    let near = 0;
    for (let s = slots.indexOf(1); s >= 0; s = slots.indexOf(1, s + 1)) {
      const id = this.store.idOf(s);
      const row = this.index.rowOfNear ? this.index.rowOfNear(id, near) : this.index.rowOf(id);
      if (row < 0 || row >= rows) continue;
      hits[row] = 1;
      near = row;
    }
    return hits;
  }

  // Per store slot, whether its text contains the needle: one store scan per needle, then the
  // texts added since, for the latest CACHED_NEEDLES needles.
  private slotHits(needleLower: string): Uint8Array {
    const { version, numbering } = this.store;
    const kept = this.maps.get(needleLower);
    if (kept?.version === version) return kept.map;
    const map =
      kept?.numbering === numbering
        ? this.store.matches(needleLower, kept.map)
        : (this.narrowed(needleLower) ?? this.store.matches(needleLower));
    this.maps.delete(needleLower);
    if (this.maps.size >= CACHED_NEEDLES) this.maps.delete(this.maps.keys().next().value as string);
    this.maps.set(needleLower, { map, version, numbering });
    return map;
  }

  // The match map read from the texts the search index narrows the needle to, or null when it
  // cannot narrow it enough (no piece to narrow by, the index loading, too many candidates).
  private narrowed(needleLower: string): Uint8Array | null {
    const piece = narrowingPiece(needleLower);
    const terms = piece === null ? null : this.terms();
    if (!terms || piece === null) return null;
    // Its documents are the store's slots only while it holds the same ones (a start that is
    // still loading the index, or a clear between emptying the two, has them apart).
    if (terms.slotCount() !== this.store.slotCount() || terms.docCount() !== this.store.liveCount())
      return null;
    const ids = terms.termsContaining(piece);
    let candidates = 0;
    for (const id of ids) candidates += terms.docFreq(id);
    if (candidates > this.store.liveCount() * this.narrowShare) return null;
    // Per slot: 1 a candidate to read, 2 sure to hold the needle (read no further), 0 neither.
    // One buffer kept between filters, cleared here: at 1M articles a fresh megabyte per filter
    // (two, with a second array for the sure ones) cost the engine worker ~4–9 ms in Chromium on
    // the two-core benchmark VM, where memory touched for the first time is that slow.
    const slots = this.store.slotCount();
    if (this.among.length < slots) this.among = new Uint8Array(slots + (slots >> 3));
    const among = this.among.subarray(0, slots).fill(0);
    // A needle that is its own piece is in every fold-safe text one of whose own terms holds it:
    // the term's run of ASCII letters and digits stands in the text as it is (tokenize.ts
    // `foldSafe`). The posting's frequency tells the title's terms apart (each title occurrence
    // adds TITLE_WEIGHT); the author's must not hold the piece. Other candidates are read.
    const holding = needleLower === piece ? ids.filter((id) => terms.term(id).includes(piece)) : [];
    const sureSlots = new Int32Array(holding.length > 0 ? candidates : 0);
    let sureCount = 0;
    const authors = holding.length > 0 ? this.authorClear(piece) : null;
    for (const id of holding)
      terms.forEachPosting(id, (doc, tf) => {
        if (among[doc] === 2) return;
        if (
          tf < TITLE_WEIGHT &&
          this.store.isFoldSafe(doc) &&
          this.store.isLive(doc) &&
          this.authorAllows(doc, authors)
        ) {
          among[doc] = 2;
          sureSlots[sureCount++] = doc;
        } else among[doc] = 1;
      });
    const held = new Set(holding);
    for (const id of ids)
      if (!held.has(id))
        terms.forEachPosting(id, (doc) => {
          if (among[doc] !== 2) among[doc] = 1;
        });
    const map = this.store.matches(needleLower, undefined, among);
    for (let i = 0; i < sureCount; i++) map[sureSlots[i] as number] = 1;
    return map;
  }

  // Whether slot `doc`'s author can give no term holding the piece `clear` was made for (null:
  // no author can). Cost: a row lookup when some author can.
  private authorAllows(doc: number, clear: ((row: number) => boolean) | null): boolean {
    if (clear === null) return true;
    const row = this.index.rowOf(this.store.idOf(doc));
    return row >= 0 && clear(row);
  }

  // Null when no author (lower-cased) can give a term holding `piece`: none holds the piece, and
  // each is fold-safe (one pass over the distinct authors). Otherwise a test of a row's author,
  // decided once per distinct author where the index can.
  private authorClear(piece: string): ((row: number) => boolean) | null {
    const clear = (lower: string) => !lower.includes(piece) && foldSafe(lower);
    const n = this.index.authorCount?.();
    if (n !== undefined && this.index.authorOfCode) {
      let all = true;
      for (let c = 0; c < n && all; c++) all = clear(this.index.authorOfCode(c).toLowerCase());
      if (all) return null;
    }
    return (
      this.index.authorTest?.((_, lower) => clear(lower)) ?? ((row) => clear(this.index.authorLower(row)))
    );
  }
}
