import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MetaIndexView } from '../../index/types';
import { sortByCode, sortByDate, sortByField } from './order';
import { norm } from './semantics';

// Authors by dictionary code: '' (null), case and accent variants that tie case-insensitively.
const NAMES = ['', 'Ada', 'ada', 'ADA', 'Émile', 'emile', 'Zoë', 'bob', 'Bob', '100', 'ß'];

describe('sortByCode', () => {
  it('orders rows as sortByField does, both ways', () => {
    const rowArb = fc.record({ code: fc.nat(NAMES.length - 1), date: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 80 }),
        fc.constantFrom(1 as const, -1 as const),
        (data, dir) => {
          const index = {
            pubDate: (r: number) => data[r]!.date,
            id: (r: number) => r + 1,
          } as unknown as MetaIndexView;
          const rows = data.map((_, r) => r);
          sortByDate(rows, index);
          const byField = sortByField(rows, (r) => norm(NAMES[data[r]!.code]), dir, index);
          const byCode = sortByCode(
            rows,
            (r) => data[r]!.code,
            (c) => norm(NAMES[c]),
            dir,
          );
          expect(byCode).toEqual(byField);
        },
      ),
      { numRuns: 300 },
    );
  });
});
