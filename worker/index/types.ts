/**
 * Read side of the in-memory metadata index (columnar, one row per item), agreed between the
 * engine core (which owns and maintains the index) and the query planner (which scans it).
 *
 * Rows are addressed 0..rowCount()-1; a removed item leaves a dead row until compaction.
 * All accessors are O(1). Strings are kept as given; `titleLower`/`authorLower` are lower-cased
 * copies for case-insensitive matching.
 */
export interface MetaIndexView {
  /** Incremented on every change; caches key on it. */
  readonly version: number;
  /** Number of row slots, live or dead. */
  rowCount(): number;
  /** Number of live rows. */
  liveCount(): number;
  isLive(row: number): boolean;
  /** Row of an item id, or -1. */
  rowOf(id: number): number;
  id(row: number): number;
  feedId(row: number): number;
  pubDate(row: number): number;
  /** FLAG_READ | FLAG_SAVED bits. */
  flags(row: number): number;
  title(row: number): string;
  titleLower(row: number): string;
  author(row: number): string;
  authorLower(row: number): string;
  link(row: number): string;
  /** Enclosure URL, '' when none. */
  enclosure(row: number): string;
  guid(row: number): string;
  /** Tag ids the item carries (empty when none). Do not mutate. */
  tags(row: number): readonly number[];
  /** Live rows ordered by pubDate desc, then id desc. Cached; do not mutate. */
  rowsByDate(): Int32Array;
  /** Live rows of one feed, ordered by pubDate desc, then id desc. Cached; do not mutate. */
  rowsOfFeed(feedId: number): Int32Array;
}
