/**
 * The snapshot's text record in parts (snapshotFormat.ts; written by snapshotWrite.ts, read by
 * snapshot.ts). At 1M rows the packed text is ~130 MB. Packed whole and handed to IndexedDB in
 * one put, the packed columns and the put's clone of them were on the engine worker's heap
 * together, with the number columns packed beside: 335 → ~620 MB for ~1.5 s right after a first
 * import (the bench's "after seeding" row; marks and heap samples in README → 1M). Packed and put
 * `TEXT_PART_ROWS` rows at a time, one part of ~8 MB is on the heap at once; a load copies each
 * part into place as it arrives instead of holding them all and then their join.
 *
 * Layout: the head (`meta.indexSnapshotText`) is a `PackedText` of the first rows and, when more
 * follow, `parts`: how many and the sizes of all of them together (the load allocates once).
 * Part i (1 … count) is stored under `textPartKey(i)`: the same columns for the rows after part
 * i − 1's, author codes into the head's dictionary, and the head's token. A text of one part has
 * no `parts` and is the layout written before parts existed, so either reads the other's records.
 */
import { META_KEYS } from '../db/meta';
import { PackedStrings, withRoom } from './packedStrings';
import type { PackedTextColumns } from './stringColumns';
import { fitsJoined } from './joinedTitles';

/** Rows per part: ~8 MB of packed text at the bench corpus's ~130 bytes a row. */
export const TEXT_PART_ROWS = 65_536;

/** The head's description of the parts after it. */
export interface TextPartsInfo {
  /** Part records after the head. */
  count: number;
  /** Rows of the head and all parts together. */
  rows: number;
  /** Bytes of every `refs` together. */
  refs: number;
  /** Characters of every part's titles together: [Latin-1, wide]. */
  titles: [number, number];
}

/** What is stored under `textPartKey(i)`. */
export interface PackedTextPart {
  /** The head's token. */
  token: string;
  titles: [string, string];
  titleWide: Uint8Array;
  titleEnds: Uint32Array;
  /** Codes into the head's `authorNames`. */
  authorCodes: Int32Array;
  refs: Uint8Array;
}

const PART_PREFIX = `${META_KEYS.indexSnapshotText}.`;

/** The meta key of part `i` (1 …). */
export const textPartKey = (i: number): string => PART_PREFIX + String(i);

/** The key range holding every part record (and no other record). */
export const TEXT_PART_RANGE: [string, string] = [PART_PREFIX, `${PART_PREFIX}\uffff`];

/** What `textParts` reads of the index (a `MetaIndex`). */
export interface PartSource {
  readonly textVersion: number;
  liveRows(): Int32Array;
  packedText(rows: Int32Array): PackedTextColumns;
}

/**
 * The live rows' string columns in the packed form, `size` rows a part, for a text written part
 * by part (snapshotWrite.ts). Each call gives the next part, null after the last (the first call
 * gives one even when no row is live). Throws when the index's rows or strings changed since the
 * first call: the parts would not be the rows of one moment. Each part O(its rows).
 */
export function textParts(index: PartSource, size: number): () => PackedTextColumns | null {
  const keep = index.liveRows();
  const textVersion = index.textVersion;
  let at = 0;
  return () => {
    if (at > 0 && at >= keep.length) return null;
    if (index.textVersion !== textVersion) throw new Error('index text changed while it was written');
    const part = index.packedText(keep.subarray(at, at + size));
    at += size;
    return part;
  };
}

/** Part `i`'s record. */
export function packTextPart(part: PackedTextColumns, token: string): PackedTextPart {
  return {
    token,
    titles: part.titles.text,
    titleWide: part.titles.wide,
    titleEnds: part.titles.ends,
    authorCodes: part.authorCodes,
    refs: part.refs,
  };
}

/** Sizes of parts as they are written, for the head's `parts`. */
export class PartsTally {
  readonly info: TextPartsInfo = { count: 0, rows: 0, refs: 0, titles: [0, 0] };

