import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeNewest, newestFirst } from './dateOrder';

const byHand = (dates: number[], from: number, to: number): number[] =>
  Array.from({ length: to - from }, (_, i) => from + i).sort(
    (a, b) => (dates[b] as number) - (dates[a] as number) || b - a,
  );

describe('newestFirst', () => {
  // Whole dates (the packed sort), and a few that are not (the comparator): negative, fractional,
  // past 2^31 seconds.
  const date = fc.oneof(
    fc.integer({ min: -3, max: 3 }),
    fc.integer({ min: -(2 ** 31) + 1, max: 2 ** 31 - 1 }),
    fc.constantFrom(0.5, -1.25, 2 ** 31, -(2 ** 40), 1.7e9),
  );

  it('orders by date, newest first, then the higher number first', () => {
    fc.assert(
      fc.property(fc.array(date, { maxLength: 60 }), fc.nat(10), (dates, cut) => {
        const from = Math.min(cut, dates.length);
        const index = { pubDate: (doc: number) => dates[doc] ?? 0 };
        expect(Array.from(newestFirst(index, from, dates.length))).toEqual(byHand(dates, from, dates.length));
      }),
    );
  });

  it('merges documents added after an order into it as a whole sort would place them', () => {
    fc.assert(
      fc.property(fc.array(date, { maxLength: 60 }), fc.nat(60), (dates, split) => {
        const kept = Math.min(split, dates.length);
        const index = { pubDate: (doc: number) => dates[doc] ?? 0 };
        const merged = mergeNewest(index, newestFirst(index, 0, kept), dates.length);
        expect(Array.from(merged)).toEqual(byHand(dates, 0, dates.length));
      }),
    );
  });
});
