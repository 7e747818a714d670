import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Condition, ValueExpr } from './ast';
import { parseQuery } from './parse';
import { planAndRun } from './plan';
import { evaluateReference, type PlainItem } from './reference';
import { TEST_TAG_NAMES } from './testing/arrayIndex';
import { FEEDS, GROUPS, makeItem } from './testing/fixtures';
import { printQuery } from './testing/printQuery';
import { sourceOf } from './testing/source';
import { loadTagTables, openSqlite, sqlTagIds, type SqlDb } from '../../testing/sqliteTags';

const NAMES = ['ai', 'Rust', 'été', 'x', '200', "it's"];

const item = (id: number, tags: string[], pubDate = id * 10, isRead = false): PlainItem =>
  makeItem({ id, feedId: 10, pubDate, tags, isRead }, FEEDS, GROUPS);

const ITEMS = [
  item(1, ['ai']),
  item(2, ['AI', 'Rust']),
  item(3, []),
  item(4, ['rust'], 40, true),
  item(5, ['été', 'x']),
  item(6, []),
];
const source = sourceOf(ITEMS, FEEDS, GROUPS);

function ids(text: string): number[] {
  const parsed = parseQuery(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const reference = evaluateReference(parsed.query, ITEMS, { now: () => 0 });
  expect(planAndRun(parsed.query, source, { pageSize: 1e9 }).ids).toEqual(reference);
  return reference;
}

describe('the tags field', () => {
  it('= has the tag, ignoring case; != does not have it', () => {
    expect(ids("tags = 'ai'")).toEqual([2, 1]);
    expect(ids("TAGS = 'RUST'")).toEqual([4, 2]);
    expect(ids("tags != 'ai'")).toEqual([6, 5, 4, 3]);
    expect(ids("tags = 'ai' AND tags = 'rust'")).toEqual([2]);
  });
  it('IN has any of the tags; NOT IN has none of them', () => {
    expect(ids("tags IN ('ai', 'rust')")).toEqual([4, 2, 1]);
    expect(ids("tags NOT IN ('ai', 'rust')")).toEqual([6, 5, 3]);
  });
  it('IS NULL is untagged, IS NOT NULL tagged', () => {
    expect(ids('tags IS NULL')).toEqual([6, 3]);
    expect(ids("tags = ''")).toEqual([6, 3]);
    expect(ids('tags IS NOT NULL')).toEqual([5, 4, 2, 1]);
  });
  it('LIKE has a tag containing the text; combines with other fields', () => {
    expect(ids("tags LIKE 'ÉT'")).toEqual([5]);
    expect(ids("tags NOT LIKE 'us'")).toEqual([6, 5, 3, 1]);
    expect(ids("tags = 'rust' AND isRead = false")).toEqual([2]);
  });
  it('ORDER BY tags sorts by the first tag name, untagged last', () => {
    expect(ids('ORDER BY tags ASC')).toEqual([2, 1, 4, 5, 6, 3]);
  });
  it('an unknown tag matches nothing (and != matches everything)', () => {
    expect(ids("tags = 'nope'")).toEqual([]);
    expect(ids("tags != 'nope'")).toHaveLength(6);
  });
});

// The differential test against SQLite with a tags table: random tags conditions over random
// tagged items must give the same ids from the planner, the reference evaluator and SQLite.
describe('tags: planner, reference and SQLite agree', () => {
  let db: SqlDb;
  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    db = await openSqlite();
  });
  afterAll(() => {
    db.close();
    vi.restoreAllMocks();
  });

  const value: fc.Arbitrary<ValueExpr> = fc
    .constantFrom<string | null>(null, '', 'AI', 'ai', 'rust', 'ÉTÉ', 'z', 'a', "it's", '20', 't')
    .map((v) => ({ type: 'literal', value: v }));
  const leaf: fc.Arbitrary<Condition> = fc.oneof(
    fc
      .tuple(fc.constantFrom('=', '!=', '<', '>', '<=', '>=' as const), value)
      .map(([op, v]): Condition => ({ type: 'compare', field: 'tags', op, value: v })),
    fc
      .tuple(fc.boolean(), fc.array(value, { minLength: 1, maxLength: 3 }))
      .map(([negated, values]): Condition => ({ type: 'in', field: 'tags', negated, values })),
    fc
      .tuple(fc.boolean(), value)
      .map(([negated, v]): Condition => ({ type: 'like', field: 'tags', negated, value: v })),
    fc.tuple(value, value).map(([low, high]): Condition => ({ type: 'between', field: 'tags', low, high })),
  );
  const cond: fc.Arbitrary<Condition> = fc.letrec<{ c: Condition }>((tie) => ({
    c: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.record({
        type: fc.constantFrom('and' as const, 'or' as const),
        conditions: fc.array(tie('c'), { minLength: 2, maxLength: 3 }),
      }),
      fc.record({ type: fc.constant('not' as const), condition: tie('c') }),
    ),
  })).c;

  it('on random conditions over random tagged items', () => {
    fc.assert(
      fc.property(fc.array(fc.subarray(NAMES), { minLength: 1, maxLength: 25 }), cond, (tagLists, where) => {
        const items = tagLists.map((tags, i) => item(i + 1, tags, (i * 7) % 5));
        const src = sourceOf(items, FEEDS, GROUPS);
        const text = `WHERE ${printQuery({ where, orderBy: null, limit: null })}`;
        const parsed = parseQuery(printQuery({ where, orderBy: null, limit: null }));
        if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
        const reference = evaluateReference(parsed.query, items, { now: () => 0 });
        expect(planAndRun(parsed.query, src, { pageSize: 1e9 }).ids).toEqual(reference);
        db.exec('DROP TABLE IF EXISTS items; DROP TABLE IF EXISTS tags; DROP TABLE IF EXISTS item_tags;');
        loadTagTables(
          db,
          items.map((it) => ({
            id: it.id,
            pubDate: it.pubDate,
            tags: src.index.tags(src.index.rowOf(it.id)).slice(),
          })),
          TEST_TAG_NAMES,
        );
        expect(sqlTagIds(db, parsed.query.where)).toEqual(reference);
      }),
      { numRuns: 300 },
    );
  });
});
