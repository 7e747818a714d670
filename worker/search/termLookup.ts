/**
 * Lookups in the search dictionary beyond exact terms (invertedIndex.ts holds the dictionary):
 * - `prefixTermIds`: terms starting with a prefix (search-as-you-type), by binary search in
 *   the sorted, merged part and a scan of the terms added since;
 * - `DictionaryPack`: terms *holding* a piece of a word (`description LIKE` narrows its scan by
 *   them, descriptionSource.ts), by a byte search of the terms packed as UTF-8 (`TermPack`).
 *
 * Why bytes and not `terms.filter(t => t.includes(x))`: in Node, `includes` over 3 million
 * short terms took ~220 ms, the byte search over the same terms packed (25 MB) ~5 ms.
 *
 * Terms are appended in pages of at most PAGE_BYTES, each term followed by a 0 byte (terms are
 * runs of letters and digits: never 0), so no term straddles two pages and a page is searched
 * like a text chunk. The pack holds strings, not term ids: a merge renumbers the dictionary and
 * drops terms left without postings, and the pack stays good (a string no longer in the
 * dictionary is skipped when looked up). It is only appended to; `DictionaryPack` packs afresh
 * once the dropped terms are half of it.
 */
import { byteFinder } from './byteFinder';
import { MAX_TERM_LENGTH } from './tokenize';

/** Largest page, bytes (a term is at most 40 UTF-16 units: 120 bytes of UTF-8). */
const PAGE_BYTES = 1 << 20;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class TermPack {
  private readonly pages: Uint8Array[] = [];
  /** Bytes used of each page. */
  private readonly ends: number[] = [];
  private terms = 0;
  private readonly histogram = new Float64Array(256);
  /** Terms of exactly MAX_TERM_LENGTH units: words cut there may hold any piece past the cut. */
  private readonly cut = new Set<string>();

  /** Terms appended (dropped ones included). */
  get count(): number {
    return this.terms;
  }

  /** Bytes held. */
  bytes(): number {
    return this.pages.reduce((sum, page) => sum + page.length, 0);
  }

  /** Appends `terms`. Cost: one UTF-8 encode of each. */
  append(terms: readonly string[], from = 0, to = terms.length): void {
    let last = this.pages.length - 1;
    let page = this.pages[last];
    let used = this.ends[last] ?? 0;
    for (let i = from; i < to; i++) {
      const term = terms[i] as string;
      const need = used + term.length * 3 + 1;
      if (!page || need > page.length) {
        if (page && page.length < PAGE_BYTES) {
          // A small dictionary keeps a small page: it doubles up to PAGE_BYTES.
          const grown = new Uint8Array(Math.min(PAGE_BYTES, Math.max(page.length * 2, need)));
          grown.set(page.subarray(0, used));
          this.pages[last] = page = grown;
        }
        if (!page || need > page.length) {
          page = new Uint8Array(this.pages.length === 0 ? 1 << 16 : PAGE_BYTES);
          this.pages.push(page);
          this.ends.push(0);
          last++;
          used = 0;
        }
      }
      const { written } = encoder.encodeInto(term, page.subarray(used));
      for (let b = used; b < used + written; b++) this.histogram[page[b] as number]!++;
      used += written;
      page[used++] = 0;
      this.ends[last] = used;
      this.terms++;
      if (term.length === MAX_TERM_LENGTH) this.cut.add(term);
    }
  }

  /**
   * Every distinct term holding `piece` (not empty), then every term cut at MAX_TERM_LENGTH (a
   * word cut there may have held the piece past the cut). Cost: one byte search of the pack,
   * plus a decode per term found.
   */
  find(piece: string): Set<string> {
    const found = new Set<string>();
    const pat = encoder.encode(piece);
    const finder = byteFinder(pat, this.histogram);
    this.pages.forEach((page, p) => {
      const bytes = page.subarray(0, this.ends[p]);
      finder.load(bytes);
      for (let at = finder.next(0); at >= 0;) {
        const start = bytes.lastIndexOf(0, at) + 1;
        const stop = bytes.indexOf(0, at + pat.length);
        found.add(decoder.decode(bytes.subarray(start, stop)));
        at = finder.next(stop + 1);
      }
    });
    for (const term of this.cut) found.add(term);
    return found;
  }
}

/**
 * Ids of the terms starting with `prefix`, at most `cap`, preferring frequent ones. `terms`
 * [0, `sorted`) are in order. Cost: a binary search plus a scan of the unsorted terms.
 */
export function prefixTermIds(
  terms: readonly string[],
  sorted: number,
  docFreq: (termId: number) => number,
  prefix: string,
  cap: number,
): number[] {
  const found: number[] = [];
  let lo = 0;
  let hi = sorted;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((terms[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  for (let t = lo; t < sorted && (terms[t] as string).startsWith(prefix); t++) found.push(t);
  for (let t = sorted; t < terms.length; t++) if ((terms[t] as string).startsWith(prefix)) found.push(t);
  if (found.length <= cap) return found;
  return found.sort((a, b) => docFreq(b) - docFreq(a)).slice(0, cap);
}

/**
 * The dictionary's `TermPack`, made at the first `containing` and kept up with the dictionary:
 * terms are appended to the dictionary until a merge renumbers it, so the pack takes the new
 * ones at each call and just before each merge (`catchUp`), then starts counting again after it
 * (`renumbered`). A load replaces the terms wholesale (`drop`).
 */
export class DictionaryPack {
  private pack: TermPack | null = null;
  /** Terms [0, packed) of the dictionary are in `pack`. */
  private packed = 0;

  /** Ids of the terms holding `piece`, and of every term cut at MAX_TERM_LENGTH. */
  containing(piece: string, terms: readonly string[], ids: ReadonlyMap<string, number>): number[] {
    // Terms dropped by merges stay in the pack: once they are half of it, pack afresh.
    if (this.pack && this.pack.count > 2 * terms.length + 1024) this.drop();
    if (!this.pack) {
      this.pack = new TermPack();
      this.packed = 0;
    }
    this.catchUp(terms);
    const found: number[] = [];
    for (const term of this.pack.find(piece)) {
      const id = ids.get(term);
      if (id !== undefined) found.push(id);
    }
    return found;
  }

  /** Takes the terms added since the last call (call before the dictionary is renumbered). */
  catchUp(terms: readonly string[]): void {
    if (!this.pack || this.packed >= terms.length) return;
    this.pack.append(terms, this.packed);
    this.packed = terms.length;
  }

  /** After a merge that left `count` terms, every one of them already packed. */
  renumbered(count: number): void {
    if (this.pack) this.packed = count;
  }

  drop(): void {
    this.pack = null;
    this.packed = 0;
  }

  bytes(): number {
    return this.pack?.bytes() ?? 0;
  }
}
