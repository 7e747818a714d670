/**
 * The index's string columns, laid out for their bytes (measured in docs/architecture.md →
 * "Index memory"): titles are joined strings sliced on read, with their lower-cased forms
 * (`TitleColumn`); authors are dictionary codes (`Interned`: few distinct per account); links,
 * enclosures and guids are one packed UTF-8 record per row (`PackedStrings`: read rarely,
 * URL-shaped).
 */
import { Interned } from './interned';
import { PackedStrings } from './packedStrings';
import { fitsJoined, type JoinedTitles } from './joinedTitles';
import { TitleColumn } from './titleColumn';

/** The string columns of some rows as plain arrays (what `load` and `columns` trade). */
export interface TextColumns {
  titles: string[];
  authors: string[];
  links: string[];
  enclosures: string[];
  guids: string[];
}

/** The string columns as the index holds them (the snapshot's text record). */
export interface PackedTextColumns {
  titles: JoinedTitles;
  /** Distinct authors; code 0 is ''. */
  authorNames: string[];
  /** Code into `authorNames` per row. */
  authorCodes: Int32Array;
  /** Link, enclosure and guid records per row (`PackedStrings` bytes). */
  refs: Uint8Array;
  /** Set when `refs` was made by `withRoom` for the index to take (packedStrings.ts). */
  refsRoom?: boolean;
}

/** The strings of one row. */
export interface RowStrings {
  title: string;
  author: string;
  link: string;
  enclosure: string;
  guid: string;
}

// Fields of the packed `refs` records.
const LINK = 0;
const ENCLOSURE = 1;
const GUID = 2;
const encoder = new TextEncoder();
/** A row test, and the same test of every row at once (1 = passes), in row order. */
export interface RowScan {
  test: (row: number) => boolean;
  all: (rows: number) => Uint8Array;
}
/** The packed URL-like fields, by name. */
export type RefField = 'link' | 'enclosure' | 'guid';
const REF_FIELDS: Record<RefField, number> = { link: LINK, enclosure: ENCLOSURE, guid: GUID };

export class StringColumns {
  private titles = new TitleColumn();
  private readonly authors = new Interned();
  private refs = new PackedStrings(3);
  private lastPart = { text: '', bytes: new Uint8Array(0) };

  title(row: number): string {
    return this.titles.title(row);
  }
  titleLower(row: number): string {
    return this.titles.titleLower(row);
  }
  author(row: number): string {
    return this.authors.value(row);
  }
  authorLower(row: number): string {
    return this.authors.lower(row);
  }
  authorCodes(): Int32Array {
    return this.authors.codes;
  }
  authorOfCode(code: number): string {
    return this.authors.name(code);
  }
  authorCount(): number {
    return this.authors.size;
  }
  /** `test` of a row's author, decided once per distinct author. */
  authorTest(test: (author: string, lower: string) => boolean): (row: number) => boolean {
    return this.authors.memo((code) => test(this.authors.name(code), this.authors.lowerOfCode(code)));
  }
  link(row: number): string {
    return this.refs.get(row, LINK);
  }
  /** Whether the row's link contains `part`, comparing UTF-8 bytes (no string built). */
  linkIncludes(row: number, part: string): boolean {
    if (part === '') return true;
    if (this.lastPart.text !== part) this.lastPart = { text: part, bytes: encoder.encode(part) };
    return this.refs.includes(row, LINK, this.lastPart.bytes);
  }
  /**
   * `field LIKE needle` for link, enclosure or guid, as a row test: the row's value lower-cased
   * contains `needleLower`. Null when the needle is not ASCII (the caller decodes each value).
   * Values compared as bytes; one with a non-ASCII byte before any match is decoded and lower-cased.
   */
  refLike(field: RefField, needleLower: string): RowScan | null {
    // eslint-disable-next-line no-control-regex
    if (needleLower === '' || !/^[\x00-\x7f]*$/.test(needleLower)) return null;
    const f = REF_FIELDS[field];
    const part = encoder.encode(needleLower);
    const refs = this.refs;
    const decoded = (row: number) => refs.get(row, f).toLowerCase().includes(needleLower);
    return {
      test: (row) => refs.includesAscii(row, f, part) ?? decoded(row),
      all: (rows) => {
        const hits = refs.scanAscii(f, part, rows);
        for (let r = 0; r < rows; r++) if (hits[r] === 2) hits[r] = decoded(r) ? 1 : 0;
        return hits;
      },
    };
  }
  enclosure(row: number): string {
    return this.refs.get(row, ENCLOSURE);
  }
  guid(row: number): string {
    return this.refs.get(row, GUID);
  }

