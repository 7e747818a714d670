import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { EngineEvent } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { planRanges } from './flags';

// IndexedDB's own put (fake-indexeddb), to call from a spy that fails some requests.
function nativePut(): (this: IDBObjectStore, value: unknown, key?: IDBValidKey) => IDBRequest<IDBValidKey> {
  return Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'put')!.value as never;
}

let engine: Engine;
let g: number;
let fa: number;
let fb: number;
let a: number[];
let b: number[];
let events: EngineEvent[];

beforeEach(async () => {
  engine = createTestEngine();
  await engine.init();
  g = await engine.groups.save({ title: 'G' });
  fa = await engine.feeds.save({ url: 'https://a.test', groupId: g });
  fb = await engine.feeds.save({ url: 'https://b.test' });
  a = (
    await engine.items.ingest(
      fa,
      [1, 2, 3, 4].map((n) => incoming({ guid: `a${n}`, pubDate: n * 100 })),
    )
  ).added;
  b = (
    await engine.items.ingest(
      fb,
      [1, 2].map((n) => incoming({ guid: `b${n}`, pubDate: n * 100 })),
    )
  ).added;
  events = [];
  engine.onEvent((e) => events.push(e));
});
afterEach(() => {
  engine.close();
  vi.restoreAllMocks();
});

const readCount = async (id: number) => (await engine.feeds.get(id))?.readCount;

