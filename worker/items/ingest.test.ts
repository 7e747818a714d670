import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { EngineEvent } from '../types';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { ingestItems } from './ingest';
import { contentHashOf, dedupeKeyOf } from './storedForm';
import { hash32 } from '../../shared/hash';
import { toIndexRow } from '../index/fromStore';
import { NativeAdds } from '../db/nativeAdds';

// New articles are added one by one on the transaction's native store (db/nativeAdds.ts): a
// failing write is a throwing add there, as the native write of a record IndexedDB cannot clone
// makes it.
const nativeAdds = () => vi.spyOn(NativeAdds.prototype, 'add');
const failingAdds = (message: string) =>
  nativeAdds().mockImplementation(() => {
    throw new Error(message);
  });

let engine: Engine;
let feedId: number;
let events: EngineEvent[];

beforeEach(async () => {
  engine = createTestEngine({ now: () => 5000 });
  await engine.init();
  feedId = await engine.feeds.save({ url: 'https://f.test/rss' });
  events = [];
  engine.onEvent((e) => events.push(e));
});
afterEach(() => engine.close());

describe('dedupe keys', () => {
  it('prefers guid, then link, then a content hash', () => {
    expect(dedupeKeyOf(incoming({ guid: ' g1 ', link: 'https://l' }))).toBe('g1');
    expect(dedupeKeyOf(incoming({ guid: '', link: 'https://l' }))).toBe('https://l');
    const a = dedupeKeyOf(incoming({ title: 'x', description: 'y' }));
    expect(a).toMatch(/^hash:[0-9a-f]{14}$/);
    expect(dedupeKeyOf(incoming({ title: 'x', description: 'y' }))).toBe(a);
    expect(dedupeKeyOf(incoming({ title: 'x', description: 'z' }))).not.toBe(a);
  });
  it('content hash changes with any shown field', () => {
    const base = incoming({ guid: 'g' });
    expect(contentHashOf(base)).toBe(contentHashOf({ ...base }));
    expect(contentHashOf({ ...base, author: 'B' })).not.toBe(contentHashOf(base));
    expect(contentHashOf({ ...base, pubDate: 1 })).not.toBe(contentHashOf(base));
  });
});

