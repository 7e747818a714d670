import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../worker/engine';
import { EngineError } from '../../worker/errors';
import { evaluateReference, parseQuery, toPlainItems } from '../../worker/query/language';
import { createTestEngine, internalsOf } from '../../worker/testing/createTestEngine';
import { incoming } from '../../worker/testing/fixtures';
import { seedEngine } from '../../worker/testing/seed';
import type { ItemRow } from '../../worker/types';

const NOW = 1_750_000_000;
let engine: Engine;
let extraFeed: number;

async function reference(text: string, unreadOnly = false): Promise<number[]> {
  const ctx = internalsOf(engine).context;
  const items = await internalsOf(engine).db.run('fetch', () =>
    internalsOf(engine).db.table('items').toArray(),
  );
  const plain = toPlainItems({
    groups: [...ctx.groupCache.values()],
    feeds: [...ctx.feedCache.values()],
    items,
  });
  const parsed = parseQuery(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const ids = evaluateReference(
    unreadOnly
      ? {
          ...parsed.query,
          where: {
            type: 'and',
            conditions: [
              ...(parsed.query.where ? [parsed.query.where] : []),
              { type: 'compare', field: 'isRead', op: '=', value: { type: 'literal', value: false } },
            ],
          },
        }
      : parsed.query,
    plain,
    { now: () => NOW },
  );
  return ids;
}

async function allPages(
  text: string,
  unreadOnly = false,
  limit = 7,
): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let total = -1;
  for (let guard = 0; guard < 500; guard++) {
    const page: Awaited<ReturnType<Engine['query']['run']>> = await engine.query.run(text, {
      cursor,
      limit,
      unreadOnly,
    });
    total = page.total;
    ids.push(...page.rows.map((r: ItemRow) => r.id));
    cursor = page.next;
    if (!cursor) break;
  }
  return { ids, total };
}

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  engine = createTestEngine({ now: () => NOW });
  await engine.init();
  await seedEngine(engine, {
    groups: 3,
    feedsPerGroup: 3,
    itemsPerFeed: 25,
    seed: 5,
    ungroupedFeeds: 1,
    now: NOW,
  });
  extraFeed = await engine.feeds.save({
    url: 'https://x.test/feed',
    siteUrl: 'https://x.test/',
    title: 'Rust Weekly',
    groupId: -1,
  });
  await engine.items.ingest(extraFeed, [
    incoming({
      guid: 'a',
      title: 'Trusty tools',
      description: '<p>WebAssembly &amp; <b>Rust</b> in the browser</p>',
      pubDate: NOW - 10,
    }),
    incoming({
      guid: 'b',
      title: 'Café notes',
      description: '<p>Un café crème, s’il vous plaît</p>',
      pubDate: NOW - 20,
    }),
    incoming({ guid: 'c', title: 'Empty body', description: '', pubDate: NOW - 30, author: '' }),
    incoming({
      guid: 'd',
      title: '日本語のニュース',
      description: '<p>東京の天気</p><script>webassembly()</script>',
      pubDate: NOW - 40,
    }),
  ]);
});

afterAll(() => {
  engine.close();
  vi.restoreAllMocks();
});

const SHAPES = [
  '',
  'isRead = false',
  "description LIKE 'webassembly'",
  "description LIKE 'river' AND NOT description LIKE 'cedar'",
  "description NOT LIKE 'e'",
  "description LIKE ''",
  'description = null',
  "description LIKE 'café crème'",
  "description LIKE '東京'",
  "feed.title LIKE 'rust' OR group.title LIKE 'group 2'",
  'feed.groupId = -1',
  'feedId IN (1, 2) ORDER BY title DESC',
  'group.id BETWEEN 1 AND 2 AND isSaved = false ORDER BY author',
  `pubDate > DATE_SUB(NOW(), INTERVAL 7 DAY) ORDER BY pubDate ASC LIMIT 30`,
  "title LIKE 'river' OR author LIKE 'tide' LIMIT 12",
  "title LIKE 'ca'",
  "title NOT LIKE 'e' AND isRead = false",
  "title LIKE '日本'",
  'author = null ORDER BY feed.title',
  'ORDER BY description LIMIT 20',
];

