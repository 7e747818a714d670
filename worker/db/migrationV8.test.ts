import { describe, expect, it } from 'vitest';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { shippedItem as item, shippedWithFeeds } from '../testing/shippedSchema';
import { incoming as fixture } from '../testing/fixtures';
import { SCHEMA_VERSION } from './schema';

describe('schema migration v7 → v8 (the items [pubDate+id] index dropped)', () => {
  it('keeps every record, drops [pubDate+id], and the all list is still newest first, page after page', async () => {
    const dbName = `migrate-v8-${Math.random()}`;
    const v7 = await shippedWithFeeds(dbName, 7);
    // Stored out of date order, two of them on the same date (the id breaks the tie, newest id first).
    const dates = [5, 1, 9, 3, 9, 7];
    await v7
      .table('items')
      .bulkAdd(dates.map((d, n) => ({ ...item(n + 1, 1 + (n % 2), 0), pubDate: 1_000 + d })));
    v7.close();

    const engine = createTestEngine({ dbName });
    const info = await engine.init();
    expect(info.schemaVersion).toBe(SCHEMA_VERSION);
    expect(info.counts).toMatchObject({ feeds: 2, items: 6, unread: 6 });
    const { db } = internalsOf(engine);
    const store = db.dexie.backendDB().transaction('items', 'readonly').objectStore('items');
    expect(Array.from(store.indexNames)).toEqual(['[feedId+dedupeKey]']);
    expect(await db.dexie.table('items').count()).toBe(6);

    const first = await engine.items.page({ scope: 'all', limit: 4 });
    expect(first.rows.map((r) => r.title)).toEqual(['Article 5', 'Article 3', 'Article 6', 'Article 1']);
    expect(first.total).toBe(6);
    const rest = await engine.items.page({ scope: 'all', limit: 4, cursor: first.next });
    expect(rest.rows.map((r) => r.title)).toEqual(['Article 4', 'Article 2']);
    expect(rest.next).toBeNull();

    // A new article goes in and lists first; a stored one listed again is updated, not added twice.
    const added = await engine.items.ingest(2, [
      fixture({ guid: 'g2', title: 'Article 2', link: 'https://a.example/2' }),
      fixture({ guid: 'g7', title: 'Article 7', link: 'https://a.example/7', pubDate: 2_000_000_000 }),
    ]);
    expect(added.added).toHaveLength(1);
    expect(added.updated).toEqual([2]);
    const top = await engine.items.page({ scope: 'all', limit: 1 });
    expect(top.rows.map((r) => r.title)).toEqual(['Article 7']);
    expect(top.total).toBe(7);
    expect(await db.dexie.table('items').count()).toBe(7);
  });
});
