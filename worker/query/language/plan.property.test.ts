import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Condition, QueryAst, ValueExpr } from './ast';
import { FIELDS as KNOWN_FIELDS } from './fields';
import { parseQuery } from './parse';
import { planAndRun, planTuning, runAllRows } from './plan';
import { evaluateReference, type PlainItem } from './reference';
import { makeFeed, makeItem } from './testing/fixtures';
import { printQuery } from './testing/printQuery';
import { metaSourceOf } from './testing/metaSource';
import type { QuerySource } from './source';
import { sourceOf } from './testing/source';

const NOW = 1_000_000;
const DATES = [-5, 0, 100, 200, 200.5, 300, NOW - 86400, NOW];
const STRINGS = [
  '',
  'rust',
  'Rust',
  'Trusty tools',
  'ÉTÉ été',
  '100%_x',
  "it's",
  'a\\b',
  'Zebra',
  '200',
  'hello',
  'k',
  'İ',
];
const GROUPS = [1, 2, 3].map((id) => ({ id, title: STRINGS[id * 2] ?? '' }));
const FEEDS = Array.from({ length: 10 }, (_, i) =>
  makeFeed({
    id: i + 1,
    title: STRINGS[i] ?? '',
    groupId: [-1, 1, 2, 3, 4][i % 5] ?? -1,
    siteUrl: i % 2 ? 'https://rust.example' : '',
    url: `https://f${i}.example/feed`,
  }),
);
// Every field the language knows, plus odd spellings and names it does not know.
const FIELDS = [...KNOWN_FIELDS, 'TAGS', 'nope', 'FEED.TITLE', 'PubDate', ''];

const itemArb = fc.record({
  feedId: fc.integer({ min: 1, max: 12 }),
  title: fc.constantFrom(...STRINGS),
  author: fc.constantFrom(...STRINGS),
  description: fc.constantFrom('', '<p>Hello <b>world</b></p>', 'a &amp; b', '<script>rust</script>ÉTÉ'),
  pubDate: fc.constantFrom(...DATES),
  // URL fields with capitals and non-ASCII bytes: the Kelvin sign lower-cases to an ASCII "k",
  // "İ" to two characters, so a byte comparison alone would disagree with LIKE.
  link: fc.constantFrom('', 'https://a.example/rust', 'HTTPS://B.example', 'https://\u212Aelvin.example/İ'),
  guid: fc.constantFrom('', 'g1', '200', 'G1', 'Été-K'),
  enclosure: fc.option(fc.constantFrom('https://x.example/a.mp3', '', 'https://X.example/RUST.MP3'), {
    nil: null,
  }),
  isRead: fc.boolean(),
  isSaved: fc.boolean(),
  tags: fc.subarray(['rust', 'AI', 'été', '200', 'Zebra']),
  dead: fc.boolean(),
});

const literal = (value: string | number | boolean | null): ValueExpr => ({ type: 'literal', value });
const valueArb: fc.Arbitrary<ValueExpr> = fc.oneof(
  fc.constant(literal(null)),
  fc.constantFrom(...STRINGS).map(literal),
  fc.constantFrom(...DATES, 1, 2, 3, 4, 11, -1, 7).map(literal),
  fc.constantFrom(true, false, null).map(literal),
  fc.constantFrom<ValueExpr>(
    { type: 'now' },
    { type: 'unixTimestamp', arg: literal(200) },
    { type: 'unixTimestamp', arg: literal('1970-01-01T00:03:20Z') },
    { type: 'dateSub', base: { type: 'now' }, amount: 1, unit: 'day' },
    { type: 'dateSub', base: literal(300), amount: 1, unit: 'month' },
  ),
);

const leafArb: fc.Arbitrary<Condition> = fc
  .tuple(
    fc.constantFrom(...FIELDS),
    fc.integer({ min: 0, max: 9 }),
    valueArb,
    valueArb,
    fc.array(valueArb, { maxLength: 3 }),
    fc.boolean(),
  )
  .map(([field, kind, a, b, list, negated]): Condition => {
    if (kind <= 3)
      return {
        type: 'compare',
        field,
        op: (['=', '!=', '<', '>=', '<=', '>'] as const)[kind + (negated ? 2 : 0)] ?? '=',
        value: a,
      };
    if (kind <= 5) return { type: 'like', field, negated, value: a };
    if (kind <= 7) return { type: 'in', field, negated, values: list };
    if (kind === 8) return { type: 'between', field, low: a, high: b };
    return { type: 'badBetween', field, text: negated ? '5' : '' };
  });

