import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { EngineEvent } from '../types';
import { FLAG_READ } from '../../shared/flags';
import { planRanges } from './readPlan';
import { readCountOf, useStateFixture } from '../testing/stateFixture';

// Large changes of read state (worker/state/flags.ts): whole feeds, key ranges, many feeds.
let engine: Engine;
let fa: number;
let fb: number;
let a: number[];
let b: number[];
let events: EngineEvent[];
useStateFixture((f) => ({ engine, fa, fb, a, b, events } = f));

const readCount = (id: number) => readCountOf(engine, id);

/** A feed at `url` with `length` unread articles stored in one ingest (consecutive ids). */
async function storedFeed(
  url: string,
  length: number,
  guid: string,
  pubDate: number,
): Promise<{ feed: number; ids: number[] }> {
  const feed = await engine.feeds.save({ url });
  const items = Array.from({ length }, (_, n) => incoming({ guid: `${guid}${n}`, pubDate: pubDate + n }));
  return { feed, ids: (await engine.items.ingest(feed, items)).added };
}

/**
 * Ten fetches of 60 articles into feeds x and y, alternating, so neither feed's ids form runs
 * long enough for a key range. Returns x's ids.
 */
async function interleaved(x: number, y: number): Promise<number[]> {
  const xs: number[] = [];
  for (let round = 0; round < 10; round++)
    for (const feed of [x, y]) {
      const items = Array.from({ length: 60 }, (_, n) =>
        incoming({ guid: `${feed}-${round}-${n}`, pubDate: round * 100 + n }),
      );
      const { added } = await engine.items.ingest(feed, items);
      if (feed === x) xs.push(...added);
    }
  return xs;
}

describe('bulk read state', () => {
  it('marks a big feed read in one transaction, reading the feed whole, and leaves the rest as it was', async () => {
    const { feed: big, ids: ids } = await storedFeed('https://big.test', 700, 'big', 1000);
    // 50 of the big feed already read by hand: the rest (650 ≥ half the feed) is read whole.
    await engine.state.markRead(ids.slice(0, 50), true);
    events.length = 0;
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

  it('a mark that gives its transaction up for waiting reads still marks each article once', async () => {
    // Key ranges (a feed stored in one go), a whole feed read by its index (interleaved with
    // another), and ids read one by one (every third of a third feed), in one selection.
    const { feed: runs, ids: runIds } = await storedFeed('https://runs.test', 2600, 'r', 5000);
    const x = await engine.feeds.save({ url: 'https://x.test' });
    const y = await engine.feeds.save({ url: 'https://y.test' });
    const xs = await interleaved(x, y);
    const scattered = (await engine.state.unreadIds()).filter(
      (id) => !runIds.includes(id) && !xs.includes(id),
    );
    const some = scattered.filter((_, i) => i % 3 === 0);
    const ids = [...some, ...xs, ...runIds];
    events.length = 0;
    const db = internalsOf(engine).db;
    vi.spyOn(db, 'readsWaiting', 'get').mockReturnValue(1);
    const transactions = vi.spyOn(db, 'tx');
    const token = await engine.state.markRead(ids, true);
    expect(transactions.mock.calls.filter(([kind]) => kind === 'update').length).toBeGreaterThanOrEqual(2);
    const changed = events.flatMap((e) => (e.type === 'read-changed' ? e.ids : []));
    expect(changed).toHaveLength(ids.length);
    expect(new Set(changed)).toEqual(new Set(ids));
    expect(new Set(token.ids)).toEqual(new Set(ids));
    expect(await readCount(runs)).toBe(2600);
    expect(await readCount(x)).toBe(600);
    const stored = await internalsOf(engine).stores.items.byIds(ids);
    expect(await readCount(y)).toBe(stored.filter((item) => item.feedId === y).length);
    expect(stored.every((item) => (item.flags & FLAG_READ) !== 0)).toBe(true);
    expect((await engine.counts()).unread).toBe((await engine.state.unreadIds()).length);
    await engine.state.undo(token);
    expect(await readCount(runs)).toBe(0);
    expect(await readCount(x)).toBe(0);
  });

  it('mixes a whole-feed read with reads by id in one selection, skipping unknown ids', async () => {
    const { feed: big, ids: ids } = await storedFeed('https://big.test', 600, 'big', 1000);
    const token = await engine.state.markRead([...ids, a[1]!, b[0]!, 424242], true);
    expect(token.ids).toHaveLength(602);
    expect(await readCount(big)).toBe(600);
    expect(await readCount(fa)).toBe(1);
    expect(await readCount(fb)).toBe(1);
    expect((await internalsOf(engine).stores.items.get(a[0]!))?.flags).toBe(0);
    expect(await engine.state.unreadIds()).toEqual([a[3], a[2], b[1], a[0]]);
  });

  it('reads runs of near-consecutive ids by key range and changes only the ids asked for', async () => {
    const { feed: big, ids: ids } = await storedFeed('https://big.test', 900, 'big', 1000);
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

  it('reads a feed whose items are interleaved with another feed by its range of the dedupe index', async () => {
    const x = await engine.feeds.save({ url: 'https://x.test' });
    const y = await engine.feeds.save({ url: 'https://y.test' });
    const xs = await interleaved(x, y);
    expect(planRanges(xs).ranges).toEqual([]);
    const gets = vi.spyOn(internalsOf(engine).db.dexie.table('items'), 'bulkGet');
    const token = await engine.state.markAllRead({ scope: 'feed', id: x });
    expect(token.ids).toHaveLength(600);
    expect(gets).not.toHaveBeenCalled();
    expect((await engine.counts()).unreadByFeed).toEqual({ [fa]: 4, [fb]: 2, [y]: 600 });
    expect(await readCount(x)).toBe(600);
    expect(await readCount(y)).toBe(0);
  });

  it('reads by id an item the index places in a feed read whole but the store does not', async () => {
    const x = await engine.feeds.save({ url: 'https://x.test' });
    const y = await engine.feeds.save({ url: 'https://y.test' });
    // Interleaved fetches: the feed is read whole by its range of the dedupe index, not by key
    // ranges.
    const xs = await interleaved(x, y);
    // Another tab moved one of them to feed y; this index still has it in x.
    const moved = xs[5]!;
    const table = internalsOf(engine).db.dexie.table('items');
    await table.put({ ...(await table.get(moved)), feedId: y });
    const token = await engine.state.markAllRead({ scope: 'feed', id: x });
    expect(token.ids).toHaveLength(600);
    expect(token.ids).toContain(moved);
    expect((await internalsOf(engine).stores.items.get(moved))?.flags).toBe(FLAG_READ);
    expect(await readCount(x)).toBe(599);
    expect(await readCount(y)).toBe(1);
  });

  it('a feed read whole and by key range in one change counts each item once', async () => {
    const x = await engine.feeds.save({ url: 'https://x.test' });
    const y = await engine.feeds.save({ url: 'https://y.test' });
    // 300 consecutive keys (a key range), then 600 interleaved with another feed (no runs),
    // which are most of the feed: it is read whole too, and that read returns the 300 again.
    await engine.items.ingest(
      x,
      Array.from({ length: 300 }, (_, k) => incoming({ guid: `x-first-${k}`, pubDate: k })),
    );
    await interleaved(x, y);
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
