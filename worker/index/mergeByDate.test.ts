import { describe, expect, it } from 'vitest';
import { mergeByDate } from './mergeByDate';

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
