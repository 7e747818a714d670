import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from './database';
import { createItemsStore } from './itemsStore';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import type { Engine } from '../engine';
import { defaultFeed } from '../feeds/feeds';
import type { StoredItem } from './schema';

let engine: Engine;
afterEach(() => engine?.close());

async function open() {
  engine = createTestEngine();
  await engine.init();
  return internalsOf(engine).stores;
}

function storedItem(over: Partial<StoredItem> = {}): Omit<StoredItem, 'id'> {
  return {
    feedId: 1,
    guid: 'g',
    title: 't',
    author: '',
    description: '',
    pubDate: 100,
    link: '',
    enclosure: null,
    flags: 0,
    dedupeKey: `k${Math.random()}`,
    contentHash: 'h',
    firstSeen: 100,
    snippet: '',
    thumbnail: '',
    ...over,
  };
}

describe('common store operations', () => {
  it('groups: save inserts then updates, get/exists/count/highestId/listAll/delete/deleteAll', async () => {
    const { groups } = await open();
    expect(await groups.highestId()).toBe(0);
    expect(await groups.count()).toBe(0);
    const a = await groups.save({ title: 'A' });
    const b = await groups.save({ title: 'B' });
    expect(b).toBeGreaterThan(a);
    expect(await groups.save({ id: a, title: 'A2' })).toBe(a);
    expect(await groups.get(a)).toEqual({ id: a, title: 'A2' });
    expect(await groups.get(999)).toBeUndefined();
    expect(await groups.exists(b)).toBe(true);
    expect(await groups.exists(999)).toBe(false);
    expect(await groups.count()).toBe(2);
    expect(await groups.highestId()).toBe(b);
    expect(await groups.listAll()).toEqual([
      { id: a, title: 'A2' },
      { id: b, title: 'B' },
    ]);
    await groups.delete(a);
    await groups.delete(12345); // absent: no error
    expect(await groups.exists(a)).toBe(false);
    await groups.deleteAll();
    expect(await groups.count()).toBe(0);
    expect(await groups.listAll()).toEqual([]);
  });

  it('feeds: full records round-trip, including status fields', async () => {
    const { feeds } = await open();
    const id = await feeds.save({ ...defaultFeed('https://x.test/feed'), etag: '"e1"', failures: 2 });
    const stored = await feeds.get(id);
    expect(stored).toMatchObject({ id, url: 'https://x.test/feed', etag: '"e1"', failures: 2, groupId: -1 });
    expect(await feeds.highestId()).toBe(id);
    expect(await feeds.exists(id)).toBe(true);
  });

  it('items: save, get, count, highestId, delete', async () => {
    const { items } = await open();
    const id = await items.save(storedItem({ title: 'first' }));
    expect((await items.get(id))?.title).toBe('first');
    const again = await items.save({ ...(await items.get(id))!, title: 'changed' });
    expect(again).toBe(id);
    expect((await items.get(id))?.title).toBe('changed');
    expect(await items.count()).toBe(1);
    await items.delete(id);
    expect(await items.exists(id)).toBe(false);
  });

  it('meta: set/get/delete any structured-clonable value', async () => {
    const { meta } = await open();
    expect(await meta.get('nope')).toBeUndefined();
    await meta.set('k', { a: new Float64Array([1.5]) });
    expect(await meta.get('k')).toEqual({ a: new Float64Array([1.5]) });
    await meta.delete('k');
    expect(await meta.get('k')).toBeUndefined();
  });

  it('items: the [feedId+dedupeKey] index is unique', async () => {
    const { items } = await open();
    await items.save(storedItem({ dedupeKey: 'same' }));
    await expect(items.save(storedItem({ dedupeKey: 'same' }))).rejects.toThrow(/^Error adding data: /);
    await items.save(storedItem({ dedupeKey: 'same', feedId: 2 })); // other feed: allowed
    expect(await items.count()).toBe(2);
  });
});

describe('reads waiting (Database.readsWaiting)', () => {
  it('counts reads asked and not yet answered, and never writes', async () => {
    // A bare database: an engine's own background reads would count too.
    const db = new Database({ indexedDB, IDBKeyRange, dbName: `reads-${Math.random()}` });
    await db.open();
    const items = createItemsStore(db);
    expect(db.readsWaiting).toBe(0);
    const id = await items.save(storedItem());
    expect(db.readsWaiting).toBe(0);
    const reads = [items.get(id), items.byIds([id]), items.count()];
    const writing = items.save(storedItem());
    expect(db.readsWaiting).toBe(3);
    await Promise.all(reads);
    await writing;
    expect(db.readsWaiting).toBe(0);
    // A failed read is answered too.
    await expect(db.run('fetch', () => Promise.reject(new Error('gone')))).rejects.toThrow(/gone/);
    expect(db.readsWaiting).toBe(0);
    db.close();
  });
});
