import { type Collection } from 'dexie';
import type { ItemRow } from '../types';
import type { Database, StoreTable } from './database';
import { PAGE_SIZE, decodeCursor, encodeCursor, toItemRow, type CursorKey } from './itemRow';
import type { StoredItem } from './schema';
import { createStore, type Store } from './store';
import { keyRuns } from './keyRuns';

/** A simple filter over stored items, evaluated by IndexedDB cursors (store-level use only). */
export interface ItemFilter {
  feedIds?: number[];
  /** Every bit must be set. */
  flagsAll?: number;
  /** No bit may be set. */
  flagsNone?: number;
  /** pubDate ≥ since. */
  since?: number;
  /** pubDate ≤ until. */
  until?: number;
}

/** A filter object or a predicate over the stored record. */
export type ItemPredicate = ItemFilter | ((item: StoredItem) => boolean);

/** A keyset page straight from IndexedDB (no total: counting would need a scan). */
export interface KeysetPage<T> {
  rows: T[];
  next: string | null;
}

/** Sort indexes `idsWhere` accepts. */
export type ItemSortIndex = 'id' | 'pubDate' | 'feedId';

/** Items store: the common operations plus item-specific queries. */
export interface ItemsStore extends Store<StoredItem> {
  /**
   * Newest-first page of items with since ≤ pubDate ≤ now, keyset-paged on [pubDate+id]
   * (no offset scan). Fails: `Error during cursor operation`; bad cursor → EngineError('bad_cursor').
   */
  pageSince(
    since: number,
    opts?: { now?: number; cursor?: string | null; limit?: number },
  ): Promise<KeysetPage<ItemRow>>;
  /**
   * Newest-first page of items matching a filter. Walks the [pubDate+id] index from the cursor
   * and tests each record: cost grows with how rare matches are, so the engine's lists use the
   * in-memory index instead. Fails: `Error during cursor operation`.
   */
  pageWhere(
    filter: ItemPredicate,
    opts?: { cursor?: string | null; limit?: number },
  ): Promise<KeysetPage<ItemRow>>;
  /** Ids of matching items ordered by a sort index. A full cursor walk. Fails: `Error during cursor operation`. */
  idsWhere(filter: ItemPredicate, sort?: ItemSortIndex, desc?: boolean): Promise<number[]>;
  /** Records for these ids in the given order; missing ids are skipped. One bulkGet. Fails: `Error fetching data`. */
  byIds(ids: number[]): Promise<StoredItem[]>;
  /** Number of items of one feed (index count). Fails: `Error counting records`. */
  countByFeed(feedId: number): Promise<number>;
  /** Ids in [lo, hi], ascending (keys only, no values read). Fails: `Error during cursor operation`. */
  idsInRange(lo: number, hi: number): Promise<number[]>;
}

/** Turns a filter object into a predicate; a predicate passes through. */
export function toPredicate(filter: ItemPredicate): (item: StoredItem) => boolean {
  if (typeof filter === 'function') return filter;
  const feeds = filter.feedIds ? new Set(filter.feedIds) : null;
  return (item) =>
    (feeds === null || feeds.has(item.feedId)) &&
    (filter.flagsAll === undefined || (item.flags & filter.flagsAll) === filter.flagsAll) &&
    (filter.flagsNone === undefined || (item.flags & filter.flagsNone) === 0) &&
    (filter.since === undefined || item.pubDate >= filter.since) &&
    (filter.until === undefined || item.pubDate <= filter.until);
}

// Ids at most this far apart share one range read in `byIds`, and a range needs this many ids.
const RUN_GAP = 4;
const RUN_MIN = 4;

/**
 * The ids of a page split into ranges read with one request each (`RUN_MIN` or more ids, at most
 * `RUN_GAP` apart: a feed's page comes from a few ingest batches, whose ids are consecutive)
 * and the rest, read one by one. A range may bring up to RUN_GAP - 1 records between two ids
 * that nobody asked for; one `get` per id cost ~3 ms for a page of 50 at 100k articles.
 */
export function idRuns(ids: readonly number[]): { runs: [number, number][]; singles: number[] } {
  const { ranges, rest } = keyRuns([...new Set(ids)], RUN_MIN, RUN_GAP);
  return { runs: ranges, singles: rest };
}

/**
 * Records for these ids in the given order, missing ids skipped, read inside the caller's
 * transaction (or Dexie's own): the runs of close ids as one range read each, the rest with
 * one bulkGet (see `idRuns`).
 */
