import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import type { IncomingItem } from '../types';

let engine: Engine;
afterEach(() => engine?.close());

const item = (k: number): IncomingItem => ({
  guid: `g${k}`,
  title: `t${k}`,
  author: '',
  description: '',
  pubDate: 1_700_000_000 - k,
  link: '',
  enclosure: null,
});

async function setup(n: number) {
  engine = createTestEngine();
  await engine.init();
  const feedId = await engine.feeds.save({ url: 'https://a.example/feed', title: 'A' });
  const { added } = await engine.items.ingest(
    feedId,
    Array.from({ length: n }, (_, k) => item(k)),
  );
  return { feedId, ids: added };
}

const storedReadCount = async (feedId: number) =>
  (await internalsOf(engine).db.table('feeds').get(feedId))!.readCount;

describe('feed record changes are single read-modify-write transactions', () => {
  it('update interleaved with markRead never loses a readCount change', async () => {
    const { feedId, ids } = await setup(20);
    // Each round starts an update and a read mark together, so the update's read and write
    // straddle the mark's transaction whenever they are two steps.
    for (let i = 0; i < ids.length; i++) {
      await Promise.all([
        engine.feeds.update(feedId, { title: `A${i}`, lastFetched: i }),
        engine.state.markRead([ids[i]!], true),
      ]);
      expect(await storedReadCount(feedId), `round ${i}`).toBe(i + 1);
    }
    expect(await engine.feeds.get(feedId)).toMatchObject({ title: 'A19', lastFetched: 19, readCount: 20 });
    expect(internalsOf(engine).context.feedCache.get(feedId)?.readCount).toBe(20);
  });

  it('a mark started first is not undone by an update started in the same tick', async () => {
    const { feedId, ids } = await setup(10);
    for (let i = 0; i < ids.length; i++) {
      await Promise.all([
        engine.state.markRead([ids[i]!], true),
        engine.feeds.save({ id: feedId, url: 'https://a.example/feed', etag: `"${i}"` }),
      ]);
    }
    expect(await storedReadCount(feedId)).toBe(10);
    expect((await engine.feeds.get(feedId))?.etag).toBe('"9"');
  });

  it('update and save-with-id of a missing feed reject with not_found and store nothing', async () => {
    await setup(0);
    await expect(engine.feeds.update(999, { title: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(engine.feeds.save({ id: 999, url: 'https://x.example/' })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await internalsOf(engine).db.table('feeds').get(999)).toBeUndefined();
  });
});

describe('feeds.itemCounts', () => {
  it('answers total and unread of every feed in one call, from the index', async () => {
    const { feedId, ids } = await setup(5);
    const other = await engine.feeds.save({ url: 'https://b.example/feed' });
    const empty = await engine.feeds.save({ url: 'https://c.example/feed' });
    await engine.items.ingest(other, [item(100), item(101)]);
    await engine.state.markRead(ids.slice(0, 3), true);
    expect(await engine.feeds.itemCounts()).toEqual({
      [feedId]: { total: 5, unread: 2 },
      [other]: { total: 2, unread: 2 },
    });
    expect((await engine.feeds.itemCounts())[empty]).toBeUndefined();
    // Deleted items (dead index rows) are not counted.
    await engine.feeds.delete(other);
    expect(await engine.feeds.itemCounts()).toEqual({ [feedId]: { total: 5, unread: 2 } });
  });

  it('is empty for an empty database', async () => {
    await setup(0);
    expect(await engine.feeds.itemCounts()).toEqual({});
  });
});