describe('read state', () => {
  it('markRead records flags, moves readCount only on actual change, updates index and emits', async () => {
    await engine.state.markRead([a[0]!, a[1]!, b[0]!, 99999], true);
    expect(await readCount(fa)).toBe(2);
    expect(await readCount(fb)).toBe(1);
    expect((await internalsOf(engine).stores.items.get(a[0]!))?.flags).toBe(FLAG_READ);
    expect(events).toEqual([{ type: 'read-changed', ids: [a[0], a[1], b[0]], feedIds: [fa, fb] }]);
    events = [];
    await engine.state.markRead([a[0]!, a[0]!], true); // already read, duplicated
    expect(await readCount(fa)).toBe(2);
    expect(events).toEqual([]);
    await engine.state.markRead([a[0]!], false);
    expect(await readCount(fa)).toBe(1);
    const counts = await engine.counts();
    expect(counts).toMatchObject({ unread: 4, unreadByFeed: { [fa]: 3, [fb]: 1 } });
    expect(await engine.state.unreadIds()).toEqual([a[3], a[2], b[1], a[0]]); // newest first
  });

  it('moves readCount for an item the index does not know yet (written by another tab)', async () => {
    const { id: _id, ...copy } = (await internalsOf(engine).stores.items.get(b[0]!))!;
    const id = Number(
      await internalsOf(engine)
        .db.dexie.table('items')
        .add({ ...copy, guid: 'x', dedupeKey: 'x' }),
    );
    expect(internalsOf(engine).index.rowOf(id)).toBe(-1);
    const counter = async () => Number(await internalsOf(engine).stores.meta.get('itemsCounter'));
    const before = await counter();
    await engine.state.markRead([id, a[0]!], true);
    expect((await internalsOf(engine).stores.items.get(id))?.flags).toBe(FLAG_READ);
    expect(await readCount(fb)).toBe(1);
    expect(await readCount(fa)).toBe(1);
    expect(await counter()).toBe(before + 1);
  });

  it('readCount never goes below zero', async () => {
    await engine.feeds.save({ id: fa, url: 'https://a.test', readCount: 0 });
    await internalsOf(engine).db.dexie.table('items').update(a[0]!, { flags: FLAG_READ }); // read, but not counted
    await engine.state.markRead([a[0]!], false);
    expect(await readCount(fa)).toBe(0);
  });

  it('markSaved keeps the read bit and vice versa; savedIds from the index', async () => {
    await engine.state.markRead([a[0]!], true);
    await engine.state.markSaved([a[0]!, b[1]!], true);
    expect((await internalsOf(engine).stores.items.get(a[0]!))?.flags).toBe(FLAG_READ | FLAG_SAVED);
    expect(new Set(await engine.state.savedIds())).toEqual(new Set([a[0], b[1]]));
    expect(events.at(-1)).toEqual({ type: 'saved-changed', ids: [a[0], b[1]] });
    await engine.state.markSaved([a[0]!], false);
    expect((await internalsOf(engine).stores.items.get(a[0]!))?.flags).toBe(FLAG_READ);
    expect(await readCount(fa)).toBe(1);
    expect((await engine.counts()).saved).toBe(1);
  });

  it('markAllRead by feed, group and all, with an olderThan bound', async () => {
    const changed = async (scope: Parameters<Engine['state']['markAllRead']>[0]) =>
      (await engine.state.markAllRead(scope)).ids.length;
    expect(await changed({ scope: 'feed', id: fa, olderThan: 250 })).toBe(2);
    expect((await engine.counts()).unreadByFeed).toEqual({ [fa]: 2, [fb]: 2 });
    expect(await changed({ scope: 'group', id: -1 })).toBe(2);
    expect(await changed({ scope: 'group', id: g })).toBe(2);
    expect(await changed({ scope: 'all' })).toBe(0);
    expect(await readCount(fa)).toBe(4);
    expect((await engine.counts()).unread).toBe(0);
    await expect(engine.state.markAllRead({ scope: 'feed' })).rejects.toMatchObject({ code: 'bad_query' });
  });

  it('marks more than one chunk (5,000) in one transaction and keeps counts exact', async () => {
    const big = await engine.feeds.save({ url: 'https://big.test' });
    const ids = (
      await engine.items.ingest(
        big,
        Array.from({ length: 5200 }, (_, i) => incoming({ guid: `n${i}`, pubDate: i })),
      )
    ).added;
    events = [];
    const transactions = vi.spyOn(internalsOf(engine).db, 'tx');
    const token = await engine.state.markAllRead({ scope: 'feed', id: big });
    expect(token.ids).toHaveLength(5200);
    expect(await readCount(big)).toBe(5200);
    // Read and written back in two chunks, committed once: one transaction, one event.
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(events.filter((e) => e.type === 'read-changed')).toHaveLength(1);
    expect((await internalsOf(engine).stores.items.get(ids[5100]!))?.flags).toBe(FLAG_READ);
  }, 30_000);

  it('a failing write rejects with Error updating data and changes nothing', async () => {
    const original = nativePut();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name === 'items') throw new DOMException('locked', 'UnknownError');
      return original.call(this, value, key);
    });
    await expect(engine.state.markRead([a[0]!], true)).rejects.toThrow(/^Error updating data: locked$/);
    vi.restoreAllMocks();
    expect((await engine.counts()).unread).toBe(6);
    expect(await readCount(fa)).toBe(0);
    expect(events).toEqual([]);
  });

  it('a write the store refuses aborts the whole change (a unique index clash)', async () => {
    const clash = (await internalsOf(engine).stores.items.get(a[1]!))!.dedupeKey;
    const original = nativePut();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      // The second record takes the first one's dedupe key: IndexedDB fails that request.
      const record = value as { id: number; dedupeKey: string };
      const changed = this.name === 'items' && record.id === a[2] ? { ...record, dedupeKey: clash } : value;
      return original.call(this, changed, key);
    });
    await expect(engine.state.markRead([a[1]!, a[2]!, b[0]!], true)).rejects.toThrow(/^Error updating data/);
    vi.restoreAllMocks();
    expect((await engine.counts()).unread).toBe(6);
    expect(await readCount(fa)).toBe(0);
    expect(await readCount(fb)).toBe(0);
    expect((await internalsOf(engine).stores.items.byIds([a[1]!, b[0]!])).map((i) => i.flags)).toEqual([
      0, 0,
    ]);
    expect(events).toEqual([]);
  });
});

