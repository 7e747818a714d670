/**
 * The stored shape of the index snapshot (format 5). Structured clone is slow per object, not
 * per byte: format 1 stored five arrays of 100k strings (500k cloned strings, ~1 s to read back
 * at 100k on a busy 2-core machine). Format 2 joins each string column into ONE string with a
 * table of end offsets, and stores the newest-first row order, so a cold start clones a few
 * large values and skips the sort. Format 3 adds the item tags as two parallel arrays of
 * (item id, tag id) pairs (tags are sparse: most items carry none). Format 4 stores the numbers
 * (ids, feeds, dates, flags, order, tags) and the text columns as two records: the numbers are
 * ~25 bytes a row against ~200 of text, and they alone answer every list (`items.page` of any
 * scope) and every filter that names no text field, so a cold start reads them first and the
 * lists answer while the text is still being read (measured in README → Performance).
 * Format 5 stores the text record as the index holds it (metaIndex.ts): titles joined with end
 * offsets, the authors as a dictionary and one code per row, and the links, enclosures and guids
 * as the packed UTF-8 records, so loading them is a validation pass, not a slice per cell.
 * Format 6 ties the two records by a token instead of the counter: a change of flags or tags
 * (reading, starring, tagging) rewrites the numbers record only and keeps the text record, which
 * is ~8× larger (tens of MB at 100k); see snapshotWrite.ts `writeSnapshot`.
 * Format 7 adds a tail text record (`indexSnapshotTextTail`, named by `tailToken`): the strings of
 * the rows appended since the text record was written, which follow that record's rows. A
 * refresh then writes its new rows' strings, not the whole column again (~200 MB at 1M rows, ~2 s
 * of the worker after every refresh in the scroll bench's profile).
 * Format 8 adds each row's dedupe key hash (`keyHashes`, 4 bytes a row) to the numbers record:
 * an ingest then learns from memory which incoming articles are stored (metaIndex
 * `idsWithKeys`) instead of one IndexedDB cursor step per article. A format 7 snapshot is
 * rebuilt from the items once.
 * The text record may continue in part records (`parts`, textParts.ts), written together in one
 * transaction a part at a time: a whole text at 1M rows packed and cloned at once took ~280 MB of
 * the worker's heap. A text of one part is stored as before, so the format number is the same.
 * In the worker the numbers record names a file holding the same columns instead of holding them
 * (`SnapshotPointer`, numbersFile.ts): one OPFS read at a cold start instead of an IndexedDB read
 * and a clone of ~19 MB at 1M rows. The format number is the same; a record without columns that
 * names no file is unreadable.
 */
import type { NumberColumns, PackedTextColumns } from './metaIndex';
import { DATES, FEEDS, IDS, narrowed } from './narrowColumns';
import { textColumnsOk, type TextPartsInfo } from './textParts';
import { concatJoined, fitsJoined, type JoinedTitles } from './joinedTitles';
import { appendInRoom } from './packedStrings';

/** Snapshot layout version; bump when the stored shape changes. */
export const SNAPSHOT_FORMAT = 8;

/** What is stored under `meta.indexSnapshot`: the number columns. */
export interface PackedSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  /** The items change counter this snapshot reflects. */
  counter: number;
  /** The `token` of the text record holding these rows' strings (the first rows, with a tail). */
  textToken: string;
  /** The `token` of the tail text record holding the strings of the rows after those; '' for none. */
  tailToken: string;
  /**
   * Each column in the narrowest of its two types that holds every value (narrowColumns.ts): at
   * 1M rows the numbers are ~15 MB instead of ~25, read before a cold start's first page.
   */
  ids: Float64Array | Uint32Array;
  feedIds: Int32Array | Uint16Array;
  pubDates: Float64Array | Int32Array;
  flags: Uint8Array;
  /** Dedupe key hash per row (`IndexRow.keyHash`). */
  keyHashes: Uint32Array;
  /** Rows newest first (pubDate desc, id desc): the index's date order, saved so a load need not sort. */
  order: Int32Array;
  /** Item id of each (item, tag) pair. */
  tagItems: Float64Array;
  /** Tag id of each pair, parallel to `tagItems`. */
  tagIds: Int32Array;
}

