import type { Database, StoreTable } from './database';
import type { StoredItem } from './schema';
import { createStore, type Store } from './store';
import { keyRuns } from './keyRuns';

/** Items store: the common operations plus item-specific queries. */
export interface ItemsStore extends Store<StoredItem> {
  /** Records for these ids in the given order; missing ids are skipped. One bulkGet. Fails: `Error fetching data`. */
  byIds(ids: number[]): Promise<StoredItem[]>;
  /**
   * Number of items of one feed (a count over the feed's range of `[feedId+dedupeKey]`). Fails:
   * `Error counting records`.
   */
  countByFeed(feedId: number): Promise<number>;
  /** Ids in [lo, hi], ascending (keys only, no values read). Fails: `Error during cursor operation`. */
  idsInRange(lo: number, hi: number): Promise<number[]>;
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
  return {
    ...createStore(db, 'items'),
    // One transaction whether readItems sends one request or several (runs and singles).
    byIds: (ids) => db.tx('fetch', 'r', ['items'], () => readItems(table(), ids)),
    countByFeed: (feedId) => db.run('count', () => table().where('feedId').equals(feedId).count()),
    idsInRange: (lo, hi) =>
      db.run('cursor', async () =>
        (await table().where(':id').between(lo, hi, true, true).primaryKeys()).map(Number),
      ),
  };
}
