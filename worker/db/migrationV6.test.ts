import { describe, expect, it } from 'vitest';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { shippedItem as item, shippedWithFeeds } from '../testing/shippedSchema';
import { SCHEMA_VERSION } from './schema';

describe('schema migration v5 → v6 (two unread items indexes dropped) and on', () => {
  it('keeps every record, drops [feedId+pubDate] and flags, and the engine reads and writes as before', async () => {
    const dbName = `migrate-v6-${Math.random()}`;
    const v5 = await shippedWithFeeds(dbName, 5);
    await v5.table('items').bulkAdd([item(1, 1, 0), item(2, 1, 1), item(3, 2, 2), item(4, 2, 0)]);
    await v5.table('highlights').add({ itemId: 1, text: 'Body', color: 'yellow', note: '', createdAt: 1 });
    v5.close();

    const engine = createTestEngine({ dbName });
    const info = await engine.init();
    expect(info.schemaVersion).toBe(SCHEMA_VERSION);
    expect(info.counts).toMatchObject({ feeds: 2, items: 4, unread: 3, saved: 1 });
    const idb = internalsOf(engine).db.dexie.backendDB();
    const names = Array.from(idb.transaction('items', 'readonly').objectStore('items').indexNames).sort();
    // Version 7 then drops `feedId` too and version 8 `[pubDate+id]` (migrationV7/V8.test.ts).
    expect(names).toEqual(['[feedId+dedupeKey]']);
    expect(await internalsOf(engine).db.dexie.table('highlights').count()).toBe(1);

    // Lists, marks and a feed's removal work on the migrated store.
    const page = await engine.items.page({ scope: 'feed', id: 2 });
    expect(page.rows.map((r) => r.title)).toEqual(['Article 4', 'Article 3']);
    await engine.state.markRead([1], true);
    expect((await engine.counts()).unread).toBe(2);
    await engine.feeds.delete(1);
    expect(await internalsOf(engine).db.dexie.table('items').count()).toBe(2);
    expect((await engine.items.get(1)) ?? null).toBeNull();
    expect((await engine.items.get(3))?.title).toBe('Article 3');
  });
});
