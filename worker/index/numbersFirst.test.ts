/**
 * Differential tests of the cold start's early answers: every list type (all, feed, group, saved,
 * today, tag, and a filter naming no text field), asked right after a deferred `init()`, is
 * answered from the snapshot's number columns before its text is in, and must equal what a fully
 * loaded index answers for the same database, page after page, totals and cursors included.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { seedEngine } from '../testing/seed';
import type { ItemRow, ItemsQuery, Page } from '../types';
import { FLAG_LOG_RANGE } from './flagLog';
import { dropFlagLog } from '../testing/flagLogKit';
import { MetaIndex } from './metaIndex';
import { FLAG_READ } from '../../shared/flags';

const NOW = 1_750_000_000;
const engines: Engine[] = [];
function make(dbName: string | undefined, deferIndex: boolean): Engine {
  const e = createTestEngine({
    deferIndex,
    countCheckDelayMs: 3_600_000,
    now: () => NOW,
    ...(dbName ? { dbName } : {}),
  });
  engines.push(e);
  return e;
}
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  vi.restoreAllMocks();
});

interface Fixture {
  dbName: string;
  feedIds: number[];
  groupIds: number[];
  emptyFeed: number;
  tagId: number;
}

/** A database with a snapshot: 2 groups × 2 feeds, an ungrouped and an empty feed, a tag, ties. */
async function seeded(change?: (e: Engine, f: Fixture) => Promise<void>): Promise<Fixture> {
  const a = make(undefined, false);
  await a.init();
  const seed = await seedEngine(a, {
    groups: 2,
    feedsPerGroup: 2,
    itemsPerFeed: 30,
    seed: 7,
    now: NOW,
    ungroupedFeeds: 1,
  });
  // Equal dates across feeds: the order falls back to id desc.
  await a.items.ingest(
    seed.feedIds[1]!,
    [1, 2, 3].map((n) => incoming({ guid: `tie-${n}`, pubDate: NOW - 3600 })),
  );
  const emptyFeed = await a.feeds.save({
    url: 'https://empty.example.test/rss.xml',
    siteUrl: 'https://empty.example.test/',
    title: 'Empty',
    groupId: seed.groupIds[0]!,
  });
  const tag = await a.tags.create('later');
  await a.tags.setOnItems(
    seed.itemIds.filter((_, i) => i % 9 === 0),
    tag.id,
    true,
  );
  const f: Fixture = {
    dbName: internalsOf(a).db.dexie.name,
    feedIds: [...seed.feedIds, emptyFeed],
    groupIds: seed.groupIds,
    emptyFeed,
    tagId: tag.id,
  };
  await change?.(a, f);
  await a.flushSnapshot();
  a.close();
  return f;
}

function listsOf(f: Fixture): ItemsQuery[] {
  const scopes: ItemsQuery[] = [
    { scope: 'all' },
    ...f.feedIds.map((id): ItemsQuery => ({ scope: 'feed', id })),
    ...f.groupIds.map((id): ItemsQuery => ({ scope: 'group', id })),
    { scope: 'group', id: -1 },
    { scope: 'saved' },
    { scope: 'today' },
    { scope: 'tag', id: f.tagId },
    { scope: 'hidden' },
  ];
  return scopes.flatMap((q) => [
    { ...q, limit: 7 },
    { ...q, limit: 7, unreadOnly: true },
  ]);
}

const FILTERS = [
  'isRead = false',
  `feed.groupId = 1 AND pubDate > ${NOW - 10 * 86_400}`,
  'isSaved = true OR tags = "later"',
  'pubDate >= DATE_SUB(NOW(), INTERVAL 7 DAY) ORDER BY pubDate ASC',
];

// Every page of a list, following cursors.
async function walk(next: (cursor: string | null) => Promise<Page<ItemRow>>): Promise<Page<ItemRow>[]> {
  const pages: Page<ItemRow>[] = [];
  let cursor: string | null = null;
  do {
    const page = await next(cursor);
    pages.push(page);
    cursor = page.next;
  } while (cursor && pages.length < 100);
  return pages;
}

