import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS } from '../db/meta';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { MemoryChannelHub } from '../testing/memoryChannel';
import { seedEngine } from '../testing/seed';
import { SNAPSHOT_FORMAT, toCounter } from './snapshot';

// Engines started the way the worker starts them: init() answers before the index is loaded.
const engines: Engine[] = [];
function make(dbName?: string, deferIndex = true, hub?: MemoryChannelHub): Engine {
  const e = createTestEngine({
    deferIndex,
    countCheckDelayMs: 0,
    ...(dbName ? { dbName } : {}),
    ...(hub ? { channel: hub.channel() } : {}),
  });
  engines.push(e);
  return e;
}
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  vi.restoreAllMocks();
});

async function seededDb(
  snapshot = true,
): Promise<{ dbName: string; counts: Awaited<ReturnType<Engine['counts']>> }> {
  const a = make(undefined, false);
  await a.init();
  await seedEngine(a, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 25, seed: 11 });
  if (snapshot) await a.flushSnapshot();
  const counts = await a.counts();
  a.close();
  return { dbName: internalsOf(a).db.dexie.name, counts };
}

// What a fresh engine rebuilding from the items store sees: the ground truth.
async function truth(dbName: string) {
  const t = make(dbName, false);
  await internalsOf(t).db.open();
  await internalsOf(t).db.dexie.table('meta').delete(META_KEYS.indexSnapshot);
  await t.init();
  return { counts: await t.counts(), unread: await t.state.unreadIds() };
}

const storedCounter = async (e: Engine) =>
  toCounter((await internalsOf(e).stores.meta.get(META_KEYS.itemsCounter)) ?? 0);