export async function readItems(table: StoreTable<'items'>, ids: readonly number[]): Promise<StoredItem[]> {
  const { runs, singles } = idRuns(ids);
  if (runs.length === 0) {
    const found = await table.bulkGet([...ids]);
    return found.filter((item): item is StoredItem => item !== undefined);
  }
  const reads = await Promise.all([
    table.bulkGet(singles),
    ...runs.map(([lo, hi]) => table.where(':id').between(lo, hi, true, true).toArray()),
  ]);
  const byId = new Map<number, StoredItem>();
  for (const found of reads) for (const item of found) if (item) byId.set(item.id, item);
  return ids.map((id) => byId.get(id)).filter((item): item is StoredItem => item !== undefined);
}

// Consecutive ids from this many on are deleted with one key-range request.
const DELETE_RUN_MIN = 8;

/**
 * Deletes these items inside the caller's read-write transaction: each run of consecutive ids
 * (a feed's items are stored an ingest batch at a time, so a whole feed is a few runs) as one
 * key-range delete, the rest with one bulkDelete. A range holds no id that was not asked for
 * (the ids in it step by exactly 1). Deleting a feed of 5,000 articles was 5,000 delete
 * requests, each a round trip to the browser's IndexedDB thread.
 */
export async function deleteItems(table: StoreTable<'items'>, ids: readonly number[]): Promise<void> {
  const { ranges, rest } = keyRuns(ids, DELETE_RUN_MIN, 1);
  await Promise.all([
    ...ranges.map(([lo, hi]) => table.where(':id').between(lo, hi, true, true).delete()),
    rest.length ? table.bulkDelete(rest) : undefined,
  ]);
}

/** Builds the items store over an opened database. */
export function createItemsStore(db: Database): ItemsStore {
  const table = () => db.table('items');
  // Newest-first walk over [pubDate+id] in [lower, upper], upper excluded when it is a cursor.
  const walk = (lower: CursorKey, upper: CursorKey, upperOpen: boolean): Collection<StoredItem> =>
    table()
      .where('[pubDate+id]')
      .between([lower.pubDate, -Infinity], [upper.pubDate, upper.id], true, !upperOpen)
      .reverse();
  const collect = async (coll: Collection<StoredItem>, limit: number) => {
    const found = await coll.limit(limit + 1).toArray();
    const rows = found.slice(0, limit);
    const last = rows[rows.length - 1];
    const next = found.length > limit && last ? encodeCursor(last) : null;
    return { rows: rows.map(toItemRow), next };
  };
  const upperOf = (cursor: string | null | undefined, fallbackPubDate: number) =>
    cursor
      ? { key: decodeCursor(cursor), open: true }
      : { key: { pubDate: fallbackPubDate, id: Infinity }, open: false };

  return {
    ...createStore(db, 'items'),
    pageSince: async (since, opts = {}) => {
      const now = opts.now ?? Math.floor(Date.now() / 1000);
      const upper = upperOf(opts.cursor, now);
      return db.run('cursor', () =>
        collect(walk({ pubDate: since, id: -Infinity }, upper.key, upper.open), opts.limit ?? PAGE_SIZE),
      );
    },
    pageWhere: async (filter, opts = {}) => {
      const upper = upperOf(opts.cursor, Infinity);
      const lower = { pubDate: -Infinity, id: -Infinity };
      return db.run('cursor', () =>
        collect(walk(lower, upper.key, upper.open).filter(toPredicate(filter)), opts.limit ?? PAGE_SIZE),
      );
    },
    idsWhere: (filter, sort = 'id', desc = false) =>
      db.run('cursor', async () => {
        const index = sort === 'id' ? ':id' : sort === 'pubDate' ? '[pubDate+id]' : 'feedId';
        let coll = table().orderBy(index);
        if (desc) coll = coll.reverse();
        return (await coll.filter(toPredicate(filter)).primaryKeys()).map(Number);
      }),
    // One transaction whether readItems sends one request or several (runs and singles).
    byIds: (ids) => db.tx('fetch', 'r', ['items'], () => readItems(table(), ids)),
    countByFeed: (feedId) => db.run('count', () => table().where('feedId').equals(feedId).count()),
    idsInRange: (lo, hi) =>
      db.run('cursor', async () =>
        (await table().where(':id').between(lo, hi, true, true).primaryKeys()).map(Number),
      ),
  };
}
