import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { Database } from './database';
import { SCHEMA_VERSION } from './schema';

/**
 * Freezes the stores as shipped: version 1's stores never change; later versions add stores (v2:
 * `summaries`, v3: the sync stores, v4: `fullTexts`, v5: `highlights`), v6 drops two items
 * indexes, v7 a third and v8 a fourth. A change here means a new schema version with a migration.
 */
describe('schema versions 1 to 8', () => {
  it('has exactly the documented stores, keys and indexes', async () => {
    const db = new Database({ indexedDB, IDBKeyRange, dbName: `schema-${Math.random()}` });
    await db.open();
    const idb = db.dexie.backendDB();
    const tx = idb.transaction(['groups', 'feeds', 'items', 'meta', 'summaries', 'fullTexts'], 'readonly');
    const describeStore = (name: string) => {
      const store = tx.objectStore(name);
      const indexes = Array.from(store.indexNames)
        .sort()
        .map((n) => {
          const index = store.index(n);
          return { name: n, keyPath: index.keyPath, unique: index.unique };
        });
      return { keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
    };
    expect(SCHEMA_VERSION).toBe(8);
    expect(Array.from(idb.objectStoreNames).sort()).toEqual(
      [
        'feeds',
        'groups',
        'items',
        'meta',
        'summaries',
        'accounts',
        'syncItems',
        'syncQueue',
        'fullTexts',
        'highlights',
      ].sort(),
    );
    const hl = idb.transaction(['highlights'], 'readonly').objectStore('highlights');
    expect({
      keyPath: hl.keyPath,
      autoIncrement: hl.autoIncrement,
      indexes: Array.from(hl.indexNames),
    }).toEqual({
      keyPath: 'id',
      autoIncrement: true,
      indexes: ['itemId'],
    });
    expect(describeStore('groups')).toEqual({ keyPath: 'id', autoIncrement: true, indexes: [] });
    expect(describeStore('feeds')).toEqual({
      keyPath: 'id',
      autoIncrement: true,
      indexes: [
        { name: 'groupId', keyPath: 'groupId', unique: false },
        { name: 'url', keyPath: 'url', unique: false },
      ],
    });
    expect(describeStore('items')).toEqual({
      keyPath: 'id',
      autoIncrement: true,
      indexes: [{ name: '[feedId+dedupeKey]', keyPath: ['feedId', 'dedupeKey'], unique: true }],
    });
    expect(describeStore('meta')).toEqual({ keyPath: 'key', autoIncrement: false, indexes: [] });
    expect(describeStore('summaries')).toEqual({
      keyPath: 'key',
      autoIncrement: false,
      indexes: [{ name: 'itemId', keyPath: 'itemId', unique: false }],
    });
    expect(describeStore('fullTexts')).toEqual({
      keyPath: 'itemId',
      autoIncrement: false,
      indexes: [{ name: 'status', keyPath: 'status', unique: false }],
    });
    db.close();
  });
});
