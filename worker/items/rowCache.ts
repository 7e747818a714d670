/**
 * The list rows last read from IndexedDB, kept in the worker so that asking for the same page
 * again reads nothing. Every mark read, save or tag change makes the UI fetch its open pages
 * again; without this each of those fetches read every row's full record (body included) back
 * from IndexedDB, ~1.5 ms per page of 50 at 100k articles and ~3 ms at 1M, where a SQL app
 * answers from its page cache.
 *
 * Correctness rests on the in-memory index, through which every change of an item passes:
 * - flags and tags are not cached: each answer takes them from the index, so a read mark never
 *   needs to touch the cache;
 * - anything else about a row (title, link, snippet, thumbnail, date, feed) changes only with an
 *   `upsert`, `remove` or `load` of the index, each of which moves its `textVersion`: the cache is
 *   emptied whenever that version moved, and a read that saw it move while IndexedDB answered
 *   keeps nothing, since its records may predate the change.
 * Memory: at most `capacity` rows (~600 bytes each with snippet and links: ~1.2 MB at 2,048).
 */
import { toItemRow } from '../db/itemRow';
import type { StoredItem } from '../db/schema';
import type { ItemRow } from '../types';

/** What the cache reads of the index. */
export interface RowCacheIndex {
  /** Moves on every change of rows or their strings, not on flags or tags. */
  readonly textVersion: number;
  rowOf(id: number): number;
  flags(row: number): number;
  tags(row: number): readonly number[];
}

/**
 * Rows kept by default: the open list's pages the UI refetches after a change (at most
 * AUTO_REFETCH_PAGES = 10 pages of 50, src/queries/keys.ts) four times over, for the lists just
 * left and the reader's neighbours. At 1M articles the worker ends a bench run at 378–394 MB of
 * its 400 MB budget, so the cache stays near a megabyte.
 */
export const ROW_CACHE_ROWS = 2048;

export class RowCache {
  // Insertion order is recency order: a hit moves its row to the end, the oldest go first.
  private readonly rows = new Map<number, ItemRow>();
  private version = -1;

  constructor(
    private readonly index: RowCacheIndex,
    private readonly read: (ids: number[]) => Promise<StoredItem[]>,
    private readonly capacity = ROW_CACHE_ROWS,
  ) {}

  /** Rows kept now and still valid (tests, memory figures); rows a change outdated count out. */
  get size(): number {
    this.sync();
    return this.rows.size;
  }

  /**
   * List rows for these ids in the given order, missing ids skipped, flags and tags as the index
   * has them. Reads IndexedDB once, for the ids not kept. Fails as the read does.
   */
  async byIds(ids: readonly number[]): Promise<ItemRow[]> {
    this.sync();
    // The rows held now are taken now: the cache may be emptied while IndexedDB answers.
    const found = new Map<number, ItemRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.touch(id);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length) {
      const version = this.version;
      const records = await this.read(missing);
      this.sync();
      // Kept only when nothing changed while IndexedDB answered (its records may predate it).
      const keep = this.version === version;
      for (const record of records) {
        const row = toItemRow(record);
        found.set(record.id, row);
        if (keep) this.keep(record.id, row);
      }
    }
    const out: ItemRow[] = [];
    for (const id of ids) {
      const row = found.get(id);
      if (row) out.push(this.overlay(row));
    }
    return out;
  }

  private sync(): void {
    if (this.index.textVersion === this.version) return;
    this.rows.clear();
    this.version = this.index.textVersion;
  }

  private touch(id: number): ItemRow | undefined {
    const row = this.rows.get(id);
    if (row) {
      this.rows.delete(id);
      this.rows.set(id, row);
    }
    return row;
  }

  private keep(id: number, row: ItemRow): void {
    this.rows.delete(id);
    this.rows.set(id, row);
    if (this.rows.size > this.capacity) this.rows.delete(this.rows.keys().next().value as number);
  }

  // A copy with the index's flags and tags (an item the index does not hold keeps its record's).
  private overlay(row: ItemRow): ItemRow {
    const at = this.index.rowOf(row.id);
    if (at < 0) return { ...row };
    const { tags: _old, ...rest } = row;
    const out: ItemRow = { ...rest, flags: this.index.flags(at) };
    const tags = this.index.tags(at);
    if (tags.length) out.tags = [...tags];
    return out;
  }
}
