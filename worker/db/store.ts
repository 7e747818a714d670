import type { Database, StoreTable } from './database';
import type { StoreName, StoreRecords } from './schema';

/** Stores whose records carry a numeric auto-incremented `id`. */
export type IdStoreName = Exclude<StoreName, 'meta' | 'summaries' | 'fullTexts'>;

/** The operations every id-keyed store offers. All reject with the texts in dbErrors.ts. */
export interface Store<T extends { id: number }> {
  /** The record with this id, or undefined. One IndexedDB get. Fails: `Error fetching data`. */
  get(id: number): Promise<T | undefined>;
  /**
   * Inserts (no id, or id 0) or replaces (id given) the record and returns its id. One put.
   * Fails: `Error adding data` on insert, `Error updating data` on replace.
   */
  save(record: Omit<T, 'id'> & { id?: number }): Promise<number>;
  /** Deletes one record (no error when absent). Fails: `Error deleting data`. */
  delete(id: number): Promise<void>;
  /** Empties the store. Fails: `Error deleting data`. */
  deleteAll(): Promise<void>;
  /** Every record, by id. Reads the whole store: for small stores only. Fails: `Error fetching all data`. */
  listAll(): Promise<T[]>;
  /** Number of records (an IndexedDB count, no scan in memory). Fails: `Error counting records`. */
  count(): Promise<number>;
  /** Highest id in use, 0 when empty. One reverse cursor step. Fails: `Error during cursor operation`. */
  highestId(): Promise<number>;
  /** Whether a record with this id exists (a key count, no value read). Fails: `Error checking existence`. */
  exists(id: number): Promise<boolean>;
}

/** The highest id in `table`, 0 when it is empty: one reverse key-cursor step. */
export async function highestKey<S extends IdStoreName>(table: StoreTable<S>): Promise<number> {
  return Number((await table.orderBy(':id').reverse().limit(1).primaryKeys())[0] ?? 0);
}

/** Builds the common operations for one id-keyed store. */
export function createStore<S extends IdStoreName>(db: Database, name: S): Store<StoreRecords[S]> {
  type T = StoreRecords[S];
  const table = () => db.table(name);
  return {
    get: (id) => db.run('fetch', () => table().get(id)),
    save: (record) => {
      const isNew = record.id === undefined || record.id === 0;
      if (isNew) {
        const { id: _omit, ...fresh } = record;
        return db.run('add', async () => Number(await table().add(fresh as T)));
      }
      return db.run('update', async () => Number(await table().put(record as T)));
    },
    delete: (id) => db.run('delete', () => table().delete(id)),
    deleteAll: () => db.run('delete', () => table().clear()),
    listAll: () => db.run('fetchAll', () => table().toArray()),
    count: () => db.run('count', () => table().count()),
    highestId: () => db.run('cursor', () => highestKey(table())),
    exists: (id) => db.run('exists', async () => (await table().where(':id').equals(id).count()) > 0),
  };
}