/**
 * A deferred engine's first pages (asked at once after init, so they answer from the number
 * columns), then the rest of each list; and a note whether every first page came before the text.
 */
async function coldAnswers(dbName: string, f: Fixture, snapshotCurrent = true) {
  const attach = vi.spyOn(MetaIndex.prototype, 'attachText');
  const b = make(dbName, true);
  await b.init();
  // With a current snapshot init answers before reading any of it; without, after the rebuild.
  expect(internalsOf(b).index.liveCount() === 0).toBe(snapshotCurrent);
  const lists = listsOf(f);
  const firsts = await Promise.all([
    ...lists.map((q) => b.items.page(q)),
    ...FILTERS.map((text) => b.query.run(text, { limit: 7 })),
  ]);
  // None of those first pages needed the text columns: all answered before they were attached.
  const textBeforeFirsts = attach.mock.calls.length;
  const pages = await Promise.all([
    ...lists.map((q, i) =>
      walk((cursor) => (cursor ? b.items.page({ ...q, cursor }) : Promise.resolve(firsts[i]!))),
    ),
    ...FILTERS.map((text, i) =>
      walk((cursor) =>
        cursor ? b.query.run(text, { limit: 7, cursor }) : Promise.resolve(firsts[lists.length + i]!),
      ),
    ),
  ]);
  await b.flushSnapshot(); // waits for the whole load
  return { pages: comparable(pages), textBeforeFirsts, textAttached: attach.mock.calls.length };
}

// A filter's cursors name the engine's own results list (query/pager.ts), so two engines give
// different tokens for the same position: compared as "there is a next page".
function comparable(lists: Page<ItemRow>[][]) {
  return lists.map((pages) => pages.map((p) => ('warnings' in p ? { ...p, next: p.next !== null } : p)));
}

// The flag log's keys in the database (index/flagLog.ts).
async function logKeys(dbName: string): Promise<string[]> {
  const e = make(dbName, false);
  await e.init();
  const { db } = internalsOf(e);
  const keys = await db.tx('fetch', 'r', ['meta'], () =>
    db.table('meta').where(':id').between(FLAG_LOG_RANGE[0], FLAG_LOG_RANGE[1]).primaryKeys(),
  );
  e.close();
  return keys.map(String);
}

// The same lists from an engine whose index is loaded before it answers anything.
async function loadedAnswers(dbName: string, f: Fixture) {
  const c = make(dbName, false);
  await c.init();
  return comparable(
    await Promise.all([
      ...listsOf(f).map((q) => walk((cursor) => c.items.page({ ...q, cursor }))),
      ...FILTERS.map((text) => walk((cursor) => c.query.run(text, { limit: 7, cursor }))),
    ]),
  );
}

/**
 * The truth for a start that caught up from the log: the same lists from an index rebuilt from
 * every stored article. The start's write took the snapshot past the log (checked: the log is
 * gone); the snapshot is then removed, so nothing is loaded.
 */
async function rebuiltAnswers(f: Fixture) {
  expect(await logKeys(f.dbName)).toEqual([]);
  const e = make(f.dbName, false);
  await e.init();
  const { db } = internalsOf(e);
  e.close();
  await db.dexie.open();
  await db.dexie.table('meta').delete('indexSnapshot');
  db.dexie.close();
  const attach = vi.spyOn(MetaIndex.prototype, 'attachText');
  attach.mockClear();
  const answers = await loadedAnswers(f.dbName, f);
  expect(attach).not.toHaveBeenCalled(); // rebuilt, not loaded
  return answers;
}

