import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Condition, QueryAst } from './ast';
import { parseQuery } from './parse';
import { planAndRun } from './plan';
import { evaluateReference, type PlainItem } from './reference';
import { makeFeed, makeItem } from './testing/fixtures';
import { metaSourceOf } from './testing/metaSource';
import { sourceOf } from './testing/source';

// LIKE on the string fields the MetaIndex answers without building strings (packed URL fields
// compared as bytes, titles searched all at once), held to the reference on values where a
// byte or joined-string shortcut could go wrong: capitals, the Kelvin sign (lower-cases to "k"),
// "İ" (lower-cases to two characters), accents, CJK, empty values.
const VALUES = [
  '',
  'https://a.example/Rust.MP3',
  'https://\u212Aelvin.example/İ',
  'HTTPS://B.EXAMPLE/k',
  'urn:été:K',
  'Ünïcode ÉTÉ',
  '数据 News',
  'plain rust',
];
const NEEDLES = ['k', 'i', 'i̇', 'rust', '.mp3', 'é', 'été', '数据', 'https://', 'ünï', 'x'];
const FEEDS = [1, 2, 3].map((id) => makeFeed({ id, title: `Feed ${id}`, groupId: -1 }));
const FIELDS = ['link', 'enclosure', 'guid', 'title', 'author', 'description'] as const;

const itemArb = fc.record({
  feedId: fc.integer({ min: 1, max: 3 }),
  title: fc.constantFrom(...VALUES),
  author: fc.constantFrom(...VALUES),
  link: fc.constantFrom(...VALUES),
  guid: fc.constantFrom(...VALUES),
  enclosure: fc.constantFrom(...VALUES),
  description: fc.constantFrom(...VALUES, '<p>Plain <b>RUST</b></p>', 'a &amp; k'),
  pubDate: fc.integer({ min: 0, max: 20 }),
  isSaved: fc.boolean(),
  dead: fc.boolean(),
});

const likeArb: fc.Arbitrary<Condition> = fc
  .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...NEEDLES), fc.boolean())
  .map(([field, needle, negated]) => ({
    type: 'like',
    field,
    negated,
    value: { type: 'literal', value: needle },
  }));
const savedArb: fc.Arbitrary<Condition> = fc.constant({
  type: 'compare',
  field: 'isSaved',
  op: '=',
  value: { type: 'literal', value: true },
});
const whereArb: fc.Arbitrary<Condition> = fc.oneof(
  likeArb,
  fc
    .tuple(fc.constantFrom('and' as const, 'or' as const), likeArb, fc.oneof(likeArb, savedArb))
    .map(([type, a, b]) => ({ type, conditions: [a, b] })),
);

describe('planAndRun over the MetaIndex: LIKE on string fields', () => {
  for (const [loaded, store] of [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ] as const) {
    const name = `${loaded ? 'loaded index' : 'index built by ingest'}, descriptions in a ${store ? 'text store' : 'column'}`;
    it(`agrees with the reference (${name})`, () => {
      fc.assert(
        fc.property(
          // Up to 120 rows: a walk over all of them asks more than a sixteenth (answered all at
          // once), a feed's rows may ask fewer (answered row by row).
          fc.array(itemArb, { minLength: 1, maxLength: 120 }),
          whereArb,
          fc.constantFrom<QueryAst['orderBy']>(null, { field: 'pubDate', direction: 'asc' }),
          fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
          (raw, cond, orderBy, feed) => {
            const items: PlainItem[] = raw.map(({ dead: _dead, enclosure, ...r }, i) =>
              makeItem(
                {
                  ...r,
                  id: i + 1,
                  enclosure: { url: enclosure, type: '', length: 0, duration: 0, image: '' },
                },
                FEEDS,
                [],
              ),
            );
            const dead = new Set(items.filter((_, i) => raw[i]!.dead).map((item) => item.id));
            const source = metaSourceOf(items, dead, FEEDS, [], 1_000, loaded, store);
            const where: Condition =
              feed === null
                ? cond
                : {
                    type: 'and',
                    conditions: [
                      cond,
                      { type: 'compare', field: 'feedId', op: '=', value: { type: 'literal', value: feed } },
                    ],
                  };
            const ast: QueryAst = { where, orderBy, limit: null };
            const live = items.filter((item) => !dead.has(item.id));
            const expected = evaluateReference(ast, live, { now: () => 1_000 });
            const got = planAndRun(ast, source, { pageSize: Infinity });
            expect(got.ids).toEqual(expected);
            expect(got.total).toBe(expected.length);
          },
        ),
        { numRuns: 400 },
      );
    });
  }
});

