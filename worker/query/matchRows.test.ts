import { describe, expect, it } from 'vitest';
import type { MetaIndexView } from '../index/types';
import { mergedRows, wholeRows } from './matchRows';

// Rows 0..n-1 with dates drawn from a small range (many ties, broken by id) and ids = row + 1.
function indexOf(n: number, seed: number) {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pubDates = Array.from({ length: n }, () => Math.floor(rand() * 500));
  const view = {
    rowCount: () => n,
    pubDate: (row: number) => pubDates[row]!,
    id: (row: number) => row + 1,
  };
  return { view: view as unknown as MetaIndexView, pubDates, rand };
}

const newestFirst = (pubDates: number[]) => (a: number, b: number) => pubDates[b]! - pubDates[a]! || b - a;

// `n` rows dealt into `k` lists, each newest first; `skewed`: the newest half all in the first
// list (one busy feed: a page's rows all come from one list).
function lists(n: number, k: number, seed: number, skewed = false) {
  const { view, pubDates, rand } = indexOf(n, seed);
  const order = newestFirst(pubDates);
  const expected = Array.from({ length: n }, (_, row) => row).sort(order);
  const dealt: number[][] = Array.from({ length: k }, () => []);
  expected.forEach((row, at) => dealt[skewed && at < n / 2 ? 0 : Math.floor(rand() * k)]!.push(row));
  const parts = dealt.map((rows) => Int32Array.from(rows.sort(order)));
  return { view, parts, expected };
}

describe('mergedRows', () => {
  it.each([
    ['rows dealt at random', false],
    ['the newest half in one list', true],
  ])(
    'answers every prefix a pager reads in the merged order, merging only part of the rows first (%s)',
    (_, skewed) => {
      const { view, parts, expected } = lists(20_000, 12, 7, skewed);
      const rows = mergedRows(parts, view);
      expect(rows.length).toBe(20_000);
      const listBytes = rows.bytes;
      expect(Array.from(rows.head(50))).toEqual(expected.slice(0, 50));
      // A first page merged a few hundred rows, not the twenty thousand.
      expect(rows.bytes - listBytes).toBeLessThan(4 * 1000);
      // Later pages: each prefix, as the pager reads them, past what was merged before.
      for (const end of [100, 300, 700, 1500, 4000])
        expect(Array.from(rows.head(end))).toEqual(expected.slice(0, end));
      // Past a quarter of the rows everything is merged once, and the lists are let go.
      expect(Array.from(rows.head(6000))).toEqual(expected.slice(0, 6000));
      expect(rows.bytes).toBe(4 * 20_000);
      expect(rows.parts()).toHaveLength(1);
      expect(Array.from(rows.all())).toEqual(expected);
      expect(Array.from(rows.head(25_000))).toEqual(expected);
    },
  );

  it('all() at once, parts() before any merge, and lists that are empty or one', () => {
    const { view, parts, expected } = lists(3000, 5, 11);
    const rows = mergedRows(parts, view);
    expect(rows.parts()).toEqual(parts);
    expect(Array.from(rows.all())).toEqual(expected);

    const one = mergedRows([new Int32Array(0), parts[0]!, new Int32Array(0)], view);
    expect(one.length).toBe(parts[0]!.length);
    expect(one.all()).toBe(parts[0]);
    const none = mergedRows([new Int32Array(0)], view);
    expect(none.length).toBe(0);
    expect(Array.from(none.head(50))).toEqual([]);
    expect(Array.from(none.all())).toEqual([]);
  });
});

describe('wholeRows', () => {
  it('is the rows as they are', () => {
    const all = Int32Array.from([5, 3, 9]);
    const rows = wholeRows(all);
    expect(rows.length).toBe(3);
    expect(rows.bytes).toBe(12);
    expect(Array.from(rows.head(2))).toEqual([5, 3]);
    expect(rows.all()).toBe(all);
    expect(rows.parts()).toEqual([all]);
  });
});