describe('ingestItems', () => {
  it('waits while the reader scrolls, and stores once the input pauses', async () => {
    engine.interacting(150);
    let done = false;
    const storing = engine.items.ingest(feedId, [incoming({ guid: 'held' })]).then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 60));
    expect(done).toBe(false);
    expect(await engine.items.countByFeed(feedId)).toBe(0);
    expect((await storing).added).toHaveLength(1);
    expect(await engine.items.countByFeed(feedId)).toBe(1);
  });

  it('adds new items unread, with snippet and thumbnail, and emits items-added', async () => {
    const res = await engine.items.ingest(feedId, [
      incoming({ guid: 'a', description: '<p>Hi <img src="/pic.png"> there</p>', link: 'https://f.test/a' }),
      incoming({
        guid: 'b',
        enclosure: {
          url: 'https://f.test/e.mp3',
          type: 'audio/mpeg',
          length: 1,
          duration: 60,
          image: 'https://f.test/cover.jpg',
        },
      }),
    ]);
    expect(res.added).toHaveLength(2);
    expect(res.updated).toEqual([]);
    const [a, b] = await engine.items.byIds(res.added);
    expect(a).toMatchObject({ flags: 0, snippet: 'Hi there', thumbnail: 'https://f.test/pic.png' });
    expect(b).toMatchObject({ thumbnail: 'https://f.test/cover.jpg', enclosureType: 'audio/mpeg' });
    expect(events).toEqual([{ type: 'items-added', feedIds: [feedId], count: 2 }]);
    expect((await engine.counts()).unreadByFeed).toEqual({ [feedId]: 2 });
  });

  it('dedupes by guid, then link, then hash — within one batch and across calls', async () => {
    const first = await engine.items.ingest(feedId, [
      incoming({ guid: 'g', title: 'one' }),
      incoming({ guid: 'g', title: 'dup in batch' }),
      incoming({ link: 'https://f.test/l', title: 'by link' }),
      incoming({ title: 'no ids', description: 'same body' }),
    ]);
    expect(first.added).toHaveLength(3);
    const again = await engine.items.ingest(feedId, [
      incoming({ guid: 'g', title: 'one' }),
      incoming({ link: 'https://f.test/l', title: 'by link' }),
      incoming({ title: 'no ids', description: 'same body' }),
    ]);
    expect(again).toEqual({ added: [], updated: [] });
    expect(events.filter((e) => e.type !== 'items-added')).toEqual([]);
    expect(await internalsOf(engine).stores.items.count()).toBe(3);
    // The same guid in another feed is another item.
    const other = await engine.feeds.save({ url: 'https://other.test/rss' });
    expect((await engine.items.ingest(other, [incoming({ guid: 'g' })])).added).toHaveLength(1);
  });

  it('updates a re-seen item only when its content changed, keeping id, flags and firstSeen', async () => {
    const { added } = await engine.items.ingest(feedId, [incoming({ guid: 'g', title: 'v1' })], 1000);
    const id = added[0]!;
    await engine.state.markRead([id], true);
    await engine.state.markSaved([id], true);
    events = [];
    const res = await engine.items.ingest(feedId, [incoming({ guid: 'g', title: 'v2' })], 2000);
    expect(res).toEqual({ added: [], updated: [id] });
    const stored = await internalsOf(engine).stores.items.get(id);
    expect(stored).toMatchObject({ title: 'v2', flags: FLAG_READ | FLAG_SAVED, firstSeen: 1000 });
    expect(events).toEqual([{ type: 'items-changed', ids: [id] }]);
    expect(internalsOf(engine).index.title(internalsOf(engine).index.rowOf(id))).toBe('v2');
    expect(await engine.items.ingest(feedId, [incoming({ guid: 'g', title: 'v2' })], 3000)).toEqual({
      added: [],
      updated: [],
    });
  });

  it('a new article starts in the read and saved state it is given; a stored one keeps its own', async () => {
    const { added } = await engine.items.ingest(
      feedId,
      [
        incoming({ guid: 'r', flags: FLAG_READ }),
        incoming({ guid: 's', flags: FLAG_SAVED }),
        incoming({ guid: 'rs', flags: FLAG_READ | FLAG_SAVED }),
        // Bits other than read and saved (hidden among them) and values that are not integers are ignored.
        incoming({ guid: 'odd', flags: FLAG_HIDDEN | 0xf8 }),
        incoming({ guid: 'nan', flags: Number.NaN }),
        incoming({ guid: 'none' }),
      ],
      1000,
    );
    const items = internalsOf(engine).stores.items;
    const flags = await Promise.all(added.map(async (id) => (await items.get(id))!.flags));
    expect(flags).toEqual([FLAG_READ, FLAG_SAVED, FLAG_READ | FLAG_SAVED, 0, 0, 0]);
    const index = internalsOf(engine).index;
    expect(added.map((id) => index.flags(index.rowOf(id)))).toEqual(flags);
    expect(await engine.counts()).toMatchObject({ items: 6, unread: 4, saved: 2 });
    // Arriving read counts as two reads of the feed, as marking them read after would.
    expect((await engine.feeds.get(feedId))!.readCount).toBe(2);
    expect(internalsOf(engine).context.feedCache.get(feedId)!.readCount).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['items-added', 'feeds-changed']);

    // Seen again with other flags: the stored state stays, and no read is counted again.
    events = [];
    const again = await engine.items.ingest(
      feedId,
      [
        incoming({ guid: 'r', title: 'v2', flags: 0 }),
        incoming({ guid: 'none', title: 'v2', flags: FLAG_READ }),
      ],
      2000,
    );
    expect(again.updated).toEqual([added[0], added[5]]);
    expect((await items.get(added[0]!))!.flags).toBe(FLAG_READ);
    expect((await items.get(added[5]!))!.flags).toBe(0);
    expect((await engine.feeds.get(feedId))!.readCount).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['items-changed']);
  });

  it('stores item links without tracking parameters; a guid-less item keeps its identity', async () => {
    const tracked = 'https://f.test/post?id=7&utm_source=rss&utm_medium=feed&fbclid=abc#top';
    const { added } = await engine.items.ingest(feedId, [
      incoming({ guid: 'c', link: tracked }),
      incoming({ link: 'https://f.test/nog?mc_cid=1&mc_eid=2' }),
    ]);
    const [withGuid, noGuid] = await engine.items.byIds(added);
    expect(withGuid?.link).toBe('https://f.test/post?id=7#top');
    expect(noGuid?.link).toBe('https://f.test/nog');
    const stored = await internalsOf(engine).stores.items.get(added[1]!);
    expect(stored).toMatchObject({
      link: 'https://f.test/nog',
      dedupeKey: 'https://f.test/nog?mc_cid=1&mc_eid=2',
    });
    // Only the tracking value changed: same item, nothing rewritten.
    const again = await engine.items.ingest(feedId, [
      incoming({
        guid: 'c',
        link: 'https://f.test/post?id=7&utm_source=rss&utm_medium=email&fbclid=xyz#top',
      }),
    ]);
    expect(again).toEqual({ added: [], updated: [] });
  });

  it('undated items get firstSeen as pubDate and keep it on later updates', async () => {
    const { added } = await engine.items.ingest(
      feedId,
      [incoming({ guid: 'u', pubDate: null, title: 'a' })],
      1234,
    );
    const id = added[0]!;
    expect(await internalsOf(engine).stores.items.get(id)).toMatchObject({ pubDate: 1234, firstSeen: 1234 });
    await engine.items.ingest(feedId, [incoming({ guid: 'u', pubDate: null, title: 'b' })], 9999);
    expect(await internalsOf(engine).stores.items.get(id)).toMatchObject({
      title: 'b',
      pubDate: 1234,
      firstSeen: 1234,
    });
  });

  it('writes all or nothing, and refuses an unknown feed', async () => {
    await expect(engine.items.ingest(9999, [incoming({ guid: 'x' })])).rejects.toMatchObject({
      code: 'feed_not_found',
    });
    expect(await internalsOf(engine).stores.items.count()).toBe(0);
    expect(await engine.items.ingest(feedId, [])).toEqual({ added: [], updated: [] });
  });

  it('a storage failure mid-batch leaves nothing behind and says Error adding data', async () => {
    await engine.items.ingest(feedId, [incoming({ guid: 'old', title: 'v1' })]);
    const spy = vi
      .spyOn(internalsOf(engine).db.dexie.table('items'), 'bulkPut')
      .mockRejectedValue(new Error('quota exceeded'));
    await expect(
      engine.items.ingest(feedId, [incoming({ guid: 'new' }), incoming({ guid: 'old', title: 'v2' })]),
    ).rejects.toThrow(/^Error adding data: quota exceeded$/);
    spy.mockRestore();
    expect(await internalsOf(engine).stores.items.count()).toBe(1);
    expect(internalsOf(engine).index.liveCount()).toBe(1);
  });
});

