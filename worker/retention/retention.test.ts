import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import type { EngineEvent, IncomingItem } from '../types';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { applyRetention, KEEP_PER_FEED } from './retention';
import { tombstonesOf } from './tombstones';

const NOW = 1_750_000_000;
const DAY = 86400;
let engine: Engine;
afterEach(() => engine?.close());

const item = (k: number, ageDays: number): IncomingItem => ({
  guid: `g${k}`,
  title: `t${k}`,
  author: '',
  description: '<p>x</p>',
  pubDate: NOW - ageDays * DAY - k,
  link: '',
  enclosure: null,
});

/** One feed with `n` items, item k being k days old (k = 0 newest). */
async function setup(n: number) {
  engine = createTestEngine({ now: () => NOW });
  await engine.init();
  const feedId = await engine.feeds.save({ url: 'https://a.example/feed', title: 'A' });
  const { added } = await engine.items.ingest(
    feedId,
    Array.from({ length: n }, (_, k) => item(k, k)),
    NOW,
  );
  return { feedId, ids: added };
}

describe('retention.apply', () => {
  it('deletes only read, unsaved items older than N days, beyond each feed’s newest 50', async () => {
    const { ids } = await setup(80);
    await engine.state.markRead(ids, true);
    const savedOld = ids[70]!;
    const unreadOld = ids[75]!;
    await engine.state.markSaved([savedOld], true);
    await engine.state.markRead([unreadOld], false);
    const events: EngineEvent[] = [];
    engine.onEvent((e) => void events.push(e));
    expect((await engine.retention.preview(60)).removed).toBe(18);
    const { removed } = await engine.retention.apply(60);
    // Items 60..79 are older than 60 days (all beyond the newest 50), minus one saved and one unread.
    expect(removed).toBe(18);
    expect(await engine.items.count()).toBe(80 - 18);
    expect(await internalsOf(engine).db.dexie.table('items').count()).toBe(80 - 18);
    expect((await engine.items.get(savedOld))?.flags).toBe(FLAG_READ | FLAG_SAVED);
    expect((await engine.items.get(unreadOld))?.flags).toBe(0);
    expect(await engine.items.get(ids[79]!)).toBeUndefined();
    expect(events.some((e) => e.type === 'items-removed')).toBe(true);
  });

  it('treats a hidden article as read: old, unsaved and hidden goes, even unread', async () => {
    const { ids } = await setup(60);
    const [hiddenOld, hiddenSaved] = [ids[58]!, ids[59]!];
    await engine.state.markHidden([hiddenOld, hiddenSaved], true);
    await engine.state.markSaved([hiddenSaved], true);
    expect((await engine.retention.apply(55)).removed).toBe(1);
    expect(await engine.items.get(hiddenOld)).toBeUndefined();
    expect((await engine.items.get(hiddenSaved))?.flags).toBe(FLAG_HIDDEN | FLAG_SAVED);
    expect((await engine.items.get(ids[57]!))?.flags).toBe(0); // unread, not hidden: kept
  });

  it('never touches a feed’s newest items, however old', async () => {
    const { ids } = await setup(KEEP_PER_FEED);
    await engine.state.markRead(ids, true);
    expect((await engine.retention.apply(1)).removed).toBe(0);
  });

  it.each([0, -3, Number.NaN, Number.POSITIVE_INFINITY])('does nothing for days = %s', async (days) => {
    const { ids } = await setup(60);
    await engine.state.markRead(ids, true);
    expect((await engine.retention.apply(days)).removed).toBe(0);
    expect(await engine.items.count()).toBe(60);
  });

  it('survives a restart: the deletions are in the database, not only the index', async () => {
    const { ids } = await setup(70);
    await engine.state.markRead(ids, true);
    await engine.retention.apply(55);
    await engine.flushSnapshot();
    const name = internalsOf(engine).db.dexie.name;
    engine.close();
    engine = createTestEngine({ dbName: name, now: () => NOW });
    await engine.init();
    expect(await engine.items.count()).toBe(70 - 15);
  });
});

describe('retention "Delete now" and its undo', () => {
  it('keeps a copy: Undo puts the articles back with their flags, tags and summaries, and takes them out of the tombstones', async () => {
    const { feedId, ids } = await setup(80);
    await engine.state.markRead(ids, true);
    await engine.tags.addToItems([ids[79]!], 'old');
    const { db } = internalsOf(engine);
    await db
      .table('summaries')
      .put({ key: `${ids[78]}:c:p:m`, itemId: ids[78]!, text: 's', model: 'm', createdAt: NOW });
    const before = await db.table('items').where('feedId').equals(feedId).toArray();
    expect(await engine.retention.preview(60)).toEqual({ removed: 20, undoable: true });
    const { removed, undo } = await engine.retention.apply(60, { keep: true });
    expect(removed).toBe(20);
    expect(undo).toMatchObject({ flag: 'deleted', ids: ids.slice(60) });
    expect(await tombstonesOf(db, feedId)).toHaveLength(20);
    expect(await db.table('summaries').count()).toBe(0);

    expect(await engine.state.undo(undo!)).toBe(20);
    expect(await db.table('items').where('feedId').equals(feedId).toArray()).toEqual(before);
    expect(await engine.items.count()).toBe(80);
    expect(await tombstonesOf(db, feedId)).toEqual([]);
    expect(await db.table('summaries').count()).toBe(1);
    // The feed lists them again: they are found, not refused as deleted, and not added twice.
    const again = await engine.items.ingest(
      feedId,
      Array.from({ length: 80 }, (_, k) => item(k, k)),
      NOW,
    );
    expect(again.added).toEqual([]);
    expect(await engine.items.count()).toBe(80);
  });

  it('keeps no copy for the policy after a refresh, nor past the limits, and says so in the preview', async () => {
    const { ids } = await setup(80);
    await engine.state.markRead(ids, true);
    expect((await engine.retention.apply(75)).undo).toBeNull();
    const ctx = internalsOf(engine).context;
    expect((await applyRetention(ctx, 70, true, { articles: 4, chars: Infinity })).undo).toBeNull();
    expect((await applyRetention(ctx, 65, true, { articles: 100, chars: 10 })).undo).toBeNull();
    expect(await engine.items.count()).toBe(65);
  });

  it('leaves the articles of a feed unsubscribed since deleted', async () => {
    const { feedId, ids } = await setup(70);
    await engine.state.markRead(ids, true);
    const { undo } = await engine.retention.apply(60, { keep: true });
    await engine.feeds.delete(feedId);
    expect(await engine.state.undo(undo!)).toBe(0);
    expect(await engine.items.count()).toBe(0);
  });
});

describe('retention.configure', () => {
  it('stores the policy and deletes nothing by itself', async () => {
    const { ids } = await setup(80);
    await engine.state.markRead(ids, true);
    expect(await engine.retention.policy()).toEqual({ days: 0 });
    await engine.retention.configure({ days: 60 });
    expect(await engine.retention.policy()).toEqual({ days: 60 });
    expect(await engine.items.count()).toBe(80);
  });

  it.each([-1, 1.5, 3651, Number.NaN])('refuses days = %s and keeps the stored policy', async (days) => {
    await setup(1);
    await engine.retention.configure({ days: 30 });
    await expect(engine.retention.configure({ days })).rejects.toMatchObject({ code: 'bad_input' });
    expect(await engine.retention.policy()).toEqual({ days: 30 });
  });
});
