import { afterEach, describe, expect, it } from 'vitest';
import type { StoredItem } from '../db/schema';
import type { Engine } from '../engine';
import { MetaIndex } from '../index/metaIndex';
import { toIndexRow } from '../index/fromStore';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { MemoryChannelHub } from '../testing/memoryChannel';
import type { EngineEvent } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { RowCache } from './rowCache';

function stored(id: number, over: Partial<StoredItem> = {}): StoredItem {
  return {
    id,
    feedId: 1,
    guid: `g${id}`,
    title: `Title ${id}`,
    author: '',
    description: `<p>Body ${id}</p>`,
    pubDate: 1_000 + id,
    link: `https://example.com/${id}`,
    enclosure: null,
    flags: 0,
    dedupeKey: `g${id}`,
    contentHash: `h${id}`,
    firstSeen: 0,
    snippet: `Body ${id}`,
    thumbnail: '',
    ...over,
  };
}

// A database stand-in: records by id, every read logged, and a hook that runs while a read is
// "in flight" (between the request and its answer), where a change from elsewhere can land.
function setup(capacity?: number) {
  const records = new Map<number, StoredItem>();
  const reads: number[][] = [];
  let during: (() => void) | null = null;
  const index = new MetaIndex();
  const put = (...items: StoredItem[]) => {
    for (const item of items) records.set(item.id, item);
    index.upsert(items.map(toIndexRow));
  };
  const read = async (ids: number[]) => {
    reads.push([...ids]);
    const found = ids.flatMap((id) => (records.has(id) ? [structuredClone(records.get(id)!)] : []));
    await Promise.resolve();
    const hook = during;
    during = null;
    hook?.();
    return found;
  };
  const cache = new RowCache(index, read, capacity);
  return { records, reads, index, put, cache, whileReading: (fn: () => void) => (during = fn) };
}