describe('query.run matches the reference evaluator', () => {
  it.each(SHAPES)('%s', async (text) => {
    const expected = await reference(text);
    const got = await allPages(text);
    expect(got.ids).toEqual(expected);
    expect(got.total).toBe(expected.length);
  });

  it.each(["description LIKE 'river'", 'ORDER BY title LIMIT 40', ''])('unreadOnly: %s', async (text) => {
    const expected = await reference(text, true);
    const got = await allPages(text, true, 9);
    expect(got.ids).toEqual(expected);
  });

  it('description LIKE sees plain text only (no tags, no script), case-insensitively', async () => {
    const tagged = await engine.query.run("description LIKE '<b>'");
    expect(tagged.total).toBe(0);
    const rust = await engine.query.run("description LIKE 'RUST'");
    expect(rust.rows.map((r) => r.title)).toEqual(['Trusty tools']);
  });

  it('a query LIMIT is the page size when the caller gives none, and caps the total', async () => {
    const page = await engine.query.run('LIMIT 12');
    expect(page.rows).toHaveLength(12);
    expect(page.total).toBe(12);
    expect(page.next).toBeNull();
  });
});

describe('paging and errors', () => {
  it('keeps paging stable while items are marked read in an unread-only list', async () => {
    const first = await engine.query.run('isSaved = false', { unreadOnly: true, limit: 10 });
    const expected = await reference('isSaved = false', true);
    expect(first.rows.map((r) => r.id)).toEqual(expected.slice(0, 10));
    await engine.state.markRead(
      first.rows.map((r) => r.id),
      true,
    );
    const second = await engine.query.run('isSaved = false', {
      unreadOnly: true,
      limit: 10,
      cursor: first.next,
    });
    expect(second.rows.map((r) => r.id)).toEqual(expected.slice(10, 20));
    // Rows are fresh: an item read meanwhile reads as read.
    await engine.state.markRead([expected[10] as number], true);
    const again = await engine.query.run('isSaved = false', {
      unreadOnly: true,
      limit: 10,
      cursor: first.next,
    });
    expect(again.rows[0]?.flags).toBe(1);
  });

  it('continues after the last id when the retained list is gone', async () => {
    const first = await engine.query.run('ORDER BY id', { limit: 5 });
    // A cursor from another session: same token shape, unknown token.
    const foreign = (first.next ?? '').replace(/^[a-z0-9]+/, 'zzzz');
    const next = await engine.query.run('ORDER BY id', { limit: 5, cursor: foreign });
    const all = await reference('ORDER BY id');
    expect(next.rows.map((r) => r.id)).toEqual(all.slice(5, 10));
  });

  it('rejects bad cursors and syntax errors with the engine error shape', async () => {
    await expect(engine.query.run('', { cursor: 'not a cursor' })).rejects.toMatchObject({
      code: 'bad_cursor',
    });
    const err = await engine.query.run("title LIKE 'x' AND").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({
      code: 'query_syntax',
      details: { position: { offset: 18, line: 1, column: 19, length: 0 } },
    });
    expect((err as EngineError).message).toMatch(/^Expected .* at line 1, column 19/);
    await expect(engine.query.run('x'.repeat(5000))).rejects.toMatchObject({ code: 'query_too_long' });
    // An error the parser has no expected list for crosses with its reason, for the app to word.
    await expect(engine.query.run("title = 'abc")).rejects.toMatchObject({
      code: 'query_syntax',
      details: { position: { line: 1, column: 9 }, reason: { code: 'unterminated_string', quote: "'" } },
    });
  });

  it('check answers counts and errors without rejecting', async () => {
    expect(await engine.query.check("description LIKE 'webassembly'")).toEqual({
      ok: true,
      total: 1,
      warnings: [],
    });
    const bad = await engine.query.check('title = ');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.position.column).toBe(9);
    const warned = await engine.query.check('nope = 1');
    expect(warned).toMatchObject({ ok: true, total: 0 });
    // Warnings are codes with their parameters (the UI words them: src/filters/queryWords.ts).
    if (warned.ok) expect(warned.warnings[0]).toMatchObject({ code: 'unknown_field', field: 'nope' });
  });

  it('warnings found only while running come with the answer, also from the results cache, and each once', async () => {
    // A time worked out at run time: parsing sees a function of a boolean, running finds no time.
    const query = 'pubDate > DATE_SUB(true, INTERVAL 1 DAY) OR pubDate > UNIX_TIMESTAMP(true)';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 2; i++) {
        expect(await engine.query.check(query)).toEqual({
          ok: true,
          total: 0,
          warnings: [{ code: 'invalid_time', text: 'true' }],
        });
        const page = await engine.query.run(query);
        expect(page.warnings).toEqual([{ code: 'invalid_time', text: 'true' }]);
      }
      // A parse-time warning also met while running is said once.
      const dated = await engine.query.check("pubDate > UNIX_TIMESTAMP('someday')");
      expect(dated.ok && dated.warnings).toEqual([{ code: 'invalid_date', text: 'someday' }]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('counts and keywords', () => {
  it('saved-filter counts follow markRead', async () => {
    const feed = await engine.feeds.save({
      url: 'https://c.test/',
      siteUrl: '',
      title: 'Counted',
      groupId: -1,
    });
    await engine.items.ingest(
      feed,
      [1, 2, 3, 4].map((n) => incoming({ guid: `c${n}`, pubDate: NOW - 1000 - n })),
    );
    const filters = [
      { id: 'rust', query: `feed.title = 'Counted'` },
      { id: 'bad', query: 'title LIKE' },
    ];
    const before = await engine.query.counts(filters);
    expect(before.rust).toEqual({ total: 4, unread: 4 });
    expect(before.bad?.error).toMatchObject({
      code: 'query_syntax',
      message: expect.stringMatching(/Expected a value/) as unknown,
      expected: expect.arrayContaining([{ kind: 'value' }]) as unknown,
    });
    const rows = await engine.query.run(`feedId = ${feed}`);
    await engine.state.markRead([rows.rows[0]!.id], true);
    expect((await engine.query.counts(filters)).rust).toEqual({ total: 4, unread: 3 });
  });

  it('ranks keyword matches by weighted occurrences, title counting 3', async () => {
    const feed = await engine.feeds.save({ url: 'https://k.test/', siteUrl: '', title: 'Kw', groupId: -1 });
    const { added } = await engine.items.ingest(feed, [
      incoming({ guid: 'k1', title: 'zeppelin', description: '<p>nothing</p>', pubDate: NOW - 5 }),
      incoming({ guid: 'k2', title: 'x', description: '<p>zeppelin zeppelin</p>', pubDate: NOW - 4 }),
      incoming({ guid: 'k3', title: 'y', description: '<p>Zeppelin</p> <p>blimp</p>', pubDate: NOW - 3 }),
      incoming({ guid: 'k4', title: 'z', description: '<p>blimp</p>', pubDate: NOW - 2 }),
    ]);
    const page = await engine.query.keywords([
      { keyword: 'zeppelin', weight: 1 },
      { keyword: 'blimp', weight: 0.5 },
    ]);
    // k1: 3, k2: 2, k3: 1 + 0.5, k4: 0.5 (k3 and k4 tie-free; newest first would order k4 before k3).
    expect(page.rows.map((r) => r.id)).toEqual([added[0], added[1], added[2], added[3]]);
    await expect(engine.query.keywords([{ keyword: 'x', weight: Number.NaN }])).rejects.toMatchObject({
      code: 'bad_query',
    });
  });
});
