import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { CompileEnv, RowTest } from './compileEnv';
import { compileRowCondition } from './compile';
import { parseQuery } from './parse';
import { planAndRun } from './plan';
import { anyOf, negate, scanned } from './rowTests';
import { FEEDS, GROUPS, ITEMS, makeItem } from './testing/fixtures';
import { metaSourceOf } from './testing/metaSource';
import { sourceOf } from './testing/source';
import { evalValue } from './values';

const index = { rowCount: () => 6 } as never;

// A test with a stored answer per row, and `all` giving a copy of its first `known` bytes (rows
// past it read as no match, as titleMatches may leave them).
function stored(answers: number[], known = answers.length): RowTest {
  return Object.assign((r: number) => answers[r] === 1, {
    all: () => Uint8Array.from(answers.slice(0, known)),
  });
}

const perRow = (test: RowTest, n: number) => Array.from({ length: n }, (_, r) => (test(r) ? 1 : 0));

describe('whole-row answers', () => {
  it('anyOf and negate answer every row as they answer each one', () => {
    const answers = fc.array(fc.constantFrom(0, 1), { minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(answers, answers, answers, (a, b, c) => {
        const tests = [stored(a), stored(b), stored(c)];
        for (const test of [anyOf(index, tests.slice(0, 2)), anyOf(index, tests), negate(index, tests[0]!)])
          expect(Array.from(test.all!())).toEqual(perRow(test, 6));
      }),
    );
  });

  it('reads rows past the end of a part’s answer as no match', () => {
    const short = stored([1, 0, 1, 1, 1, 1], 3);
    expect(Array.from(anyOf(index, [short, stored([0, 0, 0, 0, 0, 1])]).all!())).toEqual([1, 0, 1, 0, 0, 1]);
    expect(Array.from(negate(index, short).all!())).toEqual([0, 1, 0, 1, 1, 1]);
  });

  it('leaves an OR row by row when one of its parts cannot answer every row', () => {
    expect(anyOf(index, [stored([1]), (r: number) => r === 2]).all).toBeUndefined();
    expect(negate(index, (r: number) => r === 2).all).toBeUndefined();
  });

  it('gives flag, feed and OR conditions over the MetaIndex their answers for every row', () => {
    const items = [...ITEMS, makeItem({ id: 99, feedId: 11, isRead: true, isSaved: true }, FEEDS, GROUPS)];
    const source = metaSourceOf(items, new Set(), FEEDS, GROUPS, 0, true);
    const env: CompileEnv = { source, warn: () => undefined, value: (e) => evalValue(e, 0, () => undefined) };
    for (const text of [
      'isRead = false',
      'isSaved = true',
      'isRead != false',
      'feedId = 11',
      "group.title = 'News' OR isSaved = true",
      "NOT (feed.title = 'Daily' OR title LIKE 'rust')",
    ]) {
      const parsed = parseQuery(text);
      if (!parsed.ok || !parsed.query.where) throw new Error(text);
      const test = compileRowCondition(parsed.query.where, env);
      if (typeof test === 'boolean' || !test.all) throw new Error(`${text}: no whole-row answer`);
      expect(Array.from(test.all()), text).toEqual(perRow(test, source.index.rowCount()));
    }
  });
});

describe('scanned over a lent answer', () => {
  it('answers row by row from its own copy, and hands out the lent array without keeping it', () => {
    const source = metaSourceOf(ITEMS, new Set(), FEEDS, GROUPS, 0, true);
    const rows = source.index.rowCount();
    const env = { source, candidates: rows } as unknown as CompileEnv;
    // One array a source fills per call, as StoreDescriptionSource.rowHits does.
    const lentArray = new Uint8Array(rows);
    let calls = 0;
    const fill = (every: number) => () => {
      calls++;
      for (let r = 0; r < rows; r++) lentArray[r] = r % every === 0 ? 1 : 0;
      return lentArray;
    };
    const want = (every: number) => Array.from({ length: rows }, (_, r) => (r % every === 0 ? 1 : 0));
    // `all` gives the lent array as filled now, keeps nothing, and so asks again next time.
    const evens = scanned(env, (r) => r % 2 === 0, fill(2), true);
    const thirds = scanned(env, (r) => r % 3 === 0, fill(3), true);
    expect(evens.all!()).toBe(lentArray);
    expect(Array.from(thirds.all!())).toEqual(want(3));
    expect(Array.from(evens.all!())).toEqual(want(2));
    expect(calls).toBe(3);
    // Asked row by row (every row at once, the walk's candidates being most rows), each keeps a
    // copy: the other's call in between leaves its answers as they were.
    expect(perRow(evens, rows)).toEqual(want(2));
    expect(perRow(thirds, rows)).toEqual(want(3));
    expect(perRow(evens, rows)).toEqual(want(2));
    expect(calls).toBe(5);
  });
});

describe('planAndRun over most rows', () => {
  it('walks the date order on the OR’s answers, not its parts row by row', () => {
    const source = metaSourceOf(ITEMS, new Set(), FEEDS, GROUPS, 0, true);
    const parsed = parseQuery("feedId = 10 OR title LIKE 'rust'");
    if (!parsed.ok) throw new Error('parse');
    const expected = planAndRun(parsed.query, sourceOf(ITEMS, FEEDS, GROUPS, 0), { pageSize: 50 });
    const feedOfRow = vi.spyOn(source.index, 'feedId');
    const titleOfRow = vi.spyOn(source.index, 'titleLower');
    expect(planAndRun(parsed.query, source, { pageSize: 50 })).toEqual(expected);
    expect(expected.total).toBeGreaterThan(0);
    expect(feedOfRow).not.toHaveBeenCalled();
    expect(titleOfRow).not.toHaveBeenCalled();
  });

  it('reads rows past the end of a short whole-row answer as no match', () => {
    const source = metaSourceOf(ITEMS, new Set(), FEEDS, GROUPS, 0, true);
    // Descriptions holding the needle in every row but the last: the answer for every row at
    // once stops before the last row (as DescriptionSource allows: rows past it read as no match).
    const last = source.index.rowCount() - 1;
    const holds = (r: number) => r < last;
    source.description = {
      textLower: (r) => (holds(r) ? 'needle' : ''),
      contains: holds,
      rowHits: () => new Uint8Array(last).fill(1),
    };
    const parsed = parseQuery("description LIKE 'needle'");
    if (!parsed.ok) throw new Error('parse');
    const expected = ITEMS.filter((it) => holds(source.index.rowOf(it.id))).map((it) => it.id);
    const result = planAndRun(parsed.query, source, { pageSize: 50 });
    expect(result.total).toBe(ITEMS.length - 1);
    expect([...result.ids].sort()).toEqual(expected.sort());
  });
});
