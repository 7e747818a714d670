/**
 * The index's string columns, laid out for their bytes (measured in docs/architecture.md →
 * "Index memory"): titles stay JS strings (every list row, sort and LIKE reads them) with their
 * lower-cased forms, which are the title itself where lowering changes nothing; authors are
 * dictionary codes (`Interned`: few distinct per account); links, enclosures and guids are one
 * packed UTF-8 record per row (`PackedStrings`: read rarely, URL-shaped).
 */
import { byWidth, findIn, lowerAll, lowerRows, type JoinedRows } from './joinedTitles';
import { Interned } from './interned';
import { PackedStrings } from './packedStrings';

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
  titles: string[];
  /** Distinct authors; code 0 is ''. */
  authorNames: string[];
  /** Code into `authorNames` per row. */
  authorCodes: Int32Array;
  /** Link, enclosure and guid records per row (`PackedStrings` bytes). */
  refs: Uint8Array;
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

/**
 * The joined strings `lowerAll` lowers a title column in (its cells are slices of them, so they
 * are in memory anyway), with where each row sits: a LIKE over every title is then a few native
 * `indexOf` runs over one string instead of a million `includes` calls. Rows written after it
 * was made (`from` on) or rewritten since (`changed`) are checked one by one.
 */
interface TitleScan {
  parts: JoinedRows[];
  /** Rows below `from` in no part (checked one by one). */
  loose: number[];
  /** Rows from here on are not in the parts. */
  from: number;
  changed: Set<number>;
}

export class StringColumns {
  private titles: string[] = [];
  private titlesLower: string[] = [];
  private scan: TitleScan | null = null;
  private readonly authors = new Interned();
  private refs = new PackedStrings(3);
  private lastPart = { text: '', bytes: new Uint8Array(0) };

  title(row: number): string {
    return this.titles[row] ?? '';
  }
  titleLower(row: number): string {
    return this.titlesLower[row] ?? '';
  }
  author(row: number): string {
    return this.authors.value(row);
  }
  authorLower(row: number): string {
    return this.authors.lower(row);
  }
  authorCode(row: number): number {
    return this.authors.code(row);
  }
  authorOfCode(code: number): string {
    return this.authors.name(code);
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
   * Cost: a native search through the joined titles, plus one `includes` per row written since.
   */
  titleMatches(needle: string): Uint8Array {
    const n = this.titles.length;
    const hits = new Uint8Array(n);
    if (needle === '') return hits.fill(1);
    const scan = this.scan;
    for (const part of scan?.parts ?? []) findIn(part, needle, hits);
    const check = (r: number) => {
      hits[r] = (this.titlesLower[r] as string).includes(needle) ? 1 : 0;
    };
    if (scan) {
      scan.loose.forEach(check);
      scan.changed.forEach(check);
    }
    for (let r = scan?.from ?? 0; r < n; r++) check(r);
    return hits;
  }

  /** Sets one row's strings (rows are first written in order). */
  write(row: number, item: RowStrings): void {
    if (this.scan && row < this.scan.from) this.scan.changed.add(row);
    this.titles[row] = item.title;
    const lower = item.title.toLowerCase();
    this.titlesLower[row] = lower === item.title ? item.title : lower;
    this.authors.set(row, item.author);
    this.refs.set(row, [item.link, item.enclosure, item.guid]);
  }

  /** Lets a dead row's title go before compaction (the packed fields stay until then). */
  drop(row: number): void {
    if (this.scan && row < this.scan.from) this.scan.changed.add(row);
    this.titles[row] = this.titlesLower[row] = '';
  }

  /** Per-row room for `cap` rows, keeping the first `rows`. */
  resize(cap: number, rows: number): void {
    this.authors.resize(cap, rows);
  }

  /** Replaces everything with the first `n` rows of `cols` (or nothing: every string ''). */
  load(cols: TextColumns | null, n: number, cap: number): void {
    this.titles = cols?.titles.slice(0, n) ?? [];
    this.lowerTitles();
    this.authors.load(cols?.authors ?? [], cols ? n : 0, cap);
    this.refs.clear();
    if (cols)
      for (let r = 0; r < n; r++)
        this.refs.set(r, [cols.links[r] ?? '', cols.enclosures[r] ?? '', cols.guids[r] ?? '']);
  }

  /** Replaces everything with `n` rows in the packed form; false (nothing changed) if malformed. */
  loadPacked(cols: PackedTextColumns, n: number, cap: number): boolean {
    if (cols.titles.length !== n || cols.authorCodes.length !== n) return false;
    const refs = new PackedStrings(3);
    if (!refs.fromBytes(cols.refs, n) || !this.authors.loadCodes(cols.authorNames, cols.authorCodes, cap))
      return false;
    this.refs = refs;
    this.titles = cols.titles.slice(0, n);
    this.lowerTitles();
    return true;
  }

  /**
   * Joins the lowered titles of up to `max` rows past the title scan (rows written since the
   * last load) as a load does: their lower-cased cells become slices of joined strings, which
   * `titleMatches` searches natively instead of one `includes` per row. Returns whether rows are
   * left. At 1M articles the whole column took ~0.8 s and +4.5 MB of heap (measured in Node),
   * hence steps. Cost: O(characters of those titles).
   */
  joinTitles(max: number): boolean {
    const scan = (this.scan ??= { parts: [], loose: [], from: 0, changed: new Set() });
    const to = Math.min(this.titles.length, scan.from + Math.max(1, max));
    if (scan.from >= to) return false;
    const { narrow, wide } = byWidth(this.titles.slice(scan.from, to));
    for (const local of [narrow, wide]) {
      const rows = local.map((i) => i + scan.from);
      const part = lowerRows(this.titles, rows, this.titlesLower, local === wide);
      if (part) scan.parts.push(part);
      else for (const r of rows) scan.loose.push(r);
    }
    scan.from = to;
    return to < this.titles.length;
  }

  /** Rows `titleMatches` checks one by one (not in a joined string). */
  titlesUnjoined(): number {
    const scan = this.scan;
    return scan ? scan.loose.length + scan.changed.size + this.titles.length - scan.from : this.titles.length;
  }

  private lowerTitles(): void {
    const { out, parts, loose } = lowerAll(this.titles);
    this.titlesLower = out;
    this.scan = { parts, loose, from: this.titles.length, changed: new Set() };
  }

  /** The rows `keep`, in that order, in the packed form. */
  packed(keep: Int32Array): PackedTextColumns {
    const authors = this.authors.export(keep);
    return {
      titles: Array.from(keep, (row) => this.title(row)),
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

  /**
   * Row `keep[i]` becomes row i (keep ascending), every title string kept as it is. Not a
   * `load(plain(keep))`: that lowers the titles again with `lowerAll`, whose cells are slices of
   * one joined string (a heap sampling of a full bench run showed ~15 MB for the lower-cased
   * column that way, against ~10 MB as the cells ingest made).
   */
  compact(keep: Int32Array, cap: number): void {
    const w = keep.length;
    keep.forEach((r, i) => {
      this.titles[i] = this.titles[r]!;
      this.titlesLower[i] = this.titlesLower[r]!;
      this.authors.codes[i] = this.authors.codes[r]!;
    });
    this.titles.length = this.titlesLower.length = w;
    // Rows moved: the joined titles no longer say where a row is (the next load makes them).
    this.scan = null;
    this.refs.compact(keep);
    if (this.authors.codes.length > cap) this.authors.resize(cap, w);
    this.authors.rebuild(w);
  }
}
