import { describe, expect, it } from 'vitest';
import { firstTrue, firstTrueFrom } from './firstTrue';

describe('firstTrue', () => {
  it('finds the lower bound of a sorted array, and n when nothing holds', () => {
    const xs = [1, 3, 3, 5, 8];
    for (let v = 0; v <= 9; v++) {
      const want = xs.findIndex((x) => x >= v);
      expect(firstTrue(xs.length, (i) => xs[i]! >= v)).toBe(want < 0 ? xs.length : want);
    }
    expect(firstTrue(0, () => true)).toBe(0);
  });
});

describe('firstTrueFrom', () => {
  it('finds the lower bound at or after `from` for every start and value, asking only near it', () => {
    const xs = [1, 2, 2, 4, 7, 7, 7, 9, 12, 15, 15, 20];
    for (let from = 0; from <= xs.length; from++)
      for (let v = 0; v <= 21; v++) {
        const want = xs.findIndex((x, i) => i >= from && x >= v);
        expect(
          firstTrueFrom(from, xs.length, (i) => xs[i]! >= v),
          `${from} ${v}`,
        ).toBe(want < 0 ? xs.length : want);
      }
    // Over a million keys, the answer three past `from` takes a handful of asks, all close by.
    const asked: number[] = [];
    const at = firstTrueFrom(500_000, 1_000_000, (i) => (asked.push(i), i >= 500_003));
    expect(at).toBe(500_003);
    expect(asked.length).toBeLessThanOrEqual(5);
    expect(Math.max(...asked)).toBeLessThan(500_008);
  });
});
