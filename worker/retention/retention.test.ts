import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import type { EngineEvent, IncomingItem } from '../types';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { KEEP_PER_FEED } from './retention';

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
