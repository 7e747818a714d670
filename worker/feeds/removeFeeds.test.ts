import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SummaryRecord } from '../db/schema';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import type { EngineEvent, IncomingItem, UndoToken } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { removeFeeds } from './removeFeeds';
import { TRASH_MS } from '../items/trash';
import { tombstoneKey } from '../retention/tombstones';

const NOW = 1_750_000_000;
const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  vi.useRealTimers();
});

const item = (feed: string, k: number): IncomingItem => ({
  guid: `${feed}${k}`,
  title: `${feed} causeway ${k}`,
  author: 'Ann',
  description: `<p>About the ${feed} harbour, part ${k}.</p>`,
  pubDate: NOW - k * 60,
  link: `https://${feed}.test/${k}`,
  enclosure: null,
});

async function setUp() {
  const e = createTestEngine();
  engines.push(e);
  await e.init();
  const g = await e.groups.save({ title: 'News' });
  const a = await e.feeds.save({ url: 'https://a.test/feed', title: 'A', groupId: g });
  const b = await e.feeds.save({ url: 'https://b.test/feed', title: 'B' });
  const c = await e.feeds.save({ url: 'https://c.test/feed', title: 'C' });
  const ia = (
    await e.items.ingest(
      a,
      [0, 1, 2].map((k) => item('a', k)),
      NOW,
    )
  ).added;
  const ib = (
    await e.items.ingest(
      b,
      [0, 1].map((k) => item('b', k)),
      NOW,
    )
  ).added;
  await e.items.ingest(c, [item('c', 0)], NOW);
  await e.state.markRead([ia[0]!, ib[1]!], true);
  await e.state.markSaved([ia[1]!], true);
  await e.tags.addToItems([ia[2]!], 'keep');
  const { db, stores } = internalsOf(e);
  const summary: SummaryRecord = {
    key: `${ia[0]}:c:p:m`,
    itemId: ia[0]!,
    text: 'short',
    model: 'm',
    createdAt: NOW,
  };
  await db.table('summaries').put(summary);
  await db.table('fullTexts').put({
    itemId: ia[1]!,
    feedId: a,
    status: 'ok',
    html: '<p>The whole causeway story.</p>',
    text: 'The whole causeway story.',
    url: 'https://a.test/1',
    reason: '',
    httpStatus: 0,
    fetchedAt: NOW,
  });
  await stores.meta.set(tombstoneKey(a), [['gone-guid', NOW]]);
  await stores.meta.set(`icon:${a}`, { type: 'image/png', data: 'x' });
  const events: EngineEvent[] = [];
  e.onEvent((ev) => void events.push(ev));
  return { e, g, a, b, c, ia, ib, events };
}

/** Everything stored for the feeds, as plain values to compare before and after. */
async function stored(e: Engine, feedIds: number[]) {
  const { db, stores } = internalsOf(e);
  const feeds = await db.table('feeds').bulkGet(feedIds);
  const items = (await db.table('items').where('feedId').anyOf(feedIds).toArray()).sort(
    (x, y) => x.id - y.id,
  );
  const summaries = await db.table('summaries').toArray();
  const fullTexts = await db.table('fullTexts').toArray();
  const meta = await Promise.all(
    feedIds.flatMap((id) => [stores.meta.get(tombstoneKey(id)), stores.meta.get(`icon:${id}`)]),
  );
  return { feeds, items, summaries, fullTexts, meta };
}

