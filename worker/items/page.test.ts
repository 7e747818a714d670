import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { ItemRow, ItemsQuery } from '../types';
import { pageTuning } from './page';

const NOW = 1_000_000;
let engine: Engine;
let g1: number;
let fa: number; // in g1
let fb: number; // in g1
let fc1: number; // ungrouped

beforeEach(async () => {
  engine = createTestEngine({ now: () => NOW });
  await engine.init();
  g1 = await engine.groups.save({ title: 'G1' });
  fa = await engine.feeds.save({ url: 'https://a.test', groupId: g1 });
  fb = await engine.feeds.save({ url: 'https://b.test', groupId: g1 });
  fc1 = await engine.feeds.save({ url: 'https://c.test' });
});
afterEach(() => engine.close());

async function everyPage(q: ItemsQuery) {
  const rows: ItemRow[] = [];
  let cursor: string | null = null;
  let total = -1;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await engine.items.page({ ...q, cursor });
    if (total === -1) total = page.total;
    expect(page.total).toBe(total);
    rows.push(...page.rows);
    cursor = page.next;
    if (!cursor) break;
  }
  return { ids: rows.map((r) => r.id), total, rows };
}

function newestFirst(rows: { id: number; pubDate: number }[]) {
  return [...rows].sort((a, b) => b.pubDate - a.pubDate || b.id - a.id).map((r) => r.id);
}