  /** Counts `part` (the head first, then every part record: `count` then counts records only). */
  add(part: PackedTextColumns, isHead = false): void {
    const { info } = this;
    if (!isHead) info.count++;
    info.rows += part.titles.ends.length;
    info.refs += part.refs.length;
    info.titles[0] += part.titles.text[0].length;
    info.titles[1] += part.titles.text[1].length;
  }
}

/**
 * Whether `s` holds the string columns of `rows` rows, author codes below `names`: a text
 * record's (snapshotFormat.ts `unpackText`) or a part's. Offsets are checked by `fitsJoined` after.
 * O(rows + bytes of the packed records).
 */
export function textColumnsOk(
  s: Partial<Omit<PackedTextPart, 'token'>>,
  rows: number,
  names: number,
): boolean {
  return (
    Array.isArray(s.titles) &&
    s.titles.length === 2 &&
    s.titles.every((t) => typeof t === 'string') &&
    s.titleWide instanceof Uint8Array &&
    s.titleWide.length === rows &&
    s.titleEnds instanceof Uint32Array &&
    s.titleEnds.length === rows &&
    s.authorCodes instanceof Int32Array &&
    s.authorCodes.length === rows &&
    codesBelow(s.authorCodes, names) &&
    s.refs instanceof Uint8Array &&
    new PackedStrings(3).fromBytes(s.refs, rows)
  );
}

// Whether every code is in [0, names): a loop, not `every`, whose callback a row showed in a
// cold start's profile at 1M rows.
function codesBelow(codes: Int32Array, names: number): boolean {
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    if (c < 0 || c >= names) return false;
  }
  return true;
}

/** The head's `parts`, null when it has none, 'bad' when they are malformed. */
export function partsOf(head: unknown): TextPartsInfo | null | 'bad' {
  const p = (head as { parts?: Partial<TextPartsInfo> } | null)?.parts;
  if (p === undefined) return null;
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  return typeof p === 'object' &&
    p !== null &&
    count(p.count) &&
    p.count > 0 &&
    count(p.rows) &&
    count(p.refs) &&
    Array.isArray(p.titles) &&
    p.titles.length === 2 &&
    p.titles.every(count)
    ? (p as TextPartsInfo)
    : 'bad';
}

/**
 * Joins a head's columns and its parts, added in order as they are read, into one set of
 * columns, copying each part into arrays allocated once from the head's sizes (the titles are
 * joined at `finish`: strings cannot be filled in place). Any part that does not fit (another
 * token, wrong types or lengths, offsets or records out of range, more than the sizes promise)
 * makes `finish` null. Cost: O(rows + bytes), one pass over each part's offsets and records.
 */
export class TextAssembler {
  private readonly wide: Uint8Array;
  private readonly ends: Uint32Array;
  private readonly codes: Int32Array;
  private readonly refs: Uint8Array;
  private readonly titles: [string[], string[]] = [[], []];
  private readonly partRows: number[] = [];
  private readonly chars: [number, number] = [0, 0];
  private row = 0;
  private refAt = 0;
  private added = 0;
  private bad = false;

  constructor(
    readonly info: TextPartsInfo,
    private readonly token: string,
    private readonly head: PackedTextColumns,
  ) {
    this.wide = new Uint8Array(info.rows);
    this.ends = new Uint32Array(info.rows);
    this.codes = new Int32Array(info.rows);
    this.refs = withRoom(info.refs);
    this.place(head);
  }

  /** Adds the next part's stored value (undefined: the record is missing). */
  add(value: unknown): void {
    if (this.bad) return;
    this.added++;
    const s = value as Partial<PackedTextPart> | undefined;
    const n = s?.titleEnds instanceof Uint32Array ? s.titleEnds.length : -1;
    const ok = n >= 0 && s?.token === this.token && textColumnsOk(s, n, this.head.authorNames.length);
    const part = s as PackedTextPart;
    const titles = ok ? { text: part.titles, wide: part.titleWide, ends: part.titleEnds } : null;
    if (!titles || !fitsJoined(titles)) {
      this.bad = true;
      return;
    }
    this.place({
      titles,
      authorNames: this.head.authorNames,
      authorCodes: part.authorCodes,
      refs: part.refs,
    });
  }

