/**
 * The stored shape of the index snapshot (format 4). Structured clone is slow per object, not
 * per byte: format 1 stored five arrays of 100k strings (500k cloned strings, ~1 s to read back
 * at 100k on a busy 2-core machine). Format 2 joins each string column into ONE string with a
 * table of end offsets, and stores the newest-first row order, so a cold start clones a few
 * large values and skips the sort. Format 3 adds the item tags as two parallel arrays of
 * (item id, tag id) pairs (tags are sparse: most items carry none). Format 4 stores the numbers
 * (ids, feeds, dates, flags, order, tags) and the text columns as two records: the numbers are
 * ~25 bytes a row against ~200 of text, and they alone answer every list (`items.page` of any
 * scope) and every filter that names no text field, so a cold start reads them first and the
 * lists answer while the text is still being read (measured in README → Performance).
 */
import type { IndexColumns, NumberColumns, TextColumns } from './metaIndex';

/** Snapshot layout version; bump when the stored shape changes. */
export const SNAPSHOT_FORMAT = 4;

/** The string columns, in their packed order. */
const TEXT_COLUMNS = ['titles', 'authors', 'links', 'enclosures', 'guids'] as const;

/** What is stored under `meta.indexSnapshot`: the number columns. */
export interface PackedSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  /** The items change counter this snapshot reflects. */
  counter: number;
  ids: Float64Array;
  feedIds: Int32Array;
  pubDates: Float64Array;
  flags: Uint8Array;
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
  /** The counter of the numbers record it belongs to. */
  counter: number;
  /** Each string column joined into one string, in TEXT_COLUMNS order. */
  text: string[];
  /** End offset of row r of column c inside text[c], at ends[c * n + r]. */
  ends: Uint32Array;
}

/** A decoded numbers record, or why it cannot be used. */
export type Unpacked =
  | { ok: true; counter: number; columns: NumberColumns; order: Int32Array }
  | { ok: false; reason: 'old format' | 'unreadable' };

/** A decoded text record, or why it cannot be used. */
export type UnpackedText =
  { ok: true; counter: number; columns: TextColumns } | { ok: false; reason: 'old format' | 'unreadable' };

/**
 * Packs columns (and their newest-first `order`) for storage as the two records. Cost: one join
 * per string column and an offsets table; O(total characters).
 */
export function packSnapshot(
  columns: IndexColumns,
  order: Int32Array,
  counter: number,
): { numbers: PackedSnapshot; text: PackedText } {
  const n = columns.ids.length;
  const ends = new Uint32Array(TEXT_COLUMNS.length * n);
  const text = TEXT_COLUMNS.map((name, c) => {
    const col = columns[name];
    let end = 0;
    for (let r = 0; r < n; r++) {
      end += col[r]!.length;
      ends[c * n + r] = end;
    }
    return col.join('');
  });
  const pairItems: number[] = [];
  const pairTags: number[] = [];
  for (const [id, tags] of columns.tags ?? [])
    for (const tag of tags) {
      pairItems.push(id);
      pairTags.push(tag);
    }
  const { ids, feedIds, pubDates, flags } = columns;
  const tagItems = Float64Array.from(pairItems);
  const tagIds = Int32Array.from(pairTags);
  return {
    numbers: { format: SNAPSHOT_FORMAT, counter, ids, feedIds, pubDates, flags, order, tagItems, tagIds },
    text: { format: SNAPSHOT_FORMAT, counter, text, ends },
  };
}

/**
 * Validates and decodes a stored numbers record. Never throws: a value of another format is
 * reported as 'old format', anything malformed (wrong types or lengths, an order that is not a
 * sorted permutation) as 'unreadable'; both mean "rebuild from items". Cost: O(rows) checks.
 */
export function unpackSnapshot(value: unknown): Unpacked {
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'unreadable' };
  const s = value as Partial<PackedSnapshot>;
  if (typeof s.format === 'number' && s.format < SNAPSHOT_FORMAT) return { ok: false, reason: 'old format' };
  if (s.format !== SNAPSHOT_FORMAT || typeof s.counter !== 'number' || !(s.ids instanceof Float64Array))
    return { ok: false, reason: 'unreadable' };
  const n = s.ids.length;
  const shapeOk =
    s.feedIds instanceof Int32Array &&
    s.feedIds.length === n &&
    s.pubDates instanceof Float64Array &&
    s.pubDates.length === n &&
    s.flags instanceof Uint8Array &&
    s.flags.length === n &&
    s.order instanceof Int32Array &&
    s.order.length === n &&
    s.tagItems instanceof Float64Array &&
    s.tagIds instanceof Int32Array &&
    s.tagIds.length === s.tagItems.length;
  if (!shapeOk) return { ok: false, reason: 'unreadable' };
  const snap = s as PackedSnapshot;
  if (!isDateOrder(snap.order, snap.pubDates, snap.ids)) return { ok: false, reason: 'unreadable' };
  const columns: NumberColumns = {
    ids: snap.ids,
    feedIds: snap.feedIds,
    pubDates: snap.pubDates,
    flags: snap.flags,
    tags: tagsOf(snap.tagItems, snap.tagIds),
  };
  return { ok: true, counter: snap.counter, columns, order: snap.order };
}

/**
 * Validates and decodes a stored text record of `rows` rows. Never throws ('old format' or
 * 'unreadable' like `unpackSnapshot`; offsets out of range are 'unreadable').
 * Cost: one slice per string cell.
 */
export function unpackText(value: unknown, rows: number): UnpackedText {
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'unreadable' };
  const s = value as Partial<PackedText>;
  if (typeof s.format === 'number' && s.format < SNAPSHOT_FORMAT) return { ok: false, reason: 'old format' };
  const shapeOk =
    s.format === SNAPSHOT_FORMAT &&
    typeof s.counter === 'number' &&
    s.ends instanceof Uint32Array &&
    s.ends.length === TEXT_COLUMNS.length * rows &&
    Array.isArray(s.text) &&
    s.text.length === TEXT_COLUMNS.length &&
    s.text.every((t) => typeof t === 'string');
  if (!shapeOk) return { ok: false, reason: 'unreadable' };
  const snap = s as PackedText;
  const strings: string[][] = [];
  for (let c = 0; c < TEXT_COLUMNS.length; c++) {
    const col = splitColumn(snap.text[c]!, snap.ends, c * rows, rows);
    if (!col) return { ok: false, reason: 'unreadable' };
    strings.push(col);
  }
  const [titles, authors, links, enclosures, guids] = strings as [
    string[],
    string[],
    string[],
    string[],
    string[],
  ];
  return { ok: true, counter: snap.counter, columns: { titles, authors, links, enclosures, guids } };
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

// Cuts one packed column back into strings; null when the offsets do not fit the text.
function splitColumn(text: string, ends: Uint32Array, base: number, n: number): string[] | null {
  const out = new Array<string>(n);
  let start = 0;
  for (let r = 0; r < n; r++) {
    const end = ends[base + r]!;
    if (end < start) return null;
    out[r] = text.slice(start, end);
    start = end;
  }
  return start === text.length ? out : null;
}

// True when `order` lists every row once, newest first (pubDate desc, id desc). O(rows).
function isDateOrder(order: Int32Array, pubDates: Float64Array, ids: Float64Array): boolean {
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
