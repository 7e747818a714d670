/**
 * The index's string columns, laid out for their bytes (measured in docs/architecture.md →
 * "Index memory"): titles stay JS strings (every list row, sort and LIKE reads them) with their
 * lower-cased forms, which are the title itself where lowering changes nothing; authors are
 * dictionary codes (`Interned`: few distinct per account); links, enclosures and guids are one
 * packed UTF-8 record per row (`PackedStrings`: read rarely, URL-shaped).
 */
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

export class StringColumns {
  private titles: string[] = [];
  private titlesLower: string[] = [];
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
  enclosure(row: number): string {
    return this.refs.get(row, ENCLOSURE);
  }
  guid(row: number): string {
    return this.refs.get(row, GUID);
  }

  /** Sets one row's strings (rows are first written in order). */
  write(row: number, item: RowStrings): void {
    this.titles[row] = item.title;
    const lower = item.title.toLowerCase();
    this.titlesLower[row] = lower === item.title ? item.title : lower;
    this.authors.set(row, item.author);
    this.refs.set(row, [item.link, item.enclosure, item.guid]);
  }

  /** Lets a dead row's title go before compaction (the packed fields stay until then). */
  drop(row: number): void {
    this.titles[row] = this.titlesLower[row] = '';
  }

  /** Per-row room for `cap` rows, keeping the first `rows`. */
  resize(cap: number, rows: number): void {
    this.authors.resize(cap, rows);
  }

  /** Replaces everything with the first `n` rows of `cols` (or nothing: every string ''). */
  load(cols: TextColumns | null, n: number, cap: number): void {
    this.titles = cols?.titles.slice(0, n) ?? [];
    this.titlesLower = lowerAll(this.titles);
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
    this.titlesLower = lowerAll(this.titles);
    return true;
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
    this.refs.compact(keep);
    if (this.authors.codes.length > cap) this.authors.resize(cap, w);
    this.authors.rebuild(w);
  }
}

// A string with a character past U+00FF: V8 stores it two bytes a character, and so any string
// it is joined into.
const WIDE = /[^\0-\xff]/;

/** Row numbers of `column` split into one-byte (Latin-1) cells and wide ones. */
export function byWidth(column: readonly string[]): { narrow: number[]; wide: number[] } {
  const narrow: number[] = [];
  const wide: number[] = [];
  for (let i = 0; i < column.length; i++) (WIDE.test(column[i]!) ? wide : narrow).push(i);
  return { narrow, wide };
}

/**
 * Lower-cases a column. One toLowerCase over the joined column is several times faster than one
 * per cell (the cold-start path), and gives the same cells unless a cell's length changes
 * (e.g. 'İ') or the context-sensitive capital sigma is present (final 'ς' depends on the
 * neighbour, which joining changes); then each cell is lowered on its own. Latin-1 cells and wide
 * ones (CJK, ...) are joined apart: the cells are slices of the joined string and keep it alive,
 * and one CJK title in it would make it two bytes a character for every title (measured:
 * docs/architecture.md → "Index memory"). A cell that lowering leaves unchanged is the title
 * string itself (no second copy).
 */
function lowerAll(column: string[]): string[] {
  const out = new Array<string>(column.length);
  const { narrow, wide } = byWidth(column);
  lowerRows(column, narrow, out);
  lowerRows(column, wide, out);
  return out;
}

function lowerRows(column: string[], rows: number[], out: string[]): void {
  const joined = rows.map((r) => column[r]!).join('');
  const lower = joined.toLowerCase();
  const whole = lower.length === joined.length && !joined.includes('\u03a3');
  let start = 0;
  for (const r of rows) {
    const cellOf = column[r]!;
    const end = start + cellOf.length;
    const cell = whole ? lower.slice(start, end) : cellOf.toLowerCase();
    out[r] = cell === cellOf ? cellOf : cell;
    start = end;
  }
}
