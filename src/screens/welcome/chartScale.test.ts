import { describe, expect, it } from 'vitest';
import { dayLabel, niceMax } from './chartScale';

describe('niceMax', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [47, 50],
    [51, 100],
    [100, 100],
    [1234, 2000],
  ])('%s → %s', (max, nice) => {
    expect(niceMax(max)).toBe(nice);
  });
});

describe('dayLabel', () => {
  it('reads the date as a local day (no UTC shift)', () => {
    expect(dayLabel('2025-06-01', 'en-US')).toBe('Jun 1');
    expect(dayLabel('2025-12-31', 'en-US')).toBe('Dec 31');
  });
});