const condArb: fc.Arbitrary<Condition> = fc.letrec<{ cond: Condition }>((tie) => ({
  cond: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.record({
      type: fc.constantFrom('and' as const, 'or' as const),
      conditions: fc.array(tie('cond'), { minLength: 2, maxLength: 3 }),
    }),
    fc.record({ type: fc.constant('not' as const), condition: tie('cond') }),
  ),
})).cond;

const queryArb: fc.Arbitrary<QueryAst> = fc.record({
  where: fc.option(condArb, { nil: null }),
  orderBy: fc.option(
    fc.record({
      field: fc.constantFrom(...FIELDS.filter((f) => f !== '')),
      direction: fc.constantFrom('asc' as const, 'desc' as const),
    }),
    { nil: null },
  ),
  limit: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
});

/** Queries that use the planner's fast paths more often than uniform generation would. */
const shapedArb: fc.Arbitrary<QueryAst> = fc
  .tuple(
    fc.subarray([1, 2, 3, 4, 11], { minLength: 1 }),
    fc.constantFrom(...DATES),
    fc.constantFrom(...DATES),
    queryArb,
  )
  .map(([feeds, lo, hi, q]): QueryAst => {
    const parts: Condition[] = [
      { type: 'in', field: 'feedId', negated: false, values: feeds.map(literal) },
      { type: 'compare', field: 'pubDate', op: '>=', value: literal(lo) },
      { type: 'between', field: 'pubDate', low: literal(lo), high: literal(hi) },
      { type: 'compare', field: 'feed.groupId', op: '=', value: literal(feeds[0] ?? 1) },
    ];
    return {
      ...q,
      where: {
        type: 'and',
        conditions: q.where ? [...parts.slice(0, 1 + (Math.abs(Math.trunc(hi)) % 4)), q.where] : parts,
      },
    };
  });

describe('planAndRun agrees with evaluateReference', () => {
  beforeAll(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  for (const [name, arb, share, index] of [
    ['random queries', queryArb, 0.25, 'array'],
    ['feed / date shaped queries', shapedArb, 0.25, 'array'],
    ['feed / date shaped queries, per-feed path forced', shapedArb, 1, 'array'],
    ['random queries over the MetaIndex ingest builds', queryArb, 0.25, 'built'],
    ['random queries over a loaded MetaIndex', queryArb, 0.25, 'loaded'],
  ] as const) {
    it(`on ${name}, through query text`, () => {
      planTuning.feedPathShare = share;
      fc.assert(
        fc.property(
          fc.array(itemArb, { minLength: 15, maxLength: 80 }),
          arb,
          fc.nat(40),
          fc.integer({ min: 1, max: 20 }),
          (raw, query, offset, pageSize) => {
            const all: PlainItem[] = raw.map(({ dead: _dead, enclosure, ...r }, i) =>
              makeItem(
                {
                  ...r,
                  id: i + 1,
                  enclosure:
                    enclosure === null
                      ? null
                      : { url: enclosure, type: '', length: 0, duration: 0, image: '' },
                },
                FEEDS,
                GROUPS,
              ),
            );
            const dead = new Set(all.filter((_, i) => raw[i]?.dead).map((item) => item.id));
            let source: QuerySource;
            if (index === 'array') {
              const arrays = sourceOf(all, FEEDS, GROUPS, NOW);
              for (const id of dead) arrays.index.remove(id);
              source = arrays;
            } else source = metaSourceOf(all, dead, FEEDS, GROUPS, NOW, index === 'loaded');
            const live = all.filter((_, i) => !raw[i]?.dead);

            const text = printQuery(query);
            const parsed = parseQuery(text);
            if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
            expect(parsed.query).toEqual(query);

            const expected = evaluateReference(parsed.query, live, { now: () => NOW });
            const full = planAndRun(parsed.query, source, { pageSize: 1e9 });
            expect(full.ids).toEqual(expected);
            expect(full.total).toBe(expected.length);
            const page = planAndRun(parsed.query, source, { offset, pageSize });
            const take = query.limit ?? pageSize;
            expect(page.ids).toEqual(expected.slice(offset, offset + take));
            expect(page.total).toBe(expected.length);
            // The answer the results cache keeps: a prefix first (merged only that far), then all.
            const rows = runAllRows(parsed.query, source);
            const idOf = (r: number) => source.index.id(r);
            expect(rows.length).toBe(expected.length);
            expect(Array.from(rows.head(offset + pageSize), idOf)).toEqual(
              expected.slice(0, offset + pageSize),
            );
            expect(
              rows
                .parts()
                .flatMap((part) => Array.from(part, idOf))
                .sort((a, b) => a - b),
            ).toEqual([...expected].sort((a, b) => a - b));
            expect(Array.from(rows.all(), idOf)).toEqual(expected);
          },
        ),
        { numRuns: 500 },
      );
      planTuning.feedPathShare = 0.25;
    });
  }
});
