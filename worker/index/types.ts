/**
 * Read side of the in-memory metadata index (columnar, one row per item), agreed between the
 * engine core (which owns and maintains the index) and the query planner (which scans it).
 *
 * Rows are addressed 0..rowCount()-1; a removed item leaves a dead row until compaction.
 * All accessors are O(1) (links, enclosures and guids may be decoded from UTF-8 on each read).
 * Strings read back as given; `titleLower`/`authorLower` are lower-cased forms for
 * case-insensitive matching.
 */
import type { TextColumns } from './stringColumns';
import type { DateColumn, FeedColumn, IdColumn } from './narrowColumns';

export interface MetaIndexView {
  /** Incremented on every change; caches key on it. */
  readonly version: number;
  /**
   * Incremented when rows are renumbered (a load, a compaction); row numbers kept across a
   * change stay good while it holds (optional: a source without it never renumbers).
   */
  readonly numbering?: number;
  /** Number of row slots, live or dead. */
  rowCount(): number;
  /** Number of live rows. */
  liveCount(): number;
  isLive(row: number): boolean;
  /** Row of an item id, or -1. */
  rowOf(id: number): number;
  /** Optional: `rowOf` for ids asked in ascending order, the last answer given as `near`. */
  rowOfNear?(id: number, near: number): number;
  /**
   * The pubDate and id columns by row, as the index holds them (optional; read them at once and
   * do not keep them: any change of rows may replace them).
   */
  dateColumns?(): { pubDates: DateColumn; ids: IdColumn };
  /** The feed id and flag columns by row, on the same terms as `dateColumns` (optional). */
  rowColumns?(): { feedIds: FeedColumn; flags: Uint8Array };
  id(row: number): number;
  feedId(row: number): number;
  pubDate(row: number): number;
  /** FLAG_READ | FLAG_SAVED bits. */
  flags(row: number): number;
  title(row: number): string;
  titleLower(row: number): string;
  /**
   * Per row, 1 when its lower-cased title contains `needle` (lower-cased, non-empty), over the
   * first rows at least (rows past the end read as no match). Optional: a scan of every title at
   * once, cheaper than `titleLower(row).includes` row by row when most rows are asked about.
   */
  titleMatches?(needle: string): Uint8Array;
  author(row: number): string;
  authorLower(row: number): string;
  /**
   * `test` of a row's author (and its lower-cased form), decided once per distinct author
   * (optional: an index without it is tested row by row).
   */
  authorTest?(test: (author: string, lower: string) => boolean): (row: number) => boolean;
  /**
   * Every row's author as a dictionary code, by row (optional; see `authorOfCode`): the index's
   * own column, valid until its next change.
   */
  authorCodes?(): Int32Array;
  /** The author a code stands for. */
  authorOfCode?(code: number): string;
  /** How many author codes there are (codes are 0 to this less one; some may be unused). */
  authorCount?(): number;
  link(row: number): string;
  /** Whether the row's link contains `part`, without building the link string (optional). */
  linkIncludes?(row: number, part: string): boolean;
  /** Enclosure URL, '' when none. */
  enclosure(row: number): string;
  /**
   * `field LIKE needleLower` reading the stored bytes instead of building strings (optional): a
   * row test, and `all()`, the answer for every row at once (1 = passes; rows from rowCount() on
   * read 0). Null when it cannot (a non-ASCII needle): test `field(row)` instead.
   */
  refLike?(
    field: 'link' | 'enclosure' | 'guid',
    needleLower: string,
  ): { test: (row: number) => boolean; all: () => Uint8Array } | null;
  guid(row: number): string;
  /** Tag ids the item carries (empty when none). Do not mutate. */
  tags(row: number): readonly number[];
  /** Live rows ordered by pubDate desc, then id desc. Cached; do not mutate. */
  rowsByDate(): Int32Array;
  /**
   * Live rows with a non-empty title, ordered by lower-cased title, then title, then pubDate
   * desc, then id desc (hidden ones too). Optional; kept between calls; do not mutate. Without
   * `now`, null when it is not made yet and was not asked for before (sort the rows yourself).
   */
  rowsByTitle?(now?: boolean): Int32Array | null;
  /** Whether `rowsByTitle` is made (a call then only mends it). Optional, with it. */
  hasTitleOrder?(): boolean;
  /** Live rows of one feed, ordered by pubDate desc, then id desc. Cached; do not mutate. */
  rowsOfFeed(feedId: number): Int32Array;
  /** `rowsOfFeed` of each feed, the uncached ones worked out together (optional). */
  rowsOfFeeds?(feedIds: readonly number[]): Int32Array[];
}

/** The metadata of one item the index keeps. */
export interface IndexRow {
  id: number;
  feedId: number;
  pubDate: number;
  flags: number;
  title: string;
  author: string;
  link: string;
  /** Enclosure URL, '' when none. */
  enclosure: string;
  guid: string;
  /**
   * `hash32` of the item's dedupe key (worker/items/ingest.ts `dedupeKeyOf`), so an ingest knows
   * which of a feed's incoming articles are stored without asking IndexedDB (`idsWithKeys`).
   */
  keyHash: number;
  /** Tag ids the item carries (absent or empty: none). */
  tags?: readonly number[];
}

/** The number columns of the live rows, in row order: all that lists and counts need. */
export interface NumberColumns {
  /** Uint32Array and the other narrow types: a stored snapshot's (see snapshotFormat.ts `narrow`). */
  ids: IdColumn;
  feedIds: FeedColumn;
  pubDates: DateColumn;
  flags: Uint8Array;
  /** `IndexRow.keyHash` per row. */
  keyHashes: Uint32Array;
  /** Tag ids by item id, for the tagged live items only (tags are sparse). */
  tags?: ReadonlyMap<number, readonly number[]>;
}

/** Plain columns of the live rows, in row order. */
export interface IndexColumns extends NumberColumns, TextColumns {}

/**
 * Which rows a stored snapshot text record holds (`MetaIndex.textBase`): the rows below `rows`,
 * valid while the index's text epoch is still `epoch`.
 */
export interface TextMark {
  epoch: number;
  rows: number;
}