describe('items.page', () => {
  it('pages over equal pubDates with no duplicates or gaps', async () => {
    await engine.items.ingest(
      fa,
      Array.from({ length: 123 }, (_, i) => incoming({ guid: `x${i}`, pubDate: NOW - (i % 4) })),
    );
    const { ids, total } = await everyPage({ scope: 'all', limit: 10 });
    expect(total).toBe(123);
    expect(ids).toEqual(newestFirst(await internalsOf(engine).stores.items.listAll()));
    const first = await engine.items.page({ scope: 'all' });
    expect(first.rows).toHaveLength(50);
  });

  it('keyset paging equals the sorted reference for any dates and page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 0, maxLength: 60 }),
        fc.integer({ min: 1, max: 17 }),
        async (dates, limit) => {
          await engine.clearAll();
          const feed = await engine.feeds.save({ url: 'https://p.test' });
          await engine.items.ingest(
            feed,
            dates.map((d, i) => incoming({ guid: `p${i}`, pubDate: d })),
          );
          const { ids, total } = await everyPage({ scope: 'all', limit });
          expect(total).toBe(dates.length);
          expect(ids).toEqual(newestFirst(await internalsOf(engine).stores.items.listAll()));
        },
      ),
      { numRuns: 25 },
    );
  }, 30_000);

  it('scopes: feed, group, ungrouped (-1), saved, today, unreadOnly, since', async () => {
    const a = (
      await engine.items.ingest(fa, [
        incoming({ guid: 'a1', pubDate: NOW - 10 }),
        incoming({ guid: 'a2', pubDate: NOW - 200_000 }),
      ])
    ).added;
    const b = (await engine.items.ingest(fb, [incoming({ guid: 'b1', pubDate: NOW - 20 })])).added;
    const c = (await engine.items.ingest(fc1, [incoming({ guid: 'c1', pubDate: NOW - 30 })])).added;
    await engine.state.markRead([a[0]!], true);
    await engine.state.markSaved([b[0]!, c[0]!], true);
    const ids = async (q: ItemsQuery) => (await everyPage(q)).ids;
    expect(await ids({ scope: 'feed', id: fa })).toEqual([a[0], a[1]]);
    expect(await ids({ scope: 'group', id: g1 })).toEqual([a[0], b[0], a[1]]);
    expect(await ids({ scope: 'group', id: -1 })).toEqual([c[0]]);
    expect(await ids({ scope: 'saved' })).toEqual([b[0], c[0]]);
    expect(await ids({ scope: 'today' })).toEqual([a[0], b[0], c[0]]);
    expect(await ids({ scope: 'all', unreadOnly: true })).toEqual([b[0], c[0], a[1]]);
    expect(await ids({ scope: 'group', id: g1, unreadOnly: true })).toEqual([b[0], a[1]]);
    expect(await ids({ scope: 'all', since: NOW - 25 })).toEqual([a[0], b[0]]);
    expect((await everyPage({ scope: 'feed', id: 777 })).total).toBe(0);
  });

  // A group's list is its feeds' lists merged, or (a group of most articles) the date order
  // walked with a feed test: both give the same pages, totals and unread-only lists.
  it("a group lists the same from its feeds' lists merged as from the date order walked", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ feed: fc.nat(3), date: fc.integer({ min: 0, max: 5 }), read: fc.boolean() }), {
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 7 }),
        async (items, limit) => {
          await engine.clearAll();
          const groups = [
            await engine.groups.save({ title: 'G1' }),
            await engine.groups.save({ title: 'G2' }),
          ];
          const feeds = [
            await engine.feeds.save({ url: 'https://a.test', groupId: groups[0] }),
            await engine.feeds.save({ url: 'https://b.test', groupId: groups[0] }),
            await engine.feeds.save({ url: 'https://c.test' }),
            await engine.feeds.save({ url: 'https://d.test', groupId: groups[1] }),
          ];
          for (const [k, f] of feeds.entries()) {
            const mine = items.flatMap((it, i) => (it.feed === k ? [{ ...it, i }] : []));
            const { added } = await engine.items.ingest(
              f,
              mine.map((it) => incoming({ guid: `g${it.i}`, pubDate: NOW - it.date })),
            );
            await engine.state.markRead(
              added.filter((_, j) => mine[j]!.read),
              true,
            );
          }
          const lists = async (share: number) => {
            pageTuning.groupListsShare = share;
            const out = [];
            for (const id of [...groups, -1])
              for (const unreadOnly of [false, true])
                out.push(await everyPage({ scope: 'group', id, unreadOnly, limit }));
            return out.map(({ ids, total }) => ({ ids, total }));
          };
          try {
            expect(await lists(1)).toEqual(await lists(0));
          } finally {
            pageTuning.groupListsShare = 0.25;
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 60_000);

  it("a group's merged list follows its feeds' new articles and a feed moved into it", async () => {
    pageTuning.groupListsShare = 1; // always the feeds' lists merged
    try {
      const ids = async () => (await everyPage({ scope: 'group', id: g1, limit: 2 })).ids;
      const [a1] = (await engine.items.ingest(fa, [incoming({ guid: 'a1', pubDate: NOW - 30 })])).added;
      const [b1] = (await engine.items.ingest(fb, [incoming({ guid: 'b1', pubDate: NOW - 20 })])).added;
      const [c1] = (await engine.items.ingest(fc1, [incoming({ guid: 'c1', pubDate: NOW - 10 })])).added;
      expect(await ids()).toEqual([b1, a1]);
      expect(await ids()).toEqual([b1, a1]);
      const [a2] = (await engine.items.ingest(fa, [incoming({ guid: 'a2', pubDate: NOW - 25 })])).added;
      expect(await ids()).toEqual([b1, a2, a1]);
      await engine.feeds.save({ id: fc1, url: 'https://c.test', groupId: g1 });
      expect(await ids()).toEqual([c1, b1, a2, a1]);
      await engine.state.markRead([b1!], true);
      expect((await everyPage({ scope: 'group', id: g1, unreadOnly: true })).ids).toEqual([c1, a2, a1]);
    } finally {
      pageTuning.groupListsShare = 0.25;
    }
  });

  it('rejects bad queries with codes', async () => {
    await expect(engine.items.page({ scope: 'feed' })).rejects.toMatchObject({ code: 'bad_query' });
    await expect(engine.items.page({ scope: 'nope' as 'all' })).rejects.toMatchObject({ code: 'bad_query' });
    await expect(engine.items.page({ scope: 'all', cursor: '12' })).rejects.toMatchObject({
      code: 'bad_cursor',
    });
  });

  it('reads only the page records from IndexedDB, never the whole store', async () => {
    await engine.items.ingest(
      fa,
      Array.from({ length: 120 }, (_, i) => incoming({ guid: `r${i}`, pubDate: i })),
    );
    const table = internalsOf(engine).db.dexie.table('items');
    const toArray = table.toArray.bind(table);
    let scans = 0;
    table.toArray = ((...args: Parameters<typeof toArray>) => {
      scans++;
      return toArray(...args);
    }) as typeof toArray;
    const page = await engine.items.page({ scope: 'all', unreadOnly: true, limit: 20 });
    expect(page.rows).toHaveLength(20);
    expect(scans).toBe(0);
  });

  it('skips rows deleted between index and fetch', async () => {
    const { added } = await engine.items.ingest(fa, [incoming({ guid: 'z1' }), incoming({ guid: 'z2' })]);
    await internalsOf(engine).db.dexie.table('items').delete(added[0]!); // behind the engine's back
    const page = await engine.items.page({ scope: 'all' });
    expect(page.rows.map((r) => r.id)).toEqual([added[1]]);
  });
});
