import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeByDate, mergeDateOrdered } from './mergeByDate';
import type { MetaIndexView } from './types';

// Rows 0..n-1 with pubDates drawn from a few values (ties are common) and ids unique.
function columns(n: number, seed: number) {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pd = new Float64Array(n);
  const ids = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    pd[r] = Math.floor(rand() * 20) * 1000;
    ids[r] = r * 7 + 3;
  }
  return { pd, ids, rand };
}

describe('mergeByDate', () => {
  it('gives the order a full sort gives, ties broken by id, for small and large sides', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const n = 300;
      const { pd, ids, rand } = columns(n, seed);
      const newer = (x: number, y: number) => pd[y]! - pd[x]! || ids[y]! - ids[x]!;
      const rows = Array.from({ length: n }, (_, r) => r);
      const share = seed % 4 === 0 ? 0.5 : 0.05;
      const a = Int32Array.from(rows.filter(() => rand() >= share)).sort(newer);
      const taken = new Set(a);
      const b = Int32Array.from(rows.filter((r) => !taken.has(r))).sort(newer);
      const merged = mergeByDate(a, b, pd, ids);
      expect([...merged]).toEqual([...Int32Array.from(rows).sort(newer)]);
    }
  });

  it('keeps either side whole when the other is empty, and puts new rows first or last', () => {
    const pd = Float64Array.from([5, 4, 3, 9, 1]);
    const ids = Float64Array.from([1, 2, 3, 4, 5]);
    const a = Int32Array.from([0, 1, 2]);
    expect([...mergeByDate(a, new Int32Array(0), pd, ids)]).toEqual([0, 1, 2]);
    expect([...mergeByDate(new Int32Array(0), a, pd, ids)]).toEqual([0, 1, 2]);
    expect([...mergeByDate(a, Int32Array.from([3, 4]), pd, ids)]).toEqual([3, 0, 1, 2, 4]);
  });

  it('places a row as new as one in the list by id, the larger first', () => {
    const pd = Float64Array.from([5, 5, 5]);
    const ids = Float64Array.from([30, 10, 20]);
    expect([...mergeByDate(Int32Array.from([0, 1]), Int32Array.from([2]), pd, ids)]).toEqual([0, 2, 1]);
  });
});

// An index over generated rows: row r has id r + 1 and the row's date.
const indexOf = (data: { date: number }[]) =>
  ({
    pubDate: (r: number) => data[r]!.date,
    id: (r: number) => r + 1,
    rowCount: () => data.length,
  }) as unknown as MetaIndexView;

// Rows in the default order, pubDate desc then id desc.
const sortByDate = (rows: Int32Array, index: MetaIndexView) =>
  rows.sort((a, b) => index.pubDate(b) - index.pubDate(a) || index.id(b) - index.id(a));

describe('mergeDateOrdered', () => {
  // Up to 40 lists: more than are merged at once, so some merges take rounds.
  it('gives what filtering the lists together and sorting by date gives, ties by id included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ date: fc.integer({ min: 0, max: 5 }), list: fc.nat(39), kept: fc.boolean() }), {
          maxLength: 160,
        }),
        fc.boolean(),
        (data, all) => {
          const index = indexOf(data);
          // Each list newest first, as rowsOfFeed gives a feed's rows.
          const lists = Array.from({ length: 40 }, (_, l) => {
            const rows = Int32Array.from(data.flatMap((d, r) => (d.list === l ? [r] : [])));
            sortByDate(rows, index);
            return rows;
          });
          const keep = all ? true : (r: number) => data[r]!.kept;
          const expected = Int32Array.from(data.keys()).filter((r) => keep === true || keep(r));
          sortByDate(expected, index);
          const merged = mergeDateOrdered(lists, keep, index);
          expect(Array.from(merged)).toEqual(Array.from(expected));
          // Never one of the lists it was given (callers may sort or keep what it returns).
          expect(lists.some((l) => l === merged)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