  /** The joined columns, or null when a part was bad or missing or the sizes disagree. */
  finish(): PackedTextColumns | null {
    const { info } = this;
    if (
      this.bad ||
      this.added !== info.count ||
      this.row !== info.rows ||
      this.refAt !== info.refs ||
      this.chars[0] !== info.titles[0] ||
      this.chars[1] !== info.titles[1]
    )
      return null;
    // The parts' titles stay apart (JoinedTitles.parts); `text` is their rope, never flattened.
    const parts = this.titles[0].map((narrow, i) => ({
      text: [narrow, this.titles[1][i]!] as [string, string],
      rows: this.partRows[i]!,
    }));
    const text: [string, string] = [
      this.titles[0].reduce((a, b) => a + b, ''),
      this.titles[1].reduce((a, b) => a + b, ''),
    ];
    return {
      titles: { text, wide: this.wide, ends: this.ends, ...(parts.length > 1 ? { parts } : {}) },
      authorNames: this.head.authorNames,
      authorCodes: this.codes,
      refs: this.refs,
      refsRoom: true,
    };
  }

  /**
   * Adds the next part by having `read` fill its place in the joined arrays (`n` rows, `refBytes`
   * bytes of records: a text file's block, textFile.ts) and give its titles (null: it read short).
   * The part is then checked as `add` checks a record, in place. Returns false once bad.
   */
  addInPlace(
    n: number,
    refBytes: number,
    read: (place: {
      wide: Uint8Array;
      ends: Uint32Array;
      codes: Int32Array;
      refs: Uint8Array;
    }) => [string, string] | null,
  ): boolean {
    if (this.bad) return false;
    this.added++;
    if (!this.fits(n, refBytes, 0, 0)) return false;
    const at = this.row;
    const place = {
      wide: this.wide.subarray(at, at + n),
      ends: this.ends.subarray(at, at + n),
      codes: this.codes.subarray(at, at + n),
      refs: this.refs.subarray(this.refAt, this.refAt + refBytes),
    };
    const text = read(place);
    const names = this.head.authorNames.length;
    // The part's packed records are not parsed here: `StringColumns.loadPacked` parses the joined
    // records once, and refuses them unless they are exactly the rows' (at 1M rows a parse per
    // part as well was ~250 ms of a traced cold start).
    if (
      !text ||
      !codesBelow(place.codes, names) ||
      !fitsJoined({ text, wide: place.wide, ends: place.ends }) ||
      !this.fits(n, refBytes, text[0].length, text[1].length)
    ) {
      this.bad = true;
      return false;
    }
    this.advance(text, place.wide, place.ends, refBytes);
    return true;
  }

  // Whether a part of these sizes fits after the rows placed so far (bad when not).
  private fits(n: number, refBytes: number, narrow: number, wide: number): boolean {
    const { info, chars } = this;
    const ok =
      this.row + n <= info.rows &&
      this.refAt + refBytes <= info.refs &&
      chars[0] + narrow <= info.titles[0] &&
      chars[1] + wide <= info.titles[1];
    if (!ok) this.bad = true;
    return ok;
  }

  // Copies a checked part after the rows placed so far (bad when it overflows the sizes).
  private place(part: PackedTextColumns): void {
    const { titles, authorCodes, refs } = part;
    const n = titles.ends.length;
    if (!this.fits(n, refs.length, titles.text[0].length, titles.text[1].length)) return;
    const at = this.row;
    this.wide.set(titles.wide, at);
    this.codes.set(authorCodes, at);
    this.ends.set(titles.ends, at);
    this.refs.set(refs, this.refAt);
    this.advance(titles.text, titles.wide, this.ends.subarray(at, at + n), refs.length);
  }

  // Moves past a part in place: its title ends become offsets into the joined strings.
  private advance(text: [string, string], wide: Uint8Array, ends: Uint32Array, refBytes: number): void {
    const { chars } = this;
    for (let i = 0; i < ends.length; i++) ends[i] = ends[i]! + chars[wide[i]!]!;
    this.titles[0].push(text[0]);
    this.titles[1].push(text[1]);
    this.partRows.push(ends.length);
    chars[0] += text[0].length;
    chars[1] += text[1].length;
    this.row += ends.length;
    this.refAt += refBytes;
  }
}