describe('ingestItems with a feed patch (a refresh status saved in the same transaction)', () => {
  const status = { lastSuccess: 4900, lastFetched: 4900, bodyHash: 'h1', failures: 0 };

  it('stores the items and the patch together, then tells items-added before feeds-changed', async () => {
    const ctx = internalsOf(engine).context;
    const r = await ingestItems(ctx, feedId, [incoming({ guid: 'a' })], undefined, { feedPatch: status });
    expect(r.added).toHaveLength(1);
    expect(await engine.feeds.get(feedId)).toMatchObject({ ...status, url: 'https://f.test/rss' });
    expect(ctx.feedCache.get(feedId)).toMatchObject(status);
    expect(events.map((e) => e.type)).toEqual(['items-added', 'feeds-changed']);
  });

  it('stores the patch when nothing new arrived', async () => {
    const ctx = internalsOf(engine).context;
    await engine.items.ingest(feedId, [incoming({ guid: 'a' })]);
    events = [];
    const r = await ingestItems(ctx, feedId, [incoming({ guid: 'a' })], undefined, { feedPatch: status });
    expect(r).toEqual({ added: [], updated: [] });
    expect(await engine.feeds.get(feedId)).toMatchObject(status);
    expect(events.map((e) => e.type)).toEqual(['feeds-changed']);
  });

  it('a failing item write leaves the feed as it was', async () => {
    const ctx = internalsOf(engine).context;
    const before = await engine.feeds.get(feedId);
    const spy = failingAdds('quota exceeded');
    await expect(
      ingestItems(ctx, feedId, [incoming({ guid: 'a' })], undefined, { feedPatch: status }),
    ).rejects.toThrow(/quota exceeded/);
    spy.mockRestore();
    expect(await engine.feeds.get(feedId)).toEqual(before);
    expect(ctx.feedCache.get(feedId)?.bodyHash).toBe(before?.bodyHash);
    expect(events).toEqual([]);
  });
});