/** What is stored under `meta.indexSnapshotText`: the string columns of the same rows. */
export interface PackedText {
  format: typeof SNAPSHOT_FORMAT;
  /** The counter at which it was written (a later numbers record may still use it). */
  counter: number;
  /** Random per write; the numbers record names the text record it goes with. */
  token: string;
  /**
   * The titles joined into two strings: [Latin-1 titles, wider ones (CJK, ...)]. Apart, because
   * the loaded titles are slices that keep their joined string alive, and one wide title makes a
   * joined string two bytes a character.
   */
  titles: [string, string];
  /** 1 where row r's title is in titles[1]. */
  titleWide: Uint8Array;
  /** End offset of row r's title inside its string. */
  titleEnds: Uint32Array;
  /** Distinct authors, '' first. */
  authorNames: string[];
  /** Code into `authorNames` per row. */
  authorCodes: Int32Array;
  /** Link, enclosure and guid records of every row (`PackedStrings` bytes). */
  refs: Uint8Array;
  /**
   * Set when the rows continue in part records (textParts.ts): this record then holds the first
   * part's rows. Absent: it holds them all.
   */
  parts?: TextPartsInfo;
  /**
   * Set when the parts are the blocks of the text file of `token` (textFile.ts) instead of part
   * records: this record then holds no rows of its own, only `authorNames` and `parts`.
   */
  inFile?: true;
}

/** A decoded numbers record, or why it cannot be used. */
export type Unpacked =
  | {
      ok: true;
      counter: number;
      textToken: string;
      tailToken: string;
      columns: NumberColumns;
      order: Int32Array;
    }
  | { ok: false; reason: 'old format' | 'unreadable' };

/** A decoded text record, or why it cannot be used. */
export type UnpackedText =
  | { ok: true; token: string; columns: PackedTextColumns }
  | { ok: false; reason: 'old format' | 'unreadable' };

/**
 * Packs columns (and their newest-first `order`) for storage as the numbers record, naming the
 * text record `textToken`. Cost: O(rows) for the tag pairs; the columns are stored as they are.
 */
export function packNumbers(
  columns: NumberColumns,
  order: Int32Array,
  counter: number,
  textToken: string,
  tailToken = '',
): PackedSnapshot {
  const pairItems: number[] = [];
  const pairTags: number[] = [];
  for (const [id, tags] of columns.tags ?? [])
    for (const tag of tags) {
      pairItems.push(id);
      pairTags.push(tag);
    }
  const { flags } = columns;
  const tagItems = Float64Array.from(pairItems);
  const tagIds = Int32Array.from(pairTags);
  return {
    format: SNAPSHOT_FORMAT,
    counter,
    textToken,
    tailToken,
    ids: narrowed(IDS, columns.ids),
    feedIds: narrowed(FEEDS, columns.feedIds),
    pubDates: narrowed(DATES, columns.pubDates),
    flags,
    keyHashes: columns.keyHashes,
    order,
    tagItems,
    tagIds,
  };
}

/**
 * Packs the string columns as the text record `token` (the titles come joined); with `parts`
 * (more than none) they are the first part's and the record says how the rest follow.
 */
export function packText(
  strings: PackedTextColumns,
  counter: number,
  token: string,
  parts?: TextPartsInfo,
  inFile = false,
): PackedText {
  return {
    format: SNAPSHOT_FORMAT,
    counter,
    token,
    titles: strings.titles.text,
    titleWide: strings.titles.wide,
    titleEnds: strings.titles.ends,
    authorNames: strings.authorNames,
    authorCodes: strings.authorCodes,
    refs: strings.refs,
    ...(parts && parts.count > 0 ? { parts } : {}),
    ...(inFile ? { inFile } : {}),
  };
}

