import { describe, expect, it } from 'vitest';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { shippedItem as item, shippedWithFeeds } from '../testing/shippedSchema';
import { FLAG_READ } from '../../shared/flags';
import { incoming as fixture } from '../testing/fixtures';
import { SCHEMA_VERSION } from './schema';

describe('schema migration v6 → v7 (the items feedId index dropped)', () => {
  it("keeps every record, drops feedId, and a feed's articles are still counted, marked, deduplicated and deleted", async () => {
    const dbName = `migrate-v7-${Math.random()}`;
    const v6 = await shippedWithFeeds(dbName, 6);
    // Two feeds' articles interleaved by id, as refreshes store them.
    await v6.table('items').bulkAdd(Array.from({ length: 8 }, (_, n) => item(n + 1, 1 + (n % 2), 0)));
    v6.close();

    const engine = createTestEngine({ dbName });
    const info = await engine.init();
    expect(info.schemaVersion).toBe(SCHEMA_VERSION);
    expect(info.counts).toMatchObject({ feeds: 2, items: 8, unread: 8 });
    const { db } = internalsOf(engine);
    const idb = db.dexie.backendDB();
    const names = Array.from(idb.transaction('items', 'readonly').objectStore('items').indexNames).sort();
    expect(names).toEqual(['[feedId+dedupeKey]']);

    // A feed's articles, asked by feed id, come from the dedupe index's range of the feed.
    expect(await engine.items.countByFeed(1)).toBe(4);
    expect(await engine.items.countByFeed(2)).toBe(4);
    const ofFeed2 = await db.dexie.table('items').where('feedId').equals(2).primaryKeys();
    expect(ofFeed2.map(Number).sort((a, b) => a - b)).toEqual([2, 4, 6, 8]);

    // The dedupe index is still unique: a refresh listing a stored article does not store it again.
    const incoming = (n: number) =>
      fixture({ guid: `g${n}`, title: `Article ${n}`, link: `https://a.example/${n}` });
    const again = await engine.items.ingest(1, [incoming(1), incoming(9)]);
    expect(again.added).toHaveLength(1);
    expect(await engine.items.countByFeed(1)).toBe(5);
    await expect(db.dexie.table('items').add(item(1, 1, 0))).rejects.toThrow();

    await engine.state.markAllRead({ scope: 'feed', id: 2 });
    const rows = await db.dexie.table<{ flags: number }>('items').where('feedId').equals(2).toArray();
    const flags = rows.map((i) => i.flags);
    expect(flags).toEqual([FLAG_READ, FLAG_READ, FLAG_READ, FLAG_READ]);
    expect((await engine.counts()).unreadByFeed).toEqual({ 1: 5 });

    await engine.feeds.delete(1);
    expect(await db.dexie.table('items').count()).toBe(4);
    expect(await engine.items.countByFeed(1)).toBe(0);
    expect((await engine.items.get(8))?.title).toBe('Article 8');
  });
});