describe('planAndRun: AND and OR parts', () => {
  it('test a description only on the rows the cheap parts leave, whatever order they are written in', () => {
    const items = Array.from({ length: 40 }, (_, i) =>
      makeItem(
        { id: i + 1, feedId: 1, isSaved: i % 10 === 0, description: `<p>lantern ${i}</p>` },
        FEEDS,
        [],
      ),
    );
    for (const text of [
      "description LIKE 'lantern' AND isSaved = true",
      "isSaved = true AND description LIKE 'lantern'",
      "description LIKE 'lantern' OR isSaved = false",
    ]) {
      const source = sourceOf(items, FEEDS, []);
      const read = vi.spyOn(source.description, 'textLower');
      const parsed = parseQuery(text);
      if (!parsed.ok) throw new Error(text);
      const got = planAndRun(parsed.query, source, { pageSize: Infinity });
      expect(got.total).toBe(text.includes(' OR ') ? 40 : 4);
      expect(read).toHaveBeenCalledTimes(4);
    }
  });
});

describe('planAndRun: two descriptions from one text store', () => {
  it('keeps each part’s answer apart though the store lends one array to both', () => {
    // 64 articles over every mix of two words: each part is asked about more than a sixteenth of
    // the rows, so each answers every row at once, in the array the store fills per call.
    const words = (i: number) => `${i % 2 ? 'lantern' : 'candle'} ${i % 3 ? 'quartz' : 'slate'} ${i}`;
    const items = Array.from({ length: 64 }, (_, i) =>
      makeItem({ id: i + 1, feedId: 1 + (i % 3), description: `<p>${words(i)}</p>` }, FEEDS, []),
    );
    for (const text of [
      "description LIKE 'lantern' AND description LIKE 'quartz'",
      "description LIKE 'quartz' AND description LIKE 'lantern' AND feedId != 2",
      "description LIKE 'lantern' AND NOT description LIKE 'quartz'",
      "description LIKE 'slate' OR description LIKE 'candle'",
      "NOT description LIKE 'lantern' OR description LIKE 'slate'",
    ]) {
      const source = metaSourceOf(items, new Set(), FEEDS, [], 1_000, true, true);
      const parsed = parseQuery(text);
      if (!parsed.ok) throw new Error(text);
      const expected = evaluateReference(parsed.query, items, { now: () => 1_000 });
      expect(expected.length, text).toBeGreaterThan(0);
      expect(Array.from(planAndRun(parsed.query, source, { pageSize: Infinity }).ids), text).toEqual(
        expected,
      );
    }
  });
});

describe('planAndRun: when a title LIKE searches every title at once', () => {
  // 400 articles: 10 saved, 10 in feed 2, both under a sixteenth of the rows.
  const items = Array.from({ length: 400 }, (_, i) =>
    makeItem({ id: i + 1, feedId: i < 10 ? 2 : 1, title: `River ${i}`, isSaved: i % 40 === 0 }, FEEDS, []),
  );
  const runs = (text: string): number => {
    const source = metaSourceOf(items, new Set(), FEEDS, [], 1_000, true);
    const scan = vi.spyOn(source.index, 'titleMatches');
    const parsed = parseQuery(text);
    if (!parsed.ok) throw new Error(text);
    planAndRun(parsed.query, source, { pageSize: Infinity });
    return scan.mock.calls.length;
  };

  it('at once when the walk asks about most rows, alone or after an OR part', () => {
    expect(runs("title LIKE 'river'")).toBe(1);
    expect(runs("feedId = 2 OR title LIKE 'river'")).toBe(1);
    expect(runs("feedId = 1 AND title LIKE 'river'")).toBe(1);
  });

  it('row by row after an AND part that leaves few rows, or on a small feed', () => {
    expect(runs("isSaved = true AND title LIKE 'river'")).toBe(0);
    expect(runs("title LIKE 'river' AND feedId = 2")).toBe(0);
  });
});