describe('cold start: every list answers from the number columns, as the loaded index does', () => {
  it('all, feeds (an empty one too), groups, ungrouped, saved, today, tag, hidden and filters', async () => {
    const f = await seeded();
    const cold = await coldAnswers(f.dbName, f);
    expect(cold.textBeforeFirsts).toBe(0);
    expect(cold.textAttached).toBe(1);
    const loaded = await loadedAnswers(f.dbName, f);
    expect(cold.pages).toEqual(loaded);
    // The fixture has what the edge cases need.
    const empty = listsOf(f).findIndex((q) => q.scope === 'feed' && q.id === f.emptyFeed);
    expect(loaded[empty]).toEqual([{ rows: [], next: null, total: 0 }]);
    const today = listsOf(f).findIndex((q) => q.scope === 'today');
    expect(loaded[today]![0]!.total).toBeGreaterThan(0);
  });

  it('after deleted items and read/saved/hidden changes written before the snapshot', async () => {
    const f = await seeded(async (a, fx) => {
      const unread = (await a.items.page({ scope: 'feed', id: fx.feedIds[0]!, unreadOnly: true })).rows;
      await a.state.markRead(
        unread.slice(0, 5).map((r) => r.id),
        true,
      );
      const read = (await a.items.page({ scope: 'feed', id: fx.feedIds[2]! })).rows.filter(
        (r) => (r.flags & 1) !== 0,
      );
      await a.state.markRead(
        read.slice(0, 3).map((r) => r.id),
        false,
      );
      await a.state.markSaved(
        unread.slice(5, 8).map((r) => r.id),
        true,
      );
      // Deleted: a whole feed, and older articles by retention.
      await a.feeds.deleteMany([fx.feedIds[3]!]);
      await a.retention.apply(20);
    });
    const cold = await coldAnswers(f.dbName, f);
    expect(cold.textBeforeFirsts).toBe(0);
    expect(cold.pages).toEqual(await loadedAnswers(f.dbName, f));
  });

  it('flag and tag changes after the snapshot (the tab closed before writing): the log brings it up to date', async () => {
    const f = await seeded();
    const a = make(f.dbName, false);
    await a.init();
    const unread = (await a.items.page({ scope: 'all', unreadOnly: true, limit: 12 })).rows.map((r) => r.id);
    await a.state.markRead(unread.slice(0, 4), true);
    await a.state.markSaved(unread.slice(4, 6), true);
    await a.state.markHidden(unread.slice(6, 8), true);
    await a.tags.setOnItems(unread.slice(8, 12), f.tagId, true);
    await a.state.markRead(unread.slice(0, 1), false);
    a.close();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    // The summary moved with each change: the first pages answer from the number columns, which
    // the log brought up to date, before any text is read.
    const cold = await coldAnswers(f.dbName, f);
    expect(info).not.toHaveBeenCalledWith(expect.stringContaining('index rebuilt'));
    expect(cold.textBeforeFirsts).toBe(0);
    expect(cold.textAttached).toBe(1);
    expect(cold.pages).toEqual(await loadedAnswers(f.dbName, f));
    // The start's write took the snapshot past the log, and the log is gone.
    expect(await logKeys(f.dbName)).toEqual([]);
  });

  it('ingests and flag changes after the snapshot (the tab closed before writing): the log brings it up to date', async () => {
    const f = await seeded();
    const a = make(f.dbName, false);
    await a.init();
    // A refresh: new articles in two feeds (one the newest of all), one article changed.
    await a.items.ingest(
      f.feedIds[0]!,
      [
        incoming({ guid: 'fresh-1', title: 'Fresh river', pubDate: NOW - 60 }),
        incoming({ guid: 'fresh-2', title: 'Old news', pubDate: NOW - 10 * 86_400 }),
      ],
      NOW,
    );
    await a.items.ingest(
      f.feedIds[1]!,
      [incoming({ guid: 'tie-2', title: 'A changed tie', pubDate: NOW - 3600 })],
      NOW,
    );
    await a.items.ingest(
      f.emptyFeed,
      [incoming({ guid: 'first', title: 'First in the empty feed', pubDate: NOW })],
      NOW,
    );
    const newest = (await a.items.page({ scope: 'all', limit: 3 })).rows.map((r) => r.id);
    await a.state.markRead(newest.slice(0, 2), true);
    await a.state.markSaved(newest.slice(1, 3), true);
    a.close();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const read = vi.spyOn(MetaIndex.prototype, 'upsert');
    // No current summary (an ingest does not move it): the first pages wait for the whole load.
    const cold = await coldAnswers(f.dbName, f, false);
    expect(info).not.toHaveBeenCalledWith(expect.stringContaining('index rebuilt'));
    expect(read).toHaveBeenCalledTimes(1);
    expect([...read.mock.calls[0]![0]].length).toBe(4);
    expect(cold.textAttached).toBe(1);
    // The truth: an index rebuilt from every stored article (no snapshot to load).
    const check = make(f.dbName, false);
    await check.init();
    expect((await check.query.run("title = 'A changed tie'")).total).toBe(1);
    const saved = (await check.query.run('isSaved = true', { limit: 500 })).rows.map((r) => r.id);
    expect(saved).toEqual(expect.arrayContaining(newest.slice(1, 3)));
    check.close();
    expect(cold.pages).toEqual(await rebuiltAnswers(f));
    const all = cold.pages[0]![0]! as Page<ItemRow>;
    expect(all.rows.slice(0, 2).map((r) => r.title)).toEqual(['First in the empty feed', 'Fresh river']);
  });

  it('deletions and an undo after the snapshot (the tab closed before writing): the log brings it up to date', async () => {
    // Forty old read articles in one feed, past the newest 50 retention always keeps.
    const f = await seeded(async (e, fx) => {
      await e.items.ingest(
        fx.feedIds[0]!,
        Array.from({ length: 40 }, (_, n) =>
          incoming({
            guid: `old-${n}`,
            title: `Old ${n}`,
            pubDate: NOW - (40 + n) * 86_400,
            flags: FLAG_READ,
          }),
        ),
        NOW,
      );
    });
    const a = make(f.dbName, false);
    await a.init();
    const unread = (await a.items.page({ scope: 'all', unreadOnly: true, limit: 4 })).rows;
    await a.state.markRead(
      unread.map((r) => r.id),
      true,
    );
    // An unsubscribe; retention lets the oldest ten go, then the next ten, and that is undone.
    await a.feeds.deleteMany([f.feedIds[3]!]);
    expect((await a.retention.apply(69)).removed).toBe(10);
    const second = await a.retention.apply(20, { keep: true });
    expect(second.removed).toBe(10);
    expect(await a.state.undo(second.undo!)).toBe(10);
    const left = await a.items.page({ scope: 'all', limit: 500 });
    a.close();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const read = vi.spyOn(MetaIndex.prototype, 'upsert');
    const cold = await coldAnswers(f.dbName, f, false);
    expect(info).not.toHaveBeenCalledWith(expect.stringContaining('index rebuilt'));
    expect(cold.textAttached).toBe(1);
    // Only the articles the undo put back were read from the store.
    expect(read).toHaveBeenCalledTimes(1);
    expect([...read.mock.calls[0]![0]].length).toBe(second.removed);
    expect(cold.pages).toEqual(await rebuiltAnswers(f));
    expect((cold.pages[0]![0]! as Page<ItemRow>).total).toBe(left.total);
  });

  it('a change the log does not hold (its records lost): the lists wait for a rebuild', async () => {
    const f = await seeded();
    const a = make(f.dbName, false);
    await a.init();
    await a.feeds.deleteMany([f.feedIds[3]!]);
    await dropFlagLog(a); // as a deletion of a build before deletions were logged left it
    a.close();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const cold = await coldAnswers(f.dbName, f, false);
    // No current summary: the snapshot is out of date and the index is rebuilt before answering.
    expect(info).toHaveBeenCalledWith(expect.stringContaining('index rebuilt'));
    expect(cold.textAttached).toBe(0);
    expect(cold.pages).toEqual(await loadedAnswers(f.dbName, f));
  });

  it('a filter naming a text field waits for the text columns', async () => {
    const f = await seeded();
    const attach = vi.spyOn(MetaIndex.prototype, 'attachText');
    const b = make(f.dbName, true);
    await b.init();
    const byTitle = await b.query.run("title LIKE 'river'", { limit: 5 });
    expect(attach).toHaveBeenCalledTimes(1);
    const c = make(f.dbName, false);
    await c.init();
    const loaded = await c.query.run("title LIKE 'river'", { limit: 5 });
    expect(comparable([[byTitle]])).toEqual(comparable([[loaded]]));
    expect(byTitle.total).toBeGreaterThan(0);
  });
});
