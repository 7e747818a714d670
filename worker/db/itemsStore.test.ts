import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
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

describe('items store queries', () => {
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
});