describe('RowCache', () => {
  it('answers a page asked again from memory, in the order asked, missing ids skipped', async () => {
    const t = setup();
    t.put(stored(1), stored(2), stored(3));
    const first = await t.cache.byIds([3, 1, 99, 2]);
    expect(first.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(first[0]).toMatchObject({ title: 'Title 3', snippet: 'Body 3', link: 'https://example.com/3' });
    const again = await t.cache.byIds([2, 3, 1]);
    expect(again.map((r) => r.title)).toEqual(['Title 2', 'Title 3', 'Title 1']);
    expect(t.reads).toEqual([[3, 1, 99, 2]]);
    // A later page reads only what the cache does not hold.
    await t.cache.byIds([1, 99]);
    expect(t.reads).toEqual([[3, 1, 99, 2], [99]]);
  });

  it('takes flags and tags from the index, so a read mark or a tag needs no read', async () => {
    const t = setup();
    t.put(stored(1), stored(2, { tags: [5] }));
    await t.cache.byIds([1, 2]);
    t.index.setFlags([{ id: 1, flags: FLAG_READ | FLAG_SAVED }]);
    t.index.setTags([
      { id: 1, tags: [7, 8] },
      { id: 2, tags: [] },
    ]);
    const rows = await t.cache.byIds([1, 2]);
    expect(t.reads).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, flags: FLAG_READ | FLAG_SAVED, tags: [7, 8] });
    expect(rows[1]!.tags).toBeUndefined();
    // Answers are copies: changing one never changes what the cache holds.
    rows[0]!.title = 'changed by a caller';
    rows[0]!.tags!.push(9);
    expect((await t.cache.byIds([1]))[0]).toMatchObject({ title: 'Title 1', tags: [7, 8] });
  });

  it('reads again after an article changed, was removed or the index was reloaded', async () => {
    const t = setup();
    t.put(stored(1), stored(2));
    await t.cache.byIds([1, 2]);
    // A feed rewrote the article's body: new snippet and thumbnail, same title.
    t.put(stored(1, { snippet: 'Rewritten body', thumbnail: 'https://example.com/i.png' }));
    expect((await t.cache.byIds([1]))[0]).toMatchObject({
      snippet: 'Rewritten body',
      thumbnail: 'https://example.com/i.png',
    });
    expect(t.reads).toHaveLength(2);

    t.records.delete(2);
    t.index.remove([2]);
    expect(await t.cache.byIds([1, 2])).toHaveLength(1);

    t.records.set(1, stored(1, { title: 'Restored title' }));
    t.index.load(new MetaIndex().columns());
    t.index.upsert([toIndexRow(t.records.get(1)!)]);
    expect((await t.cache.byIds([1]))[0]!.title).toBe('Restored title');
  });

  it('keeps nothing a read brought back while the article changed (its record may be older)', async () => {
    const t = setup();
    t.put(stored(1));
    t.whileReading(() => t.put(stored(1, { title: 'Newer' })));
    // The answer in flight is the old record; it is shown, but not kept.
    expect((await t.cache.byIds([1]))[0]!.title).toBe('Title 1');
    expect(t.cache.size).toBe(0);
    expect((await t.cache.byIds([1]))[0]!.title).toBe('Newer');
    expect(t.cache.size).toBe(1);
  });

  it('answers every row of a page partly held when a change empties the cache mid-read', async () => {
    const t = setup();
    t.put(stored(1), stored(2), stored(3));
    await t.cache.byIds([1, 2]);
    t.whileReading(() => t.put(stored(4)));
    expect((await t.cache.byIds([1, 2, 3])).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('holds at most its capacity, letting the least recently asked go first', async () => {
    const t = setup(3);
    t.put(stored(1), stored(2), stored(3), stored(4));
    await t.cache.byIds([1, 2, 3]);
    await t.cache.byIds([1]); // 1 is now the most recent
    await t.cache.byIds([4]); // 2 goes
    expect(t.cache.size).toBe(3);
    t.reads.length = 0;
    await t.cache.byIds([1, 3, 4]);
    expect(t.reads).toEqual([]);
    await t.cache.byIds([2]);
    expect(t.reads).toEqual([[2]]);
  });

  it('gives an item the index does not hold its record flags', async () => {
    const t = setup();
    t.records.set(9, stored(9, { flags: FLAG_SAVED }));
    expect((await t.cache.byIds([9]))[0]!.flags).toBe(FLAG_SAVED);
  });
});

describe('RowCache in the engine: what a list shows follows every change', () => {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
  });
  const make = (opts: Parameters<typeof createTestEngine>[0] = {}) => {
    const e = createTestEngine(opts);
    engines.push(e);
    return e;
  };
  const nextEvent = (e: Engine, type: EngineEvent['type']) =>
    new Promise<void>((resolve) => {
      const off = e.onEvent((ev) => {
        if (ev.type !== type) return;
        off();
        resolve();
      });
    });
  const pageOf = async (e: Engine, feedId: number) =>
    (await e.items.page({ scope: 'feed', id: feedId })).rows;

  it('a rewritten article, a read mark, a tag and a deletion show on the next page', async () => {
    const e = make();
    await e.init();
    const f = await e.feeds.save({ url: 'https://f.test/rss' });
    const { added } = await e.items.ingest(f, [
      incoming({ guid: 'a', title: 'First', description: '<p>Old body</p>', pubDate: 2 }),
      incoming({ guid: 'b', title: 'Second', pubDate: 1 }),
    ]);
    const [a, b] = added as [number, number];
    expect((await pageOf(e, f)).map((r) => r.snippet)).toEqual(['Old body', 'Body']);
    expect(internalsOf(e).context.rows.size).toBe(2);

    await e.items.ingest(f, [
      incoming({
        guid: 'a',
        title: 'First',
        description: '<p>New body <img src="https://f.test/i.png"></p>',
        pubDate: 2,
      }),
    ]);
    expect((await pageOf(e, f))[0]).toMatchObject({
      id: a,
      snippet: 'New body',
      thumbnail: 'https://f.test/i.png',
    });

    await e.state.markRead([a], true);
    const tag = await e.tags.create('later');
    await e.tags.setOnItems([b], tag.id, true);
    const rows = await pageOf(e, f);
    expect(rows.map((r) => [r.id, r.flags & FLAG_READ, r.tags ?? []])).toEqual([
      [a, FLAG_READ, []],
      [b, 0, [tag.id]],
    ]);
    expect((await e.items.byIds([b, a])).map((r) => r.flags & FLAG_READ)).toEqual([0, FLAG_READ]);

    await e.feeds.delete(f);
    expect(await e.items.byIds([a, b])).toEqual([]);
  });

  it("another tab's rewrite of an article shows once this tab has heard of it", async () => {
    const hub = new MemoryChannelHub();
    const a = make({ channel: hub.channel() });
    await a.init();
    const b = make({ channel: hub.channel(), dbName: internalsOf(a).db.dexie.name });
    await b.init();
    let heard = nextEvent(b, 'items-added');
    const f = await a.feeds.save({ url: 'https://f.test/rss' });
    await a.items.ingest(f, [incoming({ guid: 'a', title: 'Before', description: '<p>Old</p>' })]);
    await heard;
    expect((await pageOf(b, f)).map((r) => [r.title, r.snippet])).toEqual([['Before', 'Old']]);

    // Another tab's read mark, save and tag reach this tab's index without emptying its rows.
    const [id] = (await pageOf(b, f)).map((r) => r.id) as [number];
    const kept = internalsOf(b).context.rows.size;
    heard = nextEvent(b, 'read-changed');
    await a.state.markRead([id], true);
    await heard;
    heard = nextEvent(b, 'tags-changed');
    const tag = await a.tags.create('later');
    await heard;
    heard = nextEvent(b, 'tags-changed');
    await a.tags.setOnItems([id], tag.id, true);
    await heard;
    expect(internalsOf(b).context.rows.size).toBe(kept);
    expect((await pageOf(b, f)).map((r) => [r.flags & FLAG_READ, r.tags])).toEqual([[FLAG_READ, [tag.id]]]);
    expect((await b.counts()).unread).toBe(0);

    heard = nextEvent(b, 'items-changed');
    await a.items.ingest(f, [incoming({ guid: 'a', title: 'After', description: '<p>New</p>' })]);
    await heard;
    expect((await pageOf(b, f)).map((r) => [r.title, r.snippet])).toEqual([['After', 'New']]);
  });
});