/** Both records at once (a full write). */
export function packSnapshot(
  columns: NumberColumns,
  strings: PackedTextColumns,
  order: Int32Array,
  counter: number,
  token: string = crypto.randomUUID(),
): { numbers: PackedSnapshot; text: PackedText } {
  return { numbers: packNumbers(columns, order, counter, token), text: packText(strings, counter, token) };
}

/**
 * Validates and decodes a stored numbers record. Never throws: a value of another format is
 * reported as 'old format', anything malformed (wrong types or lengths, an order that is not a
 * sorted permutation) as 'unreadable'; both mean "rebuild from items". Cost: O(rows) checks.
 * With `orderLater` the order is only checked to hold row numbers in range (one sequential
 * pass); the caller then owes `isDateOrder` before trusting it for good (snapshot.ts runs it
 * once the cold start's first pages are answered: at 1M rows it reads the dates in date order,
 * a random walk of ~40 ms). With `hashesLater` the key hash column is empty (a number file's
 * read that left it for later: numbersFile.ts `readPointedLater`).
 */
export function unpackSnapshot(value: unknown, { orderLater = false, hashesLater = false } = {}): Unpacked {
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'unreadable' };
  const s = value as Partial<PackedSnapshot>;
  if (typeof s.format === 'number' && s.format < SNAPSHOT_FORMAT) return { ok: false, reason: 'old format' };
  if (
    s.format !== SNAPSHOT_FORMAT ||
    typeof s.counter !== 'number' ||
    typeof s.textToken !== 'string' ||
    typeof s.tailToken !== 'string' ||
    !(s.ids instanceof Float64Array || s.ids instanceof Uint32Array)
  )
    return { ok: false, reason: 'unreadable' };
  const n = s.ids.length;
  const shapeOk =
    (s.feedIds instanceof Int32Array || s.feedIds instanceof Uint16Array) &&
    s.feedIds.length === n &&
    (s.pubDates instanceof Float64Array || s.pubDates instanceof Int32Array) &&
    s.pubDates.length === n &&
    s.flags instanceof Uint8Array &&
    s.flags.length === n &&
    s.keyHashes instanceof Uint32Array &&
    s.keyHashes.length === (hashesLater ? 0 : n) &&
    s.order instanceof Int32Array &&
    s.order.length === n &&
    s.tagItems instanceof Float64Array &&
    s.tagIds instanceof Int32Array &&
    s.tagIds.length === s.tagItems.length;
  if (!shapeOk) return { ok: false, reason: 'unreadable' };
  const snap = s as PackedSnapshot;
  const orderOk = orderLater ? inRange(snap.order) : isDateOrder(snap.order, snap.pubDates, snap.ids);
  if (!orderOk) return { ok: false, reason: 'unreadable' };
  const columns: NumberColumns = {
    ids: snap.ids,
    feedIds: snap.feedIds,
    pubDates: snap.pubDates,
    flags: snap.flags,
    keyHashes: snap.keyHashes,
    tags: tagsOf(snap.tagItems, snap.tagIds),
  };
  return {
    ok: true,
    counter: snap.counter,
    textToken: snap.textToken,
    tailToken: snap.tailToken,
    columns,
    order: snap.order,
  };
}

/**
 * Validates and decodes a stored text record of `rows` rows. Never throws ('old format' or
 * 'unreadable' like `unpackSnapshot`; offsets, codes or records out of range are 'unreadable').
 * Cost: one pass over the title offsets and one over the packed records (the titles stay joined).
 */
export function unpackText(value: unknown, rows: number): UnpackedText {
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'unreadable' };
  const s = value as Partial<PackedText>;
  if (typeof s.format === 'number' && s.format < SNAPSHOT_FORMAT) return { ok: false, reason: 'old format' };
  const shapeOk =
    s.format === SNAPSHOT_FORMAT &&
    typeof s.counter === 'number' &&
    typeof s.token === 'string' &&
    Array.isArray(s.authorNames) &&
    s.authorNames[0] === '' &&
    s.authorNames.every((a) => typeof a === 'string') &&
    textColumnsOk(s, rows, s.authorNames.length);
  if (!shapeOk) return { ok: false, reason: 'unreadable' };
  const snap = s as PackedText;
  const titles: JoinedTitles = { text: snap.titles, wide: snap.titleWide, ends: snap.titleEnds };
  if (!fitsJoined(titles)) return { ok: false, reason: 'unreadable' };
  const { authorNames, authorCodes, refs } = snap;
  return { ok: true, token: snap.token, columns: { titles, authorNames, authorCodes, refs } };
}