describe('deferred index start', () => {
  it('the text index asked before init waits for the index load, then holds every text', async () => {
    const { dbName, counts } = await seededDb();
    const b = make(dbName);
    const { textIndex } = internalsOf(b);
    let fresh = false;
    const asked = textIndex.fresh().then(() => (fresh = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Started on the still empty index, its first sync would have dropped every text.
    expect(fresh).toBe(false);
    await b.init();
    await asked;
    expect(textIndex.store.liveCount()).toBe(counts.items);
    expect((await b.query.run("description LIKE ''")).total).toBe(counts.items);
  });

  it('init answers counts from the summary before the index is read; they match the loaded index', async () => {
    const { dbName, counts } = await seededDb();
    const b = make(dbName);
    const info = await b.init();
    expect(info.counts).toEqual(counts);
    expect(internalsOf(b).index.liveCount()).toBe(0);
    expect(await b.items.page({ scope: 'all', limit: 3 })).toMatchObject({ total: counts.items });
    await b.flushSnapshot(); // waits for the load
    expect(internalsOf(b).index.liveCount()).toBe(counts.items);
    expect(await b.counts()).toEqual(counts);
  });

  it('the feed and group lists answer before the index is loaded (the sidebar paints at once)', async () => {
    const { dbName } = await seededDb();
    const expected = make(dbName, false);
    await expected.init();
    const [feeds, groups] = [await expected.feeds.list(), await expected.groups.list()];
    const b = make(dbName);
    await b.init();
    const index = internalsOf(b).index;
    // Each list resolves while the index is still empty (the load waits for a first page).
    const seen: number[] = [];
    const [f, g] = await Promise.all([
      b.feeds.list().then((list) => (seen.push(index.liveCount()), list)),
      b.groups.list().then((list) => (seen.push(index.liveCount()), list)),
    ]);
    expect(seen).toEqual([0, 0]);
    expect(f).toEqual(feeds);
    expect(g).toEqual(groups);
    expect(f.length).toBe(4);
    // Counts come from the summary meanwhile (never zeros), and agree with the loaded index.
    const counts = await b.counts();
    expect(counts.feeds).toBe(4);
    await b.flushSnapshot();
    expect(await b.counts()).toEqual(counts);
  });

  it('without a current summary init waits for the index (first start after an upgrade)', async () => {
    const { dbName, counts } = await seededDb(false);
    const b = make(dbName);
    const info = await b.init();
    expect(internalsOf(b).index.liveCount()).toBe(counts.items);
    expect(info.counts).toEqual(counts);
  });

  it('writes made while the index loads are applied once, after it, and the snapshot stays valid', async () => {
    const { dbName } = await seededDb();
    const b = make(dbName);
    await b.init();
    expect(internalsOf(b).index.liveCount()).toBe(0);
    const unread = (await b.items.page({ scope: 'all', unreadOnly: true, limit: 10 })).rows.map((r) => r.id);
    const feedId = (await b.feeds.list())[0]!.id;
    await Promise.all([
      b.state.markRead(unread.slice(0, 4), true),
      b.items.ingest(feedId, [incoming({ guid: 'during-load', pubDate: 1_760_000_000 })]),
      b.state.markRead(unread.slice(4, 6), true),
    ]);
    const expected = await truth(dbName);
    expect(await b.counts()).toEqual(expected.counts);
    expect(await b.state.unreadIds()).toEqual(expected.unread);
    expect(internalsOf(b).context.applied.counter).toBe(await storedCounter(b));
    expect(await b.flushSnapshot()).toBe(true);
    // The next start loads that snapshot (no rebuild) and agrees.
    const info = vi.spyOn(console, 'info');
    const c = make(dbName);
    expect((await c.init()).counts).toEqual(expected.counts);
    expect(await c.state.unreadIds()).toEqual(expected.unread);
    expect(info).not.toHaveBeenCalledWith(expect.stringContaining('index rebuilt'));
  });

  it('a corrupt snapshot behind a current summary is rebuilt in the background', async () => {
    const { dbName, counts } = await seededDb();
    const a = make(dbName, false);
    await internalsOf(a).db.open();
    await internalsOf(a).stores.meta.set(META_KEYS.indexSnapshot, {
      format: SNAPSHOT_FORMAT,
      counter: 1,
      ids: 'nonsense',
    });
    a.close();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const b = make(dbName);
    expect((await b.init()).counts).toEqual(counts);
    expect(await b.counts()).toEqual(counts);
    await b.flushSnapshot();
    expect(internalsOf(b).index.liveCount()).toBe(counts.items);
    expect(console.info).toHaveBeenCalledWith('Rivulet: index snapshot unreadable; index rebuilt from items');
  });

  it('a row count that disagrees at the same counter is caught after start-up and rebuilt', async () => {
    const { dbName, counts } = await seededDb();
    const a = make(dbName, false);
    await a.init();
    const victim = (await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    await internalsOf(a).db.dexie.table('items').delete(victim); // no counter bump: the snapshot cannot know
    a.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const b = make(dbName);
    await b.init();
    await vi.waitFor(
      async () => {
        expect(warn).toHaveBeenCalledWith(
          'Rivulet: index row count disagrees with the items store; rebuilding',
        );
        expect((await b.counts()).items).toBe(counts.items - 1);
      },
      { timeout: 5000 },
    );
    expect(internalsOf(b).index.rowOf(victim)).toBe(-1);
  });

  it("another tab's change that arrives during the load is applied after it", async () => {
    const { dbName } = await seededDb();
    const hub = new MemoryChannelHub();
    const writer = make(dbName, false, hub);
    await writer.init();
    const reader = make(dbName, true, hub);
    await reader.init();
    const ids = (await writer.items.page({ scope: 'all', unreadOnly: true, limit: 5 })).rows.map((r) => r.id);
    await writer.state.markRead(ids, true);
    await vi.waitFor(async () => {
      await reader.settled();
      expect(await reader.counts()).toEqual(await writer.counts());
    });
    expect(await reader.state.unreadIds()).toEqual(await writer.state.unreadIds());
  });
});
