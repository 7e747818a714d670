import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS } from '../db/meta';
import { NativeAdds } from '../db/nativeAdds';
import type { StoredItem } from '../db/schema';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import type { IncomingItem } from '../types';
import {
  TOMBSTONE_CAP,
  TOMBSTONE_DAYS,
  buryItems,
  dropTombstoned,
  tombstoneKey,
  tombstonesOf,
} from './tombstones';

const START = 1_750_000_000;
const DAY = 86400;
let now = START;
let engine: Engine;
afterEach(() => engine?.close());

const item = (k: number, ageDays: number, title = `t${k}`): IncomingItem => ({
  guid: `g${k}`,
  title,
  author: '',
  description: '<p>x</p>',
  pubDate: START - ageDays * DAY - k,
  link: '',
  enclosure: null,
});
/** What the feed lists: 80 items, item k being k days old (k = 0 newest). */
const listing = () => Array.from({ length: 80 }, (_, k) => item(k, k));

async function setup() {
  now = START;
  engine = createTestEngine({ now: () => now });
  await engine.init();
  const feedId = await engine.feeds.save({ url: 'https://a.example/feed', title: 'A' });
  const { added } = await engine.items.ingest(feedId, listing(), now);
  await engine.state.markRead(added, true);
  return { feedId, ids: added };
}

const guids = async (feedId: number) =>
  (await internalsOf(engine).db.table('items').where('feedId').equals(feedId).toArray()).map((i) => i.guid);