/** Rows of a stored text record (its title offsets), or -1 when it has none to tell. */
export function textRows(value: unknown): number {
  const ends = (value as Partial<PackedText> | undefined)?.titleEnds;
  return ends instanceof Uint32Array ? ends.length : -1;
}

/**
 * The rows of `head` followed by those of `tail` (a text record and its tail, both decoded).
 * The tail's author codes are renumbered into one dictionary. Cost: O(rows) for the titles and
 * codes; the tail's packed records are written into the room after the head's when it has one
 * (a text file's or parts' load leaves it), else both are copied. The head's bytes stay as they were.
 */
export function joinText(head: PackedTextColumns, tail: PackedTextColumns): PackedTextColumns {
  const names = head.authorNames.slice();
  const codeOf = new Map(names.map((name, code) => [name, code]));
  const remap = tail.authorNames.map((name) => {
    let code = codeOf.get(name);
    if (code === undefined) {
      code = names.push(name) - 1;
      codeOf.set(name, code);
    }
    return code;
  });
  const codes = new Int32Array(head.authorCodes.length + tail.authorCodes.length);
  codes.set(head.authorCodes);
  tail.authorCodes.forEach((c, i) => (codes[head.authorCodes.length + i] = remap[c]!));
  // Into the room the head's loader left after its records, when they came with one.
  const refs = appendInRoom(head.refs, tail.refs, head.refsRoom === true);
  return {
    titles: concatJoined(head.titles, tail.titles),
    authorNames: names,
    authorCodes: codes,
    refs,
    refsRoom: true,
  };
}

// The (item, tag) pairs back as tag lists by item id.
function tagsOf(items: Float64Array, tags: Int32Array): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < items.length; i++) {
    const list = out.get(items[i]!);
    if (list) list.push(tags[i]!);
    else out.set(items[i]!, [tags[i]!]);
  }
  return out;
}

// True when every entry of `order` is a row number (0 ≤ row < its length). O(rows), sequential.
function inRange(order: Int32Array): boolean {
  const n = order.length;
  for (let i = 0; i < n; i++) {
    const row = order[i]!;
    if (row < 0 || row >= n) return false;
  }
  return true;
}

/** True when `order` lists every row once, newest first (pubDate desc, id desc). O(rows). */
export function isDateOrder(
  order: Int32Array,
  pubDates: Float64Array | Int32Array,
  ids: Float64Array | Uint32Array,
): boolean {
  const seen = new Uint8Array(order.length);
  let prev = -1;
  for (const row of order) {
    if (row < 0 || row >= order.length || seen[row] === 1) return false;
    seen[row] = 1;
    if (prev >= 0) {
      const dp = pubDates[prev]! - pubDates[row]!;
      if (dp < 0 || (dp === 0 && ids[prev]! <= ids[row]!)) return false;
    }
    prev = row;
  }
  return true;
}

/** Counts of the items at one change counter (stored under `meta.indexSummary`). */
export interface IndexSummary {
  counter: number;
  items: number;
  unread: number;
  saved: number;
  unreadByFeed: Record<number, number>;
}

/** True when `value` is a well-formed summary. */
export function isSummary(value: unknown): value is IndexSummary {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<IndexSummary>;
  return (
    typeof s.counter === 'number' &&
    typeof s.items === 'number' &&
    typeof s.unread === 'number' &&
    typeof s.saved === 'number' &&
    typeof s.unreadByFeed === 'object' &&
    s.unreadByFeed !== null
  );
}

/** A stored counter value, 0 when absent or malformed. */
export function toCounter(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}