describe('undo', () => {
  const flagsOf = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await internalsOf(engine).stores.items.get(id))?.flags ?? -1));

  it('mark all read, then undo: every item gets its own previous flags back, counts too', async () => {
    await engine.state.markRead([a[1]!], true);
    await engine.state.markSaved([a[2]!, b[0]!], true);
    const all = [...a, ...b];
    const before = await flagsOf(all);
    const countsBefore = await engine.counts();
    const token = await engine.state.markAllRead({ scope: 'all' });
    expect(token).toEqual({ flag: 'read', set: true, ids: expect.any(Array) as unknown });
    expect(new Set(token.ids)).toEqual(new Set(all.filter((id) => id !== a[1])));
    expect((await engine.counts()).unread).toBe(0);
    events = [];
    expect(await engine.state.undo(token)).toBe(5);
    expect(await flagsOf(all)).toEqual(before);
    expect(await engine.counts()).toEqual(countsBefore);
    expect(await readCount(fa)).toBe(1);
    expect(await readCount(fb)).toBe(0);
    expect(events).toEqual([{ type: 'read-changed', ids: token.ids, feedIds: [fa, fb] }]);
    // Idempotent: a second undo changes nothing.
    expect(await engine.state.undo(token)).toBe(0);
    expect(await flagsOf(all)).toEqual(before);
  });

  it('undoes a saved change and skips items deleted since', async () => {
    const token = await engine.state.markSaved([a[0]!, a[1]!, a[1]!], true);
    expect(token).toEqual({ flag: 'saved', set: true, ids: [a[0], a[1]] });
    await internalsOf(engine).db.dexie.table('items').delete(a[1]!);
    expect(await engine.state.undo(token)).toBe(1);
    expect(await flagsOf([a[0]!])).toEqual([0]);
  });

  it('shows hidden articles again (the Hidden view), and undo hides them once more', async () => {
    const hidden = await engine.state.markHidden([a[0]!, b[0]!], true);
    expect(hidden).toEqual({ flag: 'hidden', set: true, ids: [a[0], b[0]] });
    const whileHidden = await engine.counts();
    expect(new Set(await engine.state.hiddenIds())).toEqual(new Set([a[0], b[0]]));
    const shown = await engine.state.markHidden(await engine.state.hiddenIds(), false);
    expect(new Set(shown.ids)).toEqual(new Set([a[0], b[0]]));
    expect(await engine.state.hiddenIds()).toEqual([]);
    expect((await engine.counts()).unread).toBe(whileHidden.unread + 2);
    expect(await engine.state.undo(shown)).toBe(2);
    expect(new Set(await engine.state.hiddenIds())).toEqual(new Set([a[0], b[0]]));
    expect(await engine.counts()).toEqual(whileHidden);
  });

  it('refuses a malformed token and changes nothing', async () => {
    await engine.state.markRead([a[0]!], true);
    const bad = [
      null,
      { flag: 'starred', set: true, ids: [a[0]] },
      { flag: 'read', set: 'yes', ids: [a[0]] },
      { flag: 'read', set: true, ids: ['1'] },
    ];
    for (const token of bad)
      await expect(engine.state.undo(token as never)).rejects.toMatchObject({ code: 'bad_input' });
    expect(await flagsOf([a[0]!])).toEqual([FLAG_READ]);
  });
});