describe('unsubscribe and its undo', () => {
  it('puts the feeds back as they were: ids, group, articles, read, saved and tag state, summaries, whole articles, tombstones, icons', async () => {
    const { e, a, b, c, events } = await setUp();
    const before = await stored(e, [a, b]);
    const countsBefore = await e.counts();
    const token = await e.feeds.deleteMany([a, b]);
    expect(token).toMatchObject({ flag: 'unsubscribed', ids: [a, b], articles: 5 });
    expect(await e.feeds.count()).toBe(1);
    expect(await e.items.count()).toBe(1);
    expect((await e.search.run('causeway')).total).toBe(1);
    expect((await stored(e, [a, b])).items).toEqual([]);
    expect((await stored(e, [a, b])).fullTexts).toEqual([]);
    expect(await internalsOf(e).stores.meta.get(tombstoneKey(a))).toBeUndefined();

    events.length = 0;
    expect(await e.state.undo(token!)).toBe(2);
    expect(await stored(e, [a, b])).toEqual(before);
    expect(await e.counts()).toEqual(countsBefore);
    expect((await e.feeds.list()).map((f) => f.id).sort()).toEqual([a, b, c].sort());
    expect((await e.search.run('causeway')).total).toBe(6);
    expect(events).toEqual([
      { type: 'feeds-changed', feedIds: [a, b] },
      { type: 'items-added', feedIds: [a, b], count: 5 },
    ]);
    // The index holds the rows with their flags again: the saved list and unread counts answer.
    const flags = (await e.items.byIds(before.items.map((it) => it.id))).map(
      (it) => it.flags & (FLAG_READ | FLAG_SAVED),
    );
    expect(flags).toEqual(before.items.map((it) => it.flags & (FLAG_READ | FLAG_SAVED)));
    // Undo is idempotent: asked again, it answers the same and writes nothing.
    expect(await e.state.undo(token!)).toBe(2);
    expect(await e.items.count()).toBe(6);
  });

  it('keeps one unsubscribe: a newer one replaces the copy, and the older token then fails clearly', async () => {
    const { e, a, b } = await setUp();
    const first = await e.feeds.deleteMany([a]);
    const second = await e.feeds.deleteMany([b]);
    await expect(e.state.undo(first!)).rejects.toMatchObject({ code: 'undo_expired' });
    expect(await e.state.undo(second!)).toBe(1);
    expect(await e.feeds.get(a)).toBeUndefined();
    expect((await e.feeds.get(b))?.title).toBe('B');
  });

  it('lets the copy go after TRASH_MS', async () => {
    const { e, a } = await setUp();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const token = await e.feeds.deleteMany([a]);
    vi.advanceTimersByTime(TRASH_MS + 1);
    vi.useRealTimers();
    await expect(e.state.undo(token!)).rejects.toMatchObject({
      code: 'undo_expired',
      message: expect.stringContaining('10 minutes') as unknown,
    });
    expect(await e.feeds.get(a)).toBeUndefined();
  });

  it('leaves a feed subscribed again since alone, and makes the group that went again', async () => {
    const { e, g, a, b } = await setUp();
    const title = (await e.groups.list()).find((x) => x.id === g)!.title;
    const token = await e.feeds.deleteMany([a, b]);
    await e.groups.delete(g);
    const again = await e.feeds.save({ url: 'https://b.test/feed', title: 'B again' });
    expect(await e.state.undo(token!)).toBe(1);
    expect(await e.feeds.get(a)).toMatchObject({ title: 'A', groupId: g });
    expect(await e.groups.list()).toEqual([{ id: g, title }]);
    expect(await e.feeds.get(b)).toBeUndefined();
    expect((await e.feeds.get(again))?.title).toBe('B again');
    expect(await e.items.count()).toBe(4);
  });

  it('puts the feeds in a group of the same title made meanwhile rather than a second one', async () => {
    const { e, g, a } = await setUp();
    const title = (await e.groups.list()).find((x) => x.id === g)!.title;
    const token = await e.feeds.deleteMany([a]);
    await e.groups.delete(g);
    const made = await e.groups.save({ title: ` ${title.toUpperCase()} ` });
    expect(await e.state.undo(token!)).toBe(1);
    expect(await e.feeds.get(a)).toMatchObject({ groupId: made });
    expect((await e.groups.list()).map((x) => x.id)).toEqual([made]);
  });

  it('keeps no copy of a synced feed, nor of feeds over the limits', async () => {
    const { e, a, b, c } = await setUp();
    await e.feeds.update(a, { account: 'main', remoteId: 'feed/1' });
    expect(await e.feeds.undoable([a, b])).toBe(false);
    expect(await e.feeds.undoable([b, c])).toBe(true);
    const ctx = internalsOf(e).context;
    expect(await removeFeeds(ctx, [a], true)).toBeNull();
    expect(await removeFeeds(ctx, [b], true, { articles: 1, chars: Infinity })).toBeNull();
    expect(await removeFeeds(ctx, [c], true, { articles: 10, chars: 10 })).toBeNull();
    expect(await e.feeds.count()).toBe(0);
    expect(await e.items.count()).toBe(0);
  });

  it('refuses a malformed token without changing anything', async () => {
    const { e, a } = await setUp();
    await e.feeds.deleteMany([a]);
    const bad = { flag: 'unsubscribed', trash: 'x', ids: [a], articles: 3 } as unknown as UndoToken;
    await expect(e.state.undo(bad)).rejects.toMatchObject({ code: 'bad_input' });
    expect(await e.feeds.get(a)).toBeUndefined();
  });
});