  /**
   * Bytes per row of the rows whose lowered title contains `needle` (1 = yes), over every row.
   * Cost: a native search through the joined titles, plus one `includes` per loose title.
   */
  titleMatches(needle: string): Uint8Array {
    return this.titles.matches(needle);
  }

  /** Sets one row's strings (rows are first written in order). */
  write(row: number, item: RowStrings): void {
    this.titles.write(row, item.title);
    this.authors.set(row, item.author);
    this.refs.set(row, [item.link, item.enclosure, item.guid]);
  }

  /** Lets a dead row's title go before compaction (the packed fields stay until then). */
  drop(row: number): void {
    this.titles.drop(row);
  }

  /** Per-row room for `cap` rows, keeping the first `rows`. */
  resize(cap: number, rows: number): void {
    this.authors.resize(cap, rows);
  }

  /** Replaces everything with the first `n` rows of `cols` (or nothing: every string ''). */
  load(cols: TextColumns | null, n: number, cap: number): void {
    this.titles.load(cols?.titles.slice(0, n) ?? []);
    this.authors.load(cols?.authors ?? [], cols ? n : 0, cap);
    this.refs.clear();
    if (cols)
      for (let r = 0; r < n; r++)
        this.refs.set(r, [cols.links[r] ?? '', cols.enclosures[r] ?? '', cols.guids[r] ?? '']);
  }

  /** Replaces everything with `n` rows in the packed form; false (nothing changed) if malformed. */
  loadPacked(cols: PackedTextColumns, n: number, cap: number): boolean {
    if (cols.titles.ends.length !== n || cols.authorCodes.length !== n || !fitsJoined(cols.titles))
      return false;
    const refs = new PackedStrings(3);
    if (
      !refs.fromBytes(cols.refs, n, { grows: cols.refsRoom === true }) ||
      !this.authors.loadCodes(cols.authorNames, cols.authorCodes, cap)
    )
      return false;
    this.refs = refs;
    this.titles.loadJoined(cols.titles);
    return true;
  }

  /**
   * Joins up to `max` loose titles (rows written since the last load) into the joined strings,
   * which `titleMatches` searches natively instead of one `includes` per row, and which hold
   * them as no object of their own; then lowers one loaded segment not yet lowered. Returns
   * whether work is left. At 1M articles the whole column took ~0.8 s (measured in Node), hence
   * steps. Cost: O(characters of those titles and that segment).
   */
  joinTitles(max: number): boolean {
    const more = this.titles.join(max);
    // And one segment a load left to lower (titleColumn.ts `Segment`).
    return this.titles.lowerNext() || more;
  }

  /** Rows `titleMatches` checks one by one (not in a joined string). */
  titlesUnjoined(): number {
    return this.titles.unjoined();
  }

  /** The rows `keep`, in that order, in the packed form. */
  packed(keep: Int32Array): PackedTextColumns {
    const authors = this.authors.export(keep);
    return {
      titles: this.titles.packed(keep),
      authorNames: authors.names,
      authorCodes: authors.codes,
      refs: this.refs.toBytes(keep),
    };
  }

  /** The rows `keep`, in that order, as plain arrays. */
  plain(keep: Int32Array): TextColumns {
    const pick = (read: (row: number) => string) => Array.from(keep, read);
    return {
      titles: pick((row) => this.title(row)),
      authors: pick((row) => this.author(row)),
      links: pick((row) => this.link(row)),
      enclosures: pick((row) => this.enclosure(row)),
      guids: pick((row) => this.guid(row)),
    };
  }

  /** Row `keep[i]` becomes row i (keep ascending); the titles are joined again. */
  compact(keep: Int32Array, cap: number): void {
    const w = keep.length;
    this.titles.compact(keep);
    keep.forEach((r, i) => (this.authors.codes[i] = this.authors.codes[r]!));
    this.refs.compact(keep);
    if (this.authors.codes.length > cap) this.authors.resize(cap, w);
    this.authors.rebuild(w);
  }
}
