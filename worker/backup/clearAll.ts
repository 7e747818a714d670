/** Emptying the whole database ("clear all data"). */
import type { Database } from '../db/database';
import { bumpItemsCounter } from '../db/meta';

/**
 * Empties EVERY store of the open database in one read-write transaction (all or nothing):
 * the store list is read from the database itself, so a store added by a later schema
 * version (summaries in v2, the sync stores in v3, …) can never be left behind. The items
 * change counter survives, bumped above `counterFloor`, so other tabs' snapshots stay
 * comparable. Resolves with the new counter. Fails: `Error deleting data: …` (nothing cleared).
 */
export function clearEveryStore(db: Database, counterFloor: number): Promise<number> {
  const names = db.dexie.tables.map((t) => t.name);
  return db.run('delete', () =>
    db.dexie.transaction('rw', names, async () => {
      for (const name of names) await db.dexie.table(name).clear();
      return bumpItemsCounter(db, counterFloor);
    }),
  );
}