describe('bulk read state', () => {
  it('marks a big feed read in one transaction, reading the feed whole, and leaves the rest as it was', async () => {
    const big = await engine.feeds.save({ url: 'https://big.test' });
    const ids = (
      await engine.items.ingest(
        big,
        Array.from({ length: 700 }, (_, n) => incoming({ guid: `big${n}`, pubDate: 1000 + n })),
      )
    ).added;
    // 50 of the big feed already read by hand: the rest (650 ≥ half the feed) is read whole.
    await engine.state.markRead(ids.slice(0, 50), true);
    events = [];
    const transactions = vi.spyOn(internalsOf(engine).db, 'tx');
    const token = await engine.state.markAllRead({ scope: 'feed', id: big });
    expect(transactions).toHaveBeenCalledTimes(1);
    expect([...token.ids].sort((x, y) => x - y)).toEqual(ids.slice(50).sort((x, y) => x - y));
    expect(events).toHaveLength(1);
    expect(await readCount(big)).toBe(700);
    const stored = await internalsOf(engine).stores.items.byIds(ids);
    expect(stored.every((item) => (item.flags & FLAG_READ) !== 0)).toBe(true);
    // Other feeds untouched; counts follow.
    expect(await readCount(fa)).toBe(0);
    expect((await engine.counts()).unreadByFeed).toEqual({ [fa]: 4, [fb]: 2 });
    // Undo puts back exactly the 650, with the read count.
    await engine.state.undo(token);
    expect(await readCount(big)).toBe(50);
    expect((await engine.counts()).unreadByFeed[big]).toBe(650);
  });

  it('mixes a whole-feed read with reads by id in one selection, skipping unknown ids', async () => {
    const big = await engine.feeds.save({ url: 'https://big.test' });
    const ids = (
      await engine.items.ingest(
        big,
        Array.from({ length: 600 }, (_, n) => incoming({ guid: `big${n}`, pubDate: 1000 + n })),
      )
    ).added;
    const token = await engine.state.markRead([...ids, a[1]!, b[0]!, 424242], true);
    expect(token.ids).toHaveLength(602);
    expect(await readCount(big)).toBe(600);
    expect(await readCount(fa)).toBe(1);
    expect(await readCount(fb)).toBe(1);
    expect((await internalsOf(engine).stores.items.get(a[0]!))?.flags).toBe(0);
    expect(await engine.state.unreadIds()).toEqual([a[3], a[2], b[1], a[0]]);
  });

  it('reads runs of near-consecutive ids by key range and changes only the ids asked for', async () => {
    const big = await engine.feeds.save({ url: 'https://big.test' });
    const ids = (
      await engine.items.ingest(
        big,
        Array.from({ length: 900 }, (_, n) => incoming({ guid: `big${n}`, pubDate: 1000 + n })),
      )
    ).added;
    // Every third id left out: one run (gaps of 2) whose range also returns the left-out ones.
    const asked = ids.filter((_, i) => i % 3 !== 0);
    expect(planRanges(asked).ranges).toHaveLength(1);
    const transactions = vi.spyOn(internalsOf(engine).db, 'tx');
    const gets = vi.spyOn(internalsOf(engine).db.dexie.table('items'), 'bulkGet');
    const token = await engine.state.markRead([...asked, a[0]!], true);
    expect(transactions).toHaveBeenCalledTimes(1);
    // Only the lone id of another feed is read by id.
    expect(gets.mock.calls.map((call) => call[0])).toEqual([[a[0]]]);
    expect([...token.ids].sort((x, y) => x - y)).toEqual([...asked, a[0]!].sort((x, y) => x - y));
    const stored = await internalsOf(engine).stores.items.byIds(ids);
    stored.forEach((item, i) => expect(item.flags & FLAG_READ).toBe(i % 3 === 0 ? 0 : FLAG_READ));
    expect(await readCount(big)).toBe(600);
    expect(await readCount(fa)).toBe(1);
    expect((await engine.counts()).unreadByFeed).toEqual({ [fa]: 3, [fb]: 2, [big]: 300 });
    await engine.state.undo(token);
    expect(await readCount(big)).toBe(0);
    expect((await engine.counts()).unreadByFeed).toEqual({ [fa]: 4, [fb]: 2, [big]: 900 });
  });

  it('reads a feed whose items are interleaved with another feed by its feedId index', async () => {
    const x = await engine.feeds.save({ url: 'https://x.test' });
    const y = await engine.feeds.save({ url: 'https://y.test' });
    const xs: number[] = [];
    // Ten fetches of each, alternating: neither feed's ids form runs long enough for a range.
    for (let round = 0; round < 10; round++)
      for (const feed of [x, y]) {
        const added = (
          await engine.items.ingest(
            feed,
            Array.from({ length: 60 }, (_, n) =>
              incoming({ guid: `${feed}-${round}-${n}`, pubDate: round * 100 + n }),
            ),
          )
        ).added;
        if (feed === x) xs.push(...added);
      }
    expect(planRanges(xs).ranges).toEqual([]);
    const gets = vi.spyOn(internalsOf(engine).db.dexie.table('items'), 'bulkGet');
    const token = await engine.state.markAllRead({ scope: 'feed', id: x });
    expect(token.ids).toHaveLength(600);
    expect(gets).not.toHaveBeenCalled();
    expect((await engine.counts()).unreadByFeed).toEqual({ [fa]: 4, [fb]: 2, [y]: 600 });
    expect(await readCount(x)).toBe(600);
    expect(await readCount(y)).toBe(0);
  });

  it('a feed read whole and by key range in one change counts each item once', async () => {
    const x = await engine.feeds.save({ url: 'https://x.test' });
    const y = await engine.feeds.save({ url: 'https://y.test' });
    const many = (feed: number, tag: string, n: number) =>
      engine.items.ingest(
        feed,
        Array.from({ length: n }, (_, k) => incoming({ guid: `${tag}-${k}`, pubDate: k })),
      );
    // 300 consecutive keys (a key range), then 600 interleaved with another feed (no runs),
    // which are most of the feed: it is read whole too, and that read returns the 300 again.
    await many(x, 'x-first', 300);
    for (let round = 0; round < 10; round++) {
      await many(x, `x-${round}`, 60);
      await many(y, `y-${round}`, 60);
    }
    const token = await engine.state.markAllRead({ scope: 'feed', id: x });
    expect(token.ids).toHaveLength(900);
    expect(new Set(token.ids).size).toBe(900);
    expect(await readCount(x)).toBe(900);
    expect(await readCount(y)).toBe(0);
    expect(events.filter((e) => e.type === 'read-changed').flatMap((e) => e.ids)).toHaveLength(900);
    await engine.state.undo(token);
    expect(await readCount(x)).toBe(0);
    expect((await engine.counts()).unreadByFeed[x]).toBe(900);
  });

  it('a selection over more than 32 feeds reads the feeds in one go and moves each read count', async () => {
    const feeds: number[] = [];
    const picked: number[] = [];
    for (let n = 0; n < 40; n++) {
      const feed = await engine.feeds.save({ url: `https://f${n}.test` });
      feeds.push(feed);
      const added = (
        await engine.items.ingest(
          feed,
          [1, 2].map((k) => incoming({ guid: `f${n}-${k}` })),
        )
      ).added;
      picked.push(added[0]!);
    }
    const all = vi.spyOn(internalsOf(engine).db.dexie.table('feeds'), 'toArray');
    await engine.state.markRead(picked, true);
    expect(all).toHaveBeenCalledTimes(1);
    for (const feed of feeds) expect(await readCount(feed)).toBe(1);
    expect(await readCount(fa)).toBe(0);
    expect((await engine.counts()).unreadByFeed[feeds[7]!]).toBe(1);
  });

  it('plans key ranges: runs of at least 256 ids with gaps of at most 2, each under 1,000 keys', () => {
    const run = (from: number, n: number, step = 1) => Array.from({ length: n }, (_, i) => from + i * step);
    expect(planRanges(run(1, 255))).toEqual({ ranges: [], rest: run(1, 255) });
    expect(planRanges([...run(1000, 300, 2), ...run(1, 10)].reverse())).toEqual({
      ranges: [[1000, 1598]],
      rest: run(1, 10),
    });
    // Gaps of 3 break every run.
    expect(planRanges(run(1, 400, 3)).ranges).toEqual([]);
    // 2,500 consecutive ids: ranges of at most 1,000 keys, covering every id once.
    const { ranges, rest } = planRanges(run(1, 2500));
    expect(rest).toEqual([]);
    expect(ranges).toEqual([
      [1, 1000],
      [1001, 2000],
      [2001, 2500],
    ]);
  });
});
