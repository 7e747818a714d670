import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS } from '../db/meta';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { snapshotKit } from '../testing/snapshotKit';
import { dropFlagLog } from '../testing/flagLogKit';
import { MetaIndex } from './metaIndex';
import { rebuild, verifyCount } from './fromStore';
import { SNAPSHOT_FORMAT, loadIndex, readSummary } from './snapshot';
import { writeSnapshot } from './snapshotWrite';
import { hash32 } from '../../shared/hash';
import { unpackSnapshot } from './snapshotFormat';
import { SCHEMA_VERSION, type StoredItem } from '../db/schema';

const { make, loadedIn, seeded, closeAll } = snapshotKit();
afterEach(() => {
  closeAll();
  vi.restoreAllMocks();
});

/** A start's deferred load of `dbName` (no row count), as the engine's gate runs it. */
async function loadedLater(dbName: string) {
  const db = internalsOf(make(dbName)).db;
  await db.open();
  const index = new MetaIndex();
  const loaded = await loadIndex(db, index, { countLater: true });
  return { db, index, loaded };
}

describe('index snapshot', () => {
  it('a flushed snapshot is loaded in one get on the next start', async () => {
    const { a, dbName } = await seeded();
    expect(await a.flushSnapshot()).toBe(true);
    const countsBefore = await a.counts();
    a.close();
    const b = make(dbName);
    await internalsOf(b).db.open();
    const result = await loadIndex(internalsOf(b).db, new MetaIndex());
    expect(result).toMatchObject({ source: 'snapshot', staleReason: null });
    await b.init();
    expect(await b.counts()).toEqual(countsBefore);
    expect(await b.state.unreadIds()).toEqual(await a.state.unreadIds());
  });

  it('each row keeps its dedupe key hash through a snapshot and through a rebuild', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const stored = await internalsOf(a).db.dexie.table<StoredItem, number>('items').limit(20).toArray();
    a.close();
    const { b, index, result } = await loadedIn(dbName);
    expect(result.source).toBe('snapshot');
    const rebuilt = new MetaIndex();
    await rebuild(internalsOf(b).db, rebuilt);
    for (const loaded of [index, rebuilt])
      for (const item of stored)
        expect(loaded.idsWithKeys(item.feedId, new Set([hash32(item.dedupeKey)]))).toContain(item.id);
  });

  it('a snapshot an ingest left behind is brought up to date from the log (index/flagLog.ts)', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const feedId = (await a.feeds.list())[0]!.id;
    await a.items.ingest(feedId, [incoming({ guid: 'late', title: 'Late', pubDate: 2_000_000_000 })]);
    const unread = await a.state.unreadIds();
    a.close();
    const { b, index, result } = await loadedIn(dbName);
    expect(result).toMatchObject({ source: 'snapshot', staleReason: null, logged: 1 });
    expect(index.liveCount()).toBe(161);
    expect(index.title(index.rowOf(unread[0]!))).toBe('Late');
    await b.init();
    expect(await b.state.unreadIds()).toEqual(unread);
  });

  it('a start that caught up with ingests writes its snapshot at the next pause, not after the usual delay', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const feedId = (await a.feeds.list())[0]!.id;
    await a.items.ingest(feedId, [incoming({ guid: 'late', pubDate: 2_000_000_000 })]);
    a.close();
    const b = make(dbName, 3_600_000);
    await b.init();
    const meta = internalsOf(b).db.dexie.table('meta');
    const counter = ((await meta.get(META_KEYS.itemsCounter)) as { value: number }).value;
    const stored = async () => ((await meta.get(META_KEYS.indexSnapshot)) as { value: unknown }).value;
    await vi.waitFor(
      async () => {
        const unpacked = unpackSnapshot(await stored());
        expect(unpacked.ok && unpacked.counter).toBe(counter);
      },
      { timeout: 3000 },
    );
  });

  it('a stale snapshot (changes after it the log does not hold) is rebuilt from the items store', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const feedId = (await a.feeds.list())[0]!.id;
    await a.items.ingest(feedId, [incoming({ guid: 'late', pubDate: 2_000_000_000 })]);
    const unread = await a.state.unreadIds();
    // As an ingest of a build before the log of ingests left it.
    await dropFlagLog(a);
    a.close();
    const { b, index, result } = await loadedIn(dbName);
    expect(result).toMatchObject({
      source: 'rebuild',
      staleReason: 'index snapshot out of date',
    });
    expect(index.liveCount()).toBe(161);
    // The rebuild wrote a fresh snapshot, so the next load is fast again.
    expect((await loadIndex(internalsOf(b).db, new MetaIndex())).source).toBe('snapshot');
    await b.init();
    expect(await b.state.unreadIds()).toEqual(unread);
  });

  it('a snapshot whose row count disagrees with the store is rebuilt even at the same counter', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const victim = (await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    // A write that (wrongly) did not bump the change counter.
    await internalsOf(a).db.dexie.table('items').delete(victim);
    a.close();
    const { index, result } = await loadedIn(dbName);
    expect(result).toMatchObject({
      source: 'rebuild',
      staleReason: 'index snapshot out of date',
    });
    expect(index.liveCount()).toBe(159);
    expect(index.rowOf(victim)).toBe(-1);
  });

  it('countLater loads without counting; verifyCount then catches the mismatch, not a moved counter (before or during it)', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const victim = (await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    await internalsOf(a).db.dexie.table('items').delete(victim);
    a.close();
    const { db, index, loaded } = await loadedLater(dbName);
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(index.liveCount()).toBe(160);
    expect(await verifyCount(db, index, loaded.counter)).toBe(false);
    // Another counter: the check cannot tell, so it does not cry wolf.
    expect(await verifyCount(db, index, loaded.counter - 1)).toBe(true);
    // Nor when a write moves the counter between two of its ranges.
    let writes = 0;
    const between = async () => {
      if (writes++ === 0)
        await db.dexie.table('meta').put({ key: META_KEYS.itemsCounter, value: loaded.counter + 1 });
    };
    expect(await verifyCount(db, index, loaded.counter, { step: 7, between })).toBe(true);
    expect(writes).toBe(1);
    await db.dexie.table('meta').put({ key: META_KEYS.itemsCounter, value: loaded.counter });
    index.remove([victim]);
    expect(await verifyCount(db, index, loaded.counter)).toBe(true);
  });

  it('verifyCount counts by id ranges, each read apart, and still finds a gap past the first', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const table = internalsOf(a).db.dexie.table<StoredItem, number>('items');
    const top = (await table.orderBy(':id').last())!;
    a.close();
    const { db, index, loaded } = await loadedLater(dbName);
    let pauses = 0;
    const between = () => Promise.resolve(pauses++);
    expect(await verifyCount(db, index, loaded.counter, { step: 7, between })).toBe(true);
    // 160 items by ranges of 7 ids: the page's reads get a turn between every two ranges.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(top.id / 7));
    // The newest item gone behind the counter's back: only the last range sees it.
    await db.dexie.table('items').delete(top.id);
    expect(await verifyCount(db, index, loaded.counter, { step: 7, between })).toBe(false);
    // An item above every id the store held counts too (the last range is open-ended).
    await db.dexie.table('items').add({ ...top, id: top.id + 1_000 });
    expect(await verifyCount(db, index, loaded.counter, { step: 7, between })).toBe(true);
    await db.dexie.table('items').add({ ...top, id: top.id + 2_000, dedupeKey: 'another' });
    expect(await verifyCount(db, index, loaded.counter, { step: 7, between })).toBe(false);
  });

  it('a corrupt snapshot gives a warning and a rebuild, not a crash', async () => {
    const { a, dbName } = await seeded();
    await internalsOf(a).stores.meta.set(META_KEYS.indexSnapshot, {
      format: SNAPSHOT_FORMAT,
      counter: 3,
      ids: 'nonsense',
    });
    a.close();
    const b = make(dbName);
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const info = await b.init();
    expect(info.warnings).toEqual(['Index snapshot was unreadable; rebuilt']);
    expect(info.counts.items).toBe(160);
  });

  it('a format-1 snapshot (before packing) is rebuilt quietly and replaced by the current format', async () => {
    const { a, dbName } = await seeded();
    const counter = internalsOf(a).context.applied.counter;
    await internalsOf(a).stores.meta.set(META_KEYS.indexSnapshot, {
      format: 1,
      counter,
      ...internalsOf(a).context.index.columns(),
    });
    const countsBefore = await a.counts();
    a.close();
    const b = make(dbName);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const result = await b.init();
    expect(result.warnings).toEqual([]);
    expect(info).toHaveBeenCalledWith('Rivulet: index snapshot of an older format; index rebuilt from items');
    expect(await b.counts()).toEqual(countsBefore);
    expect(unpackSnapshot(await internalsOf(b).stores.meta.get(META_KEYS.indexSnapshot))).toMatchObject({
      ok: true,
      counter,
    });
  });

  it('a snapshot with a broken order or offsets is rebuilt, with the same rows as before', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const snap = (await internalsOf(a).stores.meta.get(META_KEYS.indexSnapshot)) as { order: Int32Array };
    snap.order.reverse();
    await internalsOf(a).stores.meta.set(META_KEYS.indexSnapshot, snap);
    const unread = await a.state.unreadIds();
    a.close();
    const b = make(dbName);
    vi.spyOn(console, 'info').mockImplementation(() => {});
    expect((await b.init()).warnings).toEqual(['Index snapshot was unreadable; rebuilt']);
    expect(await b.state.unreadIds()).toEqual(unread);
  });

  it('a deferred load checks the order after the first pages and rebuilds a broken one', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const snap = (await internalsOf(a).stores.meta.get(META_KEYS.indexSnapshot)) as { order: Int32Array };
    snap.order.reverse(); // still rows in range: only the full check sees it
    await internalsOf(a).stores.meta.set(META_KEYS.indexSnapshot, snap);
    const want = Array.from(internalsOf(a).index.rowsByDate(), (row) => internalsOf(a).index.id(row));
    a.close();
    const b = make(dbName);
    const index = new MetaIndex();
    let atNumbersRows = -1;
    const result = await loadIndex(internalsOf(b).db, index, {
      countLater: true,
      atNumbers: () => {
        atNumbersRows = index.liveCount();
        return Promise.resolve();
      },
    });
    // The numbers were in (the first pages could run) before the check failed.
    expect(atNumbersRows).toBe(want.length);
    expect(result).toMatchObject({ source: 'rebuild', staleReason: 'index snapshot unreadable' });
    expect(Array.from(index.rowsByDate(), (row) => index.id(row))).toEqual(want);
    // Without atNumbers the order is checked before anything is loaded.
    expect(unpackSnapshot(snap).ok).toBe(false);
    expect(unpackSnapshot(snap, { orderLater: true }).ok).toBe(true);
    b.close();
  });

  it('the counts summary is written with the snapshot and only trusted at its counter', async () => {
    const { a } = await seeded();
    expect(await readSummary(internalsOf(a).db)).toBeNull();
    await a.flushSnapshot();
    const counts = await a.counts();
    expect(await readSummary(internalsOf(a).db)).toEqual({
      counter: internalsOf(a).context.applied.counter,
      items: counts.items,
      unread: counts.unread,
      saved: counts.saved,
      unreadByFeed: counts.unreadByFeed,
    });
    const feedId = (await a.feeds.list())[0]!.id;
    await a.items.ingest(feedId, [incoming({ guid: 'after-summary', pubDate: 2_000_000_000 })]);
    expect(await readSummary(internalsOf(a).db)).toBeNull();
    await internalsOf(a).stores.meta.set(META_KEYS.indexSummary, {
      counter: internalsOf(a).context.applied.counter,
      items: 'x',
    });
    expect(await readSummary(internalsOf(a).db)).toBeNull();
  });

  it('writeSnapshot skips when the database moved past the index', async () => {
    const { a } = await seeded();
    const counter = internalsOf(a).context.applied.counter;
    expect(await writeSnapshot(internalsOf(a).db, new MetaIndex(), counter - 1)).toBe(false);
    expect(await writeSnapshot(internalsOf(a).db, new MetaIndex(), counter)).toBe(true);
  });

  it('changes schedule one debounced snapshot write', async () => {
    const e = make(undefined, 20);
    await e.init();
    const feedId = await e.feeds.save({ url: 'https://d.test/' });
    await e.items.ingest(feedId, [incoming({ guid: '1' })]);
    await e.items.ingest(feedId, [incoming({ guid: '2' })]);
    await vi.waitFor(async () => {
      const snap = await internalsOf(e).stores.meta.get(META_KEYS.indexSnapshot);
      const out = unpackSnapshot(snap);
      expect(out.ok && out.columns.ids.length).toBe(2);
    });
  });

  it('init survives a failing index load and feed preload: warnings, empty counts', async () => {
    const e = make();
    await internalsOf(e).db.open();
    vi.spyOn(internalsOf(e).db.dexie.table('meta'), 'get').mockRejectedValue(new Error('meta unreadable'));
    vi.spyOn(internalsOf(e).db.dexie.table('meta'), 'bulkGet').mockRejectedValue(
      new Error('meta unreadable'),
    );
    vi.spyOn(internalsOf(e).db.dexie.table('feeds'), 'toArray').mockRejectedValue(
      new Error('feeds unreadable'),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = await e.init();
    expect(info.warnings).toEqual([
      'Could not load read/saved state: Error fetching data: meta unreadable',
      'Could not load feeds and groups: Error fetching all data: feeds unreadable',
      'Could not import legacy read/saved state: Error fetching data: meta unreadable',
    ]);
    expect(info.counts).toMatchObject({ items: 0, unread: 0, feeds: 0 });
    expect(info.schemaVersion).toBe(SCHEMA_VERSION);
  });
});