describe('ingestItems finds stored articles through the index', () => {
  const dedupeLookups = () => {
    const items = internalsOf(engine).db.table('items');
    const where = vi.spyOn(items, 'where');
    return () => where.mock.calls.filter((call) => (call as unknown[])[0] === '[feedId+dedupeKey]').length;
  };

  it('asks IndexedDB for no key: new articles read nothing, re-seen ones are read by id', async () => {
    const lookups = dedupeLookups();
    const { added } = await engine.items.ingest(feedId, [incoming({ guid: 'a' }), incoming({ guid: 'b' })]);
    expect(
      await engine.items.ingest(feedId, [incoming({ guid: 'a' }), incoming({ guid: 'c' })]),
    ).toMatchObject({
      updated: [],
    });
    const again = await engine.items.ingest(feedId, [incoming({ guid: 'b', title: 'edited' })]);
    expect(again).toEqual({ added: [], updated: [added[1]] });
    expect(lookups()).toBe(0);
    expect(await internalsOf(engine).stores.items.count()).toBe(3);
  });

  it('an article the index does not know (stored by another tab) is found in the store: no duplicate', async () => {
    const { added } = await engine.items.ingest(feedId, [incoming({ guid: 'g', title: 'v1' })]);
    const id = added[0]!;
    await engine.state.markRead([id], true);
    internalsOf(engine).context.index.remove([id]);
    const lookups = dedupeLookups();
    const res = await engine.items.ingest(feedId, [
      incoming({ guid: 'g', title: 'v2' }),
      incoming({ guid: 'h' }),
    ]);
    expect(res.updated).toEqual([id]);
    expect(res.added).toHaveLength(1);
    expect(lookups()).toBe(1);
    expect(await internalsOf(engine).stores.items.count()).toBe(2);
    const index = internalsOf(engine).index;
    expect(index.flags(index.rowOf(id))).toBe(FLAG_READ);
    expect(index.title(index.rowOf(id))).toBe('v2');
  });

  it('two keys with one hash are told apart by the stored key', async () => {
    const { added } = await engine.items.ingest(feedId, [incoming({ guid: 'a' })]);
    const index = internalsOf(engine).context.index;
    const stored = (await internalsOf(engine).stores.items.get(added[0]!))!;
    // As if hash32('a') were hash32('b'): the index now names 'a' for 'b' and nothing for 'a'.
    index.upsert([{ ...toIndexRow(stored), keyHash: hash32('b') }]);
    expect((await engine.items.ingest(feedId, [incoming({ guid: 'b' })])).added).toHaveLength(1);
    expect(await engine.items.ingest(feedId, [incoming({ guid: 'a' })])).toEqual({ added: [], updated: [] });
    expect(await internalsOf(engine).stores.items.count()).toBe(2);
  });

  it('tells the id of every incoming article the store holds, new, changed or unchanged', async () => {
    const first = await engine.items.ingest(feedId, [incoming({ guid: 'a' }), incoming({ guid: 'b' })]);
    const storedIds = new Map<string, number>();
    const ctx = internalsOf(engine).context;
    const res = await ingestItems(
      ctx,
      feedId,
      [incoming({ guid: 'a' }), incoming({ guid: 'b', title: 'edited' }), incoming({ guid: 'c' })],
      undefined,
      { storedIds },
    );
    expect(storedIds).toEqual(
      new Map([
        ['a', first.added[0]],
        ['b', first.added[1]],
        ['c', res.added[0]],
      ]),
    );
  });

  it('any other storage failure is not retried', async () => {
    const add = failingAdds('disk on fire');
    await expect(engine.items.ingest(feedId, [incoming({ guid: 'x' })])).rejects.toThrow(
      'Error adding data: disk on fire',
    );
    expect(add).toHaveBeenCalledTimes(1);
    add.mockRestore();
    expect(await internalsOf(engine).stores.items.count()).toBe(0);
  });
});

describe('ingestItems with a long list of new articles', () => {
  const many = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => incoming({ guid: `n${from + i}`, title: `Article ${from + i}` }));

  it('gives each its own id in the feed’s order, the record under it and its row fields', async () => {
    const { added } = await engine.items.ingest(feedId, many(50));
    expect(added).toHaveLength(50);
    expect([...added].sort((a, b) => a - b)).toEqual(added);
    const records = await internalsOf(engine).db.table('items').bulkGet(added);
    expect(records.map((r) => r?.guid)).toEqual(many(50).map((i) => i.guid));
    expect(records.every((r) => r?.snippet !== undefined && r.contentHash === contentHashOf(r))).toBe(true);
    const index = internalsOf(engine).index;
    expect(added.map((id) => index.title(index.rowOf(id)))).toEqual(many(50).map((i) => i.title));
  });

  it('one the index did not know among them makes the whole list retried against the store', async () => {
    const { added } = await engine.items.ingest(feedId, [incoming({ guid: 'n40', title: 'Article 40' })]);
    internalsOf(engine).context.index.remove(added);
    const add = nativeAdds();
    const res = await engine.items.ingest(feedId, many(50));
    // The first try added all 50 and was refused whole; the second added the 49 new ones.
    expect(add).toHaveBeenCalledTimes(50 + 49);
    add.mockRestore();
    expect(res.added).toHaveLength(49);
    expect(await internalsOf(engine).stores.items.count()).toBe(50);
    const guids = (await internalsOf(engine).stores.items.listAll()).map((r) => r.guid);
    expect(new Set(guids).size).toBe(50);
  });
});