describe('tombstones of retention', () => {
  it('a refresh that still lists deleted articles does not bring them back', async () => {
    const { feedId } = await setup();
    const { removed } = await engine.retention.apply(60);
    expect(removed).toBe(20);
    expect((await tombstonesOf(internalsOf(engine).db, feedId)).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `g${60 + i}`).sort(),
    );
    const again = await engine.items.ingest(feedId, listing(), now);
    expect(again.added).toEqual([]);
    expect(await engine.items.count()).toBe(60);
    expect((await engine.counts()).unread).toBe(0);
    // A genuinely new article still arrives, tombstones or not.
    const fresh = await engine.items.ingest(feedId, [item(500, 0), ...listing()], now);
    expect(fresh.added).toHaveLength(1);
    expect(await guids(feedId)).toContain('g500');
  });

  it('keeps deleted articles out of a refresh that lists nothing still stored', async () => {
    // No incoming article is stored, so ingest adds them all before its reads answer (the
    // early path of worker/items/ingest.ts) and must take the tombstoned ones back.
    const { feedId } = await setup();
    await engine.retention.apply(60);
    const events: string[] = [];
    const stop = engine.onEvent((e) => {
      if (e.type === 'items-added') events.push(`${e.count}`);
    });
    const result = await engine.items.ingest(
      feedId,
      [item(70, 70), item(600, 0, 'first new'), item(75, 75), item(601, 0, 'second new')],
      now,
    );
    stop();
    expect(result.added).toHaveLength(2);
    const rows = await internalsOf(engine).db.table('items').bulkGet(result.added);
    expect(rows.map((r) => (r as StoredItem).title)).toEqual(['first new', 'second new']);
    expect(await guids(feedId)).not.toContain('g70');
    expect(await guids(feedId)).not.toContain('g75');
    expect(await engine.items.count()).toBe(62);
    expect((await tombstonesOf(internalsOf(engine).db, feedId)).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `g${60 + i}`).sort(),
    );
    expect(events).toEqual(['2']);
    expect((await engine.items.page({ scope: 'feed', id: feedId })).total).toBe(62);
    // Only the stored articles are searchable.
    expect((await engine.search.run('new')).rows.map((r) => r.id).sort()).toEqual([...result.added].sort());
    // The feed keeps listing deleted articles: its next ingests no longer add them to take them back.
    const adds = vi.spyOn(NativeAdds.prototype, 'add');
    const next = await engine.items.ingest(feedId, [item(70, 70), item(602, 0, 'third new')], now);
    expect(next.added).toHaveLength(1);
    expect(adds).toHaveBeenCalledTimes(1);
    adds.mockRestore();
  });

  it('an ingest of only deleted articles stores nothing and counts no change', async () => {
    const { feedId } = await setup();
    await engine.retention.apply(60);
    const counter = () => internalsOf(engine).db.table('meta').get(META_KEYS.itemsCounter);
    const before = await counter();
    expect(await engine.items.ingest(feedId, [item(70, 70), item(75, 75)], now)).toEqual({
      added: [],
      updated: [],
    });
    expect(await engine.items.count()).toBe(60);
    expect(await guids(feedId)).not.toContain('g70');
    // Other tabs would otherwise take the bump for a change and catch up for nothing.
    expect(await counter()).toEqual(before);
  });

  it('survives a restart (the tombstones are stored, not in memory)', async () => {
    const { feedId } = await setup();
    await engine.retention.apply(60);
    const name = internalsOf(engine).db.dexie.name;
    engine.close();
    engine = createTestEngine({ dbName: name, now: () => now });
    await engine.init();
    expect((await engine.items.ingest(feedId, listing(), now)).added).toEqual([]);
  });

  it('is forgotten when no fetch listed the key for TOMBSTONE_DAYS, kept while it is listed', async () => {
    const { feedId } = await setup();
    await engine.retention.apply(60);
    // 60 days on, the feed still lists g60..g79: their tombstones are refreshed.
    now = START + 60 * DAY;
    expect((await engine.items.ingest(feedId, listing(), now)).added).toEqual([]);
    // Another 60 days (120 after burial, 60 after last seen): still buried.
    now = START + 120 * DAY;
    expect((await engine.items.ingest(feedId, listing().slice(0, 70), now)).added).toEqual([]);
    // g70..g79 were last listed at +60 days; past TOMBSTONE_DAYS they are pruned, g60..g69 stay.
    now = START + (60 + TOMBSTONE_DAYS + 1) * DAY;
    await engine.items.ingest(feedId, listing().slice(0, 70), now);
    const left = await tombstonesOf(internalsOf(engine).db, feedId);
    expect(left.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `g${60 + i}`).sort());
  });

  it('keeps at most TOMBSTONE_CAP per feed, dropping the least recently seen', async () => {
    const { feedId } = await setup();
    const old = Array.from({ length: TOMBSTONE_CAP }, (_, i) => ({ feedId, dedupeKey: `old${i}` }));
    const recent = Array.from({ length: 10 }, (_, i) => ({ feedId, dedupeKey: `new${i}` }));
    await internalsOf(engine).db.tx('update', 'rw', ['meta'], () =>
      buryItems(internalsOf(engine).db, old, START),
    );
    await internalsOf(engine).db.tx('update', 'rw', ['meta'], () =>
      buryItems(internalsOf(engine).db, recent, START + 1),
    );
    const kept = await tombstonesOf(internalsOf(engine).db, feedId);
    expect(kept).toHaveLength(TOMBSTONE_CAP);
    expect(kept).toEqual(expect.arrayContaining(recent.map((r) => r.dedupeKey)));
  });

  it('unsubscribing drops the feed’s tombstones (delete and deleteMany), other feeds keep theirs', async () => {
    const { feedId } = await setup();
    const other = await engine.feeds.save({ url: 'https://b.example/feed', title: 'B' });
    const third = await engine.feeds.save({ url: 'https://c.example/feed', title: 'C' });
    await internalsOf(engine).db.tx('update', 'rw', ['meta'], () =>
      buryItems(
        internalsOf(engine).db,
        [other, third].map((f) => ({ feedId: f, dedupeKey: 'k' })),
        now,
      ),
    );
    await engine.retention.apply(60);
    await engine.feeds.delete(feedId);
    expect(await internalsOf(engine).db.table('meta').get(tombstoneKey(feedId))).toBeUndefined();
    expect(await tombstonesOf(internalsOf(engine).db, other)).toEqual(['k']);
    await engine.feeds.deleteMany([other]);
    expect(await internalsOf(engine).db.table('meta').get(tombstoneKey(other))).toBeUndefined();
    expect(await tombstonesOf(internalsOf(engine).db, third)).toEqual(['k']);
  });

  it('an article stored again (merged backup) is alive: its tombstone goes and updates apply', async () => {
    const { feedId } = await setup();
    await engine.retention.apply(60);
    const { id: _drop, ...back } = (await internalsOf(engine)
      .db.table('items')
      .where('feedId')
      .equals(feedId)
      .first())!;
    await internalsOf(engine)
      .db.table('items')
      .add({ ...back, guid: 'g65', dedupeKey: 'g65', contentHash: 'stale' } as StoredItem);
    const result = await engine.items.ingest(feedId, [item(65, 65, 'changed')], now);
    expect(result.added).toEqual([]);
    expect(result.updated).toHaveLength(1);
    expect(await tombstonesOf(internalsOf(engine).db, feedId)).not.toContain('g65');
  });

  it('reads a malformed tombstone record as far as it is usable', async () => {
    const { feedId } = await setup();
    await internalsOf(engine).stores.meta.set(tombstoneKey(feedId), [
      ['g1', START],
      'junk',
      [2, 3],
      ['g2', 'x'],
    ]);
    expect(await tombstonesOf(internalsOf(engine).db, feedId)).toEqual(['g1']);
    await internalsOf(engine).stores.meta.set(tombstoneKey(feedId), { not: 'a list' });
    expect(await tombstonesOf(internalsOf(engine).db, feedId)).toEqual([]);
  });

  it('dropTombstoned leaves the list alone when the feed has none, and filters in place', async () => {
    const { feedId } = await setup();
    const list = [{ dedupeKey: 'a' }, { dedupeKey: 'b' }, { dedupeKey: 'a' }];
    await internalsOf(engine).db.tx('update', 'rw', ['items', 'meta'], () =>
      dropTombstoned(internalsOf(engine).db, feedId, list, now),
    );
    expect(list).toHaveLength(3);
    await internalsOf(engine).db.tx('update', 'rw', ['meta'], () =>
      buryItems(
        internalsOf(engine).db,
        [
          { feedId, dedupeKey: 'a' },
          { feedId, dedupeKey: '' },
        ],
        now,
      ),
    );
    await internalsOf(engine).db.tx('update', 'rw', ['items', 'meta'], () =>
      dropTombstoned(internalsOf(engine).db, feedId, list, now),
    );
    expect(list).toEqual([{ dedupeKey: 'b' }]);
    // Empty keys are never buried.
    expect(await tombstonesOf(internalsOf(engine).db, feedId)).toEqual(['a']);
  });
});
