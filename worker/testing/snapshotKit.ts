/**
 * What the index snapshot tests share (snapshot.test.ts, snapshotText.test.ts): engines closed
 * after each test, the stored records, a seeded database and a second engine loading it.
 */
import type { Engine } from '../engine';
import { META_KEYS } from '../db/meta';
import { MetaIndex } from '../index/metaIndex';
import { loadIndex } from '../index/snapshot';
import { createTestEngine, internalsOf } from './createTestEngine';
import { seedEngine } from './seed';

/** The snapshot records as stored (only the fields the tests read). */
export interface Records {
  numbers: { counter: number; textToken: string; tailToken: string };
  text: { counter: number; token: string };
  tail?: { counter: number; token: string; titleEnds: Uint32Array };
}
type Meta = { key: string; value: unknown };

/** One kit per test file: call `closeAll` after each test. */
export function snapshotKit() {
  const engines: Engine[] = [];
  const make = (dbName?: string, delay?: number): Engine => {
    const e = createTestEngine({
      ...(dbName ? { dbName } : {}),
      ...(delay !== undefined ? { snapshotDelayMs: delay } : {}),
    });
    engines.push(e);
    return e;
  };
  const metaTable = (e: Engine) => internalsOf(e).db.dexie.table<Meta, string>('meta');
  return {
    make,
    metaTable,
    closeAll: () => {
      for (const e of engines.splice(0)) e.close();
    },
    records: async (e: Engine): Promise<Records> => {
      const [numbers, text, tail] = await metaTable(e).bulkGet([
        META_KEYS.indexSnapshot,
        META_KEYS.indexSnapshotText,
        META_KEYS.indexSnapshotTextTail,
      ]);
      return {
        numbers: numbers?.value as Records['numbers'],
        text: text?.value as Records['text'],
        tail: tail?.value as Records['tail'],
      };
    },
    /** Opens `dbName` in another engine (`b`) and loads its snapshot into a new index. */
    loadedIn: async (dbName: string) => {
      const b = make(dbName);
      await internalsOf(b).db.open();
      const index = new MetaIndex();
      const result = await loadIndex(internalsOf(b).db, index);
      return { b, index, result };
    },
    /** An engine holding 160 seeded items, and its database name. */
    seeded: async () => {
      const a = make();
      await a.init();
      await seedEngine(a, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 40, seed: 7 });
      return { a, dbName: internalsOf(a).db.dexie.name };
    },
  };
}
