import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from './engine';
import type { MetaIndex } from './index/metaIndex';
import { SCHEMA_VERSION } from './db/schema';
import { createTestEngine, internalsOf } from './testing/createTestEngine';
import { incoming } from './testing/fixtures';
import { MemoryChannelHub } from './testing/memoryChannel';
import { Pager } from './query/pager';
import { seedEngine } from './testing/seed';
import type { EngineEvent } from './types';
import { FLAG_READ } from '../shared/flags';

const engines: Engine[] = [];
function make(opts: Parameters<typeof createTestEngine>[0] = {}) {
  const e = createTestEngine(opts);
  engines.push(e);
  return e;
}
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

function nextEvent(e: Engine, type: EngineEvent['type']): Promise<EngineEvent> {
  return new Promise((resolve) => {
    const off = e.onEvent((ev) => {
      if (ev.type !== type) return;
      off();
      resolve(ev);
    });
  });
}

describe('engine handshake and domains', () => {
  it('init reports schema version and counts, and is idempotent', async () => {
    const e = make();
    const first = await e.init();
    expect(first).toEqual({
      schemaVersion: SCHEMA_VERSION,
      counts: { groups: 0, feeds: 0, items: 0, unread: 0, saved: 0, unreadByFeed: {} },
      warnings: [],
      legacyImported: false,
      legacyDone: false,
    });
    expect(e.init()).toBe(e.init());
  });

  it('groups: save/list/get, empty titles refused, delete moves feeds to -1', async () => {
    const e = make();
    await e.init();
    const g = await e.groups.save({ title: '  News ' });
    expect(await e.groups.get(g)).toEqual({ id: g, title: 'News' });
    await expect(e.groups.save({ title: '  ' })).rejects.toMatchObject({ code: 'bad_input' });
    const f = await e.feeds.save({ url: 'https://x.test', groupId: g });
    const events: EngineEvent[] = [];
    e.onEvent((ev) => events.push(ev));
    await e.groups.delete(g);
    expect(await e.groups.list()).toEqual([]);
    expect((await e.feeds.get(f))?.groupId).toBe(-1);
    expect(events).toEqual([{ type: 'groups-changed' }, { type: 'feeds-changed', feedIds: [f] }]);
    expect(await e.counts()).toMatchObject({ groups: 0, feeds: 1 });
  });

  it('feeds: save fills defaults, merges partial updates, delete removes its items', async () => {
    const e = make();
    await e.init();
    const f = await e.feeds.save({ url: 'https://x.test/rss', title: 'X' });
    expect(await e.feeds.get(f)).toMatchObject({
      title: 'X',
      groupId: -1,
      readCount: 0,
      etag: '',
      dead: false,
    });
    await e.feeds.save({ id: f, url: 'https://x.test/rss', etag: '"1"' });
    expect(await e.feeds.get(f)).toMatchObject({ title: 'X', etag: '"1"' });
    expect((await e.feeds.findByUrl('https://x.test/rss')).map((x) => x.id)).toEqual([f]);
    await e.feeds.update(f, { lastFetched: 77, error: 'timeout', url: 'https://x.test/moved' });
    expect(await e.feeds.get(f)).toMatchObject({
      title: 'X',
      lastFetched: 77,
      error: 'timeout',
      url: 'https://x.test/moved',
    });
    expect(internalsOf(e).context.feedCache.get(f)?.url).toBe('https://x.test/moved');
    await expect(e.feeds.update(999, { title: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(e.feeds.save({ id: 999, url: 'u' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(e.feeds.save({ url: ' ' })).rejects.toMatchObject({ code: 'bad_input' });
    const other = await e.feeds.save({ url: 'https://y.test' });
    await e.items.ingest(f, [incoming({ guid: '1' }), incoming({ guid: '2' })]);
    await e.items.ingest(other, [incoming({ guid: '1' })]);
    const events: EngineEvent[] = [];
    e.onEvent((ev) => events.push(ev));
    await e.feeds.delete(f);
    expect(await internalsOf(e).stores.items.countByFeed(f)).toBe(0);
    expect(await e.counts()).toMatchObject({ feeds: 1, items: 1, unreadByFeed: { [other]: 1 } });
    expect(events).toEqual([
      { type: 'items-removed', feedIds: [f] },
      { type: 'feeds-changed', feedIds: [f] },
    ]);
  });

  it('items.get returns the full item without list-only fields; byIds keeps order', async () => {
    const e = make();
    await e.init();
    const f = await e.feeds.save({ url: 'https://x.test' });
    const [x, y] = (
      await e.items.ingest(f, [incoming({ guid: 'a', description: '<b>full</b>' }), incoming({ guid: 'b' })])
    ).added;
    const item = await e.items.get(x!);
    expect(item).toMatchObject({ id: x, description: '<b>full</b>', dedupeKey: 'a' });
    expect(item).not.toHaveProperty('snippet');
    expect((await e.items.byIds([y!, 404, x!])).map((r) => r.id)).toEqual([y, x]);
    expect(await e.items.count()).toBe(2);
    expect(await e.items.countByFeed(f)).toBe(2);
  });

  it('seedEngine is deterministic', async () => {
    const a = make({ now: () => 1_750_000_000 });
    const b = make({ now: () => 1_750_000_000 });
    await a.init();
    await b.init();
    const opts = { groups: 2, feedsPerGroup: 2, itemsPerFeed: 25, seed: 42, ungroupedFeeds: 1 };
    const ra = await seedEngine(a, opts);
    const rb = await seedEngine(b, opts);
    expect(ra.feedIds).toHaveLength(5);
    expect(ra.itemIds).toHaveLength(125);
    expect(await a.counts()).toEqual(await b.counts());
    const pa = await a.items.page({ scope: 'all', limit: 500 });
    const pb = await b.items.page({ scope: 'all', limit: 500 });
    expect(pa.rows).toEqual(pb.rows);
    expect(rb).toEqual(ra);
  });
});

describe('two tabs over one database', () => {
  async function twoTabs() {
    const hub = new MemoryChannelHub();
    const a = make({ channel: hub.channel() });
    await a.init();
    const b = make({ channel: hub.channel(), dbName: internalsOf(a).db.dexie.name });
    await b.init();
    return { a, b };
  }

  it('items added, read, saved and removed in one tab show in the other', async () => {
    const { a, b } = await twoTabs();
    let got = nextEvent(b, 'feeds-changed');
    const f = await a.feeds.save({ url: 'https://x.test' });
    await got;
    expect((await b.counts()).feeds).toBe(1);

    got = nextEvent(b, 'items-added');
    const { added } = await a.items.ingest(f, [
      incoming({ guid: '1', title: 'Shared' }),
      incoming({ guid: '2' }),
    ]);
    expect(await got).toEqual({ type: 'items-added', feedIds: [f], count: 2 });
    expect(internalsOf(b).index.title(internalsOf(b).index.rowOf(added[0]!))).toBe('Shared');
    expect((await b.counts()).unreadByFeed).toEqual({ [f]: 2 });

    got = nextEvent(b, 'read-changed');
    await a.state.markRead([added[0]!], true);
    await got;
    expect(internalsOf(b).index.flags(internalsOf(b).index.rowOf(added[0]!))).toBe(FLAG_READ);
    expect((await b.counts()).unread).toBe(1);
    expect((await b.feeds.get(f))?.readCount).toBe(1);
    expect(internalsOf(b).context.feedCache.get(f)?.readCount).toBe(1);

    got = nextEvent(a, 'saved-changed'); // and the other direction
    await b.state.markSaved([added[1]!], true);
    await got;
    expect(await a.state.savedIds()).toEqual([added[1]]);

    got = nextEvent(b, 'items-changed');
    await a.items.ingest(f, [incoming({ guid: '2', title: 'Edited' })]);
    await got;
    expect(internalsOf(b).index.title(internalsOf(b).index.rowOf(added[1]!))).toBe('Edited');

    // The deletion broadcasts two events, each its own message: wait for both to arrive
    // (settled() covers only the messages already received; under load the second came later).
    got = nextEvent(b, 'items-removed');
    const feedsGone = nextEvent(b, 'feeds-changed');
    await a.feeds.delete(f);
    await Promise.all([got, feedsGone]);
    await b.settled();
    expect(await b.counts()).toMatchObject({ items: 0, feeds: 0, unread: 0 });
  });

  it('groups follow, and a tab never hears its own broadcast twice', async () => {
    const { a, b } = await twoTabs();
    const seenByA: EngineEvent[] = [];
    a.onEvent((e) => seenByA.push(e));
    const got = nextEvent(b, 'groups-changed');
    const g = await a.groups.save({ title: 'Shared group' });
    await got;
    expect(internalsOf(b).context.groupCache.get(g)).toEqual({ id: g, title: 'Shared group' });
    await new Promise((r) => setTimeout(r, 10));
    expect(seenByA).toEqual([{ type: 'groups-changed' }]);
  });

  it('a snapshot written by one tab is valid for a fresh start after both changed things', async () => {
    const { a, b } = await twoTabs();
    const f = await a.feeds.save({ url: 'https://x.test' });
    const got = nextEvent(a, 'items-added');
    await b.items.ingest(f, [incoming({ guid: '1' })]);
    await got;
    expect(await a.flushSnapshot()).toBe(true);
    const c = make({ dbName: internalsOf(a).db.dexie.name });
    const info = await c.init();
    expect(info.counts).toMatchObject({ items: 1, unread: 1, feeds: 1 });
  });
});

describe('title scans after a snapshot', () => {
  it('joins the titles ingest wrote, so a title LIKE searches them natively, with the same answers', async () => {
    const e = make();
    await e.init();
    const f = await e.feeds.save({ url: 'https://x.test' });
    const titles = ['River Days', 'Calm LAKE', 'Deep River', '数据 River', 'Lakeside'];
    await e.items.ingest(
      f,
      titles.map((title, i) => incoming({ guid: String(i), title, pubDate: 1_700_000_000 + i })),
    );
    const index = internalsOf(e).index as MetaIndex;
    expect(index.titlesUnjoined()).toBe(5);
    const before = await e.query.run("title LIKE 'river'");
    expect(await e.flushSnapshot()).toBe(true);
    await vi.waitFor(() => expect(index.titlesUnjoined()).toBe(0));
    const after = await e.query.run("title LIKE 'river' ");
    expect(after.rows.map((i) => i.title)).toEqual(['数据 River', 'Deep River', 'River Days']);
    expect(after.rows).toEqual(before.rows);
  });
});

/**
 * An engine with a feed of 120 articles to keep and one of 1,100 to drop, the dropped feed's rows
 * first: removing them passes the index's compaction line (1,024 dead rows) and renumbers every
 * kept row.
 */
async function keptAndDropped(): Promise<{ e: Engine; keep: number; drop: number }> {
  const e = make();
  await e.init();
  const keep = await e.feeds.save({ url: 'https://keep.test' });
  const drop = await e.feeds.save({ url: 'https://drop.test' });
  await e.items.ingest(
    drop,
    Array.from({ length: 1100 }, (_, i) =>
      incoming({ guid: `d${i}`, title: `Drop ${i}`, pubDate: 1_700_000_000 + i }),
    ),
  );
  await e.items.ingest(
    keep,
    Array.from({ length: 120 }, (_, i) =>
      incoming({ guid: `k${i}`, title: `Keep ${i}`, pubDate: 1_600_000_000 + i }),
    ),
  );
  return { e, keep, drop };
}

describe('query paging across a compaction', () => {
  it('a next page after the index renumbered its rows goes on after the last one shown, none twice or skipped', async () => {
    const { e, keep, drop } = await keptAndDropped();
    const query = `feedId = ${keep}`;
    const first = await e.query.run(query, { limit: 50 });
    const index = internalsOf(e).index as MetaIndex;
    const numbering = index.numbering;
    // 1,100 dead rows pass the index's compaction line (1,024): it squeezes them out.
    await e.feeds.delete(drop);
    expect(index.numbering).not.toBe(numbering);
    const second = await e.query.run(query, { cursor: first.next, limit: 50 });
    const third = await e.query.run(query, { cursor: second.next, limit: 50 });
    expect(third.next).toBeNull();
    const titles = [...first.rows, ...second.rows, ...third.rows].map((r) => r.title);
    expect(titles).toEqual(Array.from({ length: 120 }, (_, i) => `Keep ${119 - i}`));
  });
});

describe('a first page across a compaction', () => {
  it('is read from the query evaluated again when the index renumbered its rows between the evaluation and the read, not empty', async () => {
    const { e, keep, drop } = await keptAndDropped();
    const index = internalsOf(e).index as MetaIndex;
    const dropped = Array.from(index.rowsOfFeed(drop), (row) => index.id(row));
    expect(dropped).toHaveLength(1100);
    const numbering = index.numbering;
    // The renumbering lands where another call's deletion can: after the evaluation, before the
    // pager reads the rows (in the hops between them).
    const { page } = Pager.prototype as unknown as { page: (this: Pager, ...args: unknown[]) => unknown };
    const spy = vi.spyOn(Pager.prototype, 'page').mockImplementationOnce(function (this: Pager, ...args) {
      // 1,100 dead rows pass the compaction line (1,024): the index squeezes them out.
      index.remove(dropped);
      expect(index.numbering).not.toBe(numbering);
      return page.apply(this, args) as ReturnType<Pager['page']>;
    });
    const first = await e.query.run(`feedId = ${keep}`, { limit: 50 });
    spy.mockRestore();
    expect(first.rows.map((r) => r.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Keep ${119 - i}`));
    expect(first.total).toBe(120);
  });
});

describe('clearAll', () => {
  it('empties everything, keeps the change counter moving, and the other tab follows', async () => {
    const hub = new MemoryChannelHub();
    const a = make({ channel: hub.channel() });
    await a.init();
    await seedEngine(a, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 5, seed: 3 });
    const b = make({ channel: hub.channel(), dbName: internalsOf(a).db.dexie.name });
    await b.init();
    const before = internalsOf(a).context.applied.counter;
    const got = nextEvent(b, 'groups-changed');
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await a.clearAll();
    info.mockRestore();
    await got;
    await b.settled();
    expect(internalsOf(a).context.applied.counter).toBeGreaterThan(before);
    expect(await a.counts()).toEqual({
      groups: 0,
      feeds: 0,
      items: 0,
      unread: 0,
      saved: 0,
      unreadByFeed: {},
    });
    expect(await b.counts()).toEqual(await a.counts());
    expect(await a.flushSnapshot()).toBe(true);
  });
});

describe('a snapshot write the engine closes under', () => {
  it('warns of nothing, and the next start finds what was stored', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      // Closed at points along the write: at once, then after a few turns of the event loop.
      for (const delay of [-1, 0, 1, 2, 4, 8, 16]) {
        const name = `rivulet-test-close-flush-${delay}-${Math.random().toString(36).slice(2)}`;
        const e = createTestEngine({ dbName: name, snapshotDelayMs: 60_000 });
        await e.init();
        const f = await e.feeds.save({ url: 'https://x.test' });
        await e.items.ingest(
          f,
          Array.from({ length: 40 }, (_, i) => incoming({ guid: String(i), pubDate: 1_700_000_000 + i })),
        );
        await e.state.markRead([1, 2, 3], true);
        const flushed = e.flushSnapshot();
        if (delay >= 0) await new Promise((resolve) => setTimeout(resolve, delay));
        e.close();
        await flushed;
        const again = make({ dbName: name });
        const info = await again.init();
        expect(info.counts).toMatchObject({ items: 40, unread: 37, feeds: 1 });
      }
      const noted = warn.mock.calls.map((call) => String(call[0]));
      expect(noted.filter((text) => /not written|not trimmed|corrupt/.test(text))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
