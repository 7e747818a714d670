import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import fc from 'fast-check';
import { deleteItems, idRuns, type ItemsStore } from './itemsStore';

let engine: Engine;
let store: ItemsStore;
let feedA: number;
let feedB: number;
const NOW = 10_000;

beforeEach(async () => {
  engine = createTestEngine({ now: () => NOW });
  await engine.init();
  store = internalsOf(engine).stores.items;
  feedA = await engine.feeds.save({ url: 'https://a.test/feed' });
  feedB = await engine.feeds.save({ url: 'https://b.test/feed' });
  // 30 items in A over 10 distinct dates (3 per date), 5 in B, one future item in B.
  await engine.items.ingest(
    feedA,
    Array.from({ length: 30 }, (_, i) =>
      incoming({ guid: `a${i}`, pubDate: 1000 + Math.floor(i / 3) * 100 }),
    ),
  );
  await engine.items.ingest(feedB, [
    ...Array.from({ length: 5 }, (_, i) => incoming({ guid: `b${i}`, pubDate: 1050 + i * 100 })),
    incoming({ guid: 'future', pubDate: NOW + 500 }),
  ]);
});
afterEach(() => engine.close());

async function allPages(first: (cursor: string | null) => ReturnType<ItemsStore['pageSince']>) {
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await first(cursor);
    seen.push(...page.rows.map((r) => r.id));
    cursor = page.next;
    pages++;
  } while (cursor && pages < 100);
  return { seen, pages };
}

describe('items store queries', () => {
  it('pageSince: keyset pages newest first, no duplicates or gaps with equal dates, nothing after now', async () => {
    const { seen, pages } = await allPages((cursor) => store.pageSince(1200, { now: NOW, cursor, limit: 4 }));
    const expected = (await store.listAll())
      .filter((i) => i.pubDate >= 1200 && i.pubDate <= NOW)
      .sort((a, b) => b.pubDate - a.pubDate || b.id - a.id)
      .map((i) => i.id);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(expected.length / 4));
  });

  it('pageSince: default page size 50 and rows without bodies', async () => {
    const page = await store.pageSince(0, { now: NOW });
    expect(page.rows).toHaveLength(35);
    expect(page.next).toBeNull();
    expect(page.rows[0]).not.toHaveProperty('description');
    expect(page.rows[0]).toHaveProperty('snippet', 'Body');
  });

  it('pageWhere: filter object and predicate give the same keyset pages', async () => {
    const someId = (await store.idsWhere({ feedIds: [feedA] }))[4]!;
    await engine.state.markRead([someId], true);
    const byObject = await allPages((cursor) =>
      store.pageWhere({ feedIds: [feedA], flagsNone: FLAG_READ }, { cursor, limit: 7 }),
    );
    const byFn = await allPages((cursor) =>
      store.pageWhere((i) => i.feedId === feedA && (i.flags & FLAG_READ) === 0, { cursor, limit: 7 }),
    );
    expect(byObject.seen).toHaveLength(29);
    expect(byObject.seen).not.toContain(someId);
    expect(byFn.seen).toEqual(byObject.seen);
  });

  it('idsWhere: honours the sort index and direction', async () => {
    const ids = await store.idsWhere({ since: 1000, until: 1100 }, 'id');
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toHaveLength(7); // 6 from A (1000, 1100), 1 from B (1050)
    const byDateDesc = await store.idsWhere({}, 'pubDate', true);
    const dates = (await store.byIds(byDateDesc)).map((i) => i.pubDate);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const byFeed = await store.idsWhere({}, 'feedId');
    const feeds = (await store.byIds(byFeed)).map((i) => i.feedId);
    expect(feeds).toEqual([...feeds].sort((a, b) => a - b));
    await engine.state.markSaved([ids[0]!], true);
    expect(await store.idsWhere({ flagsAll: FLAG_SAVED })).toEqual([ids[0]]);
  });

  it('byIds keeps the requested order and skips missing ids', async () => {
    const [x, y, z] = await store.idsInRange(1, 3);
    const rows = await store.byIds([z!, 999, x!, y!, -5]);
    expect(rows.map((r) => r.id)).toEqual([z, x, y]);
  });

  it('byIds reads ranges of close ids and single ids alike, in the requested order', async () => {
    const all = await store.idsInRange(1, 1000);
    const pick = fc.subarray([...all, 999, -5]).chain((ids) => fc.shuffledSubarray([...ids, ...ids]));
    await fc.assert(
      fc.asyncProperty(pick, async (ids) => {
        const known = new Set(all);
        const rows = await store.byIds(ids);
        expect(rows.map((r) => r.id)).toEqual(ids.filter((id) => known.has(id)));
      }),
      { numRuns: 60 },
    );
  });

  it('idRuns: ranges of at least four ids at most four apart, the rest one by one', () => {
    expect(idRuns([9, 1, 2, 3, 4, 20, 30, 31, 35, 39, 43, 100])).toEqual({
      runs: [
        [1, 4],
        [30, 43],
      ],
      singles: [9, 20, 100],
    });
    expect(idRuns([5, 5, 6, 7])).toEqual({ runs: [], singles: [5, 6, 7] });
    expect(idRuns([])).toEqual({ runs: [], singles: [] });
  });

  it('deleteItems removes exactly the asked ids: runs by key range, a one-id gap kept', async () => {
    const db = internalsOf(engine).db;
    const all = (await store.idsInRange(0, Infinity)).sort((a, b) => a - b);
    // Feed A's ids are 1..30 and B's 31..36: two runs with id 11 left between them, and strays.
    const gone = [...all.slice(0, 10), ...all.slice(11, 25), all[27]!, all[32]!];
    const items = db.table('items');
    const where = vi.spyOn(items, 'where');
    const bulkDelete = vi.spyOn(items, 'bulkDelete');
    await db.tx('delete', 'rw', ['items'], () => deleteItems(items, gone));
    // Two range deletes, and one bulk delete of the two strays.
    expect(where.mock.calls.map((call) => call[0])).toEqual([':id', ':id']);
    expect(bulkDelete.mock.calls).toEqual([[[all[27], all[32]]]]);
    const left = (await store.idsInRange(0, Infinity)).sort((a, b) => a - b);
    expect(left).toEqual(all.filter((id) => !gone.includes(id)));
    expect(left).toContain(all[10]);
  });

  it('countByFeed and idsInRange', async () => {
    expect(await store.countByFeed(feedA)).toBe(30);
    expect(await store.countByFeed(feedB)).toBe(6);
    expect(await store.countByFeed(424242)).toBe(0);
    expect(await store.idsInRange(5, 8)).toEqual([5, 6, 7, 8]);
    expect(await store.idsInRange(100, 200)).toEqual([]);
  });

  it('rejects a malformed cursor', async () => {
    await expect(store.pageSince(0, { cursor: 'garbage' })).rejects.toMatchObject({ code: 'bad_cursor' });
  });
});
