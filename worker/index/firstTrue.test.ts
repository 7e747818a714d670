import { describe, expect, it } from 'vitest';
import { firstTrue } from './firstTrue';

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
