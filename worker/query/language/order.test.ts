import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MetaIndexView } from '../../index/types';
import { FLAG_HIDDEN } from '../../../shared/flags';
import { byKeptOrder, sortByCode, sortByDate, sortByField, titledWhere } from './order';
import { norm } from './semantics';

// Authors by dictionary code: '' (null), case and accent variants that tie case-insensitively.
const NAMES = ['', 'Ada', 'ada', 'ADA', 'Émile', 'emile', 'Zoë', 'bob', 'Bob', '100', 'ß'];
const bothWays = fc.constantFrom(1 as const, -1 as const);

// An index over generated rows: row r has id r + 1, the row's date and title.
const indexOf = (data: { date: number; title?: string }[]) =>
  ({
    pubDate: (r: number) => data[r]!.date,
    id: (r: number) => r + 1,
    title: (r: number) => data[r]!.title ?? '',
    rowCount: () => data.length,
  }) as unknown as MetaIndexView;

describe('sortByCode', () => {
  it('orders rows as sortByField does, both ways', () => {
    const rowArb = fc.record({ code: fc.nat(NAMES.length - 1), date: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 80 }), bothWays, (data, dir) => {
        const index = indexOf(data);
        const rows = Int32Array.from(data.keys());
        sortByDate(rows, index);
        const byField = sortByField(rows, (r) => norm(NAMES[data[r]!.code]), dir, index);
        const byCode = sortByCode(
          rows,
          Int32Array.from(data, (d) => d.code),
          (c) => norm(NAMES[c]),
          dir,
        );
        expect(byCode).toEqual(byField);
        // Told the dictionary's size, the same.
        const codes = Int32Array.from(data, (d) => d.code);
        expect(sortByCode(rows, codes, (c) => norm(NAMES[c]), dir, NAMES.length)).toEqual(byField);
      }),
      { numRuns: 300 },
    );
  });
});

describe('byKeptOrder', () => {
  it('orders matched rows as sortByField does, both ways, untitled ones last by date', () => {
    const rowArb = fc.record({
      title: fc.constantFrom('', 'Ada', 'ada', 'ADA', 'émile', 'Émile', 'b', 'B', '100'),
      date: fc.integer({ min: 0, max: 4 }),
      matched: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 80 }), bothWays, (data, dir) => {
        const index = indexOf(data);
        const titled = Int32Array.from(data.keys()).filter((r) => data[r]!.title !== '');
        const byTitle = sortByField(titled, (r) => norm(data[r]!.title), 1, index);
        const matched = Int32Array.from(data.keys()).filter((r) => data[r]!.matched);
        const want = sortByField(matched, (r) => norm(data[r]!.title), dir, index);
        expect(byKeptOrder(matched.slice().reverse(), byTitle, dir, index)).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});

describe('titledWhere', () => {
  it('gives what byKeptOrder gives over the visible rows that pass, for every kind of test', () => {
    const rowArb = fc.record({
      title: fc.constantFrom('Ada', 'ada', 'ADA', 'émile', 'Émile', 'b', 'B', '100'),
      date: fc.integer({ min: 0, max: 4 }),
      kept: fc.boolean(),
      hidden: fc.boolean(),
    });
    const kinds = fc.constantFrom('bytes', 'function', 'every');
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 80 }),
        bothWays,
        kinds,
        fc.boolean(),
        (data, dir, kind, columns) => {
          const flags = Uint8Array.from(data, (d) => (d.hidden ? FLAG_HIDDEN : 0));
          const index = {
            ...indexOf(data),
            flags: (r: number) => flags[r]!,
            // Without the columns the test reads flags row by row (the other loop).
            ...(columns ? { rowColumns: () => ({ flags, feedIds: new Int32Array(data.length) }) } : {}),
          };
          const byTitle = sortByField(Int32Array.from(data.keys()), (r) => norm(data[r]!.title), 1, index);
          const keep =
            kind === 'bytes'
              ? Uint8Array.from(data, (d) => (d.kept ? 1 : 0))
              : kind === 'function'
                ? (r: number) => data[r]!.kept
                : true;
          const matched = Int32Array.from(data.keys()).filter(
            (r) => !data[r]!.hidden && (kind === 'every' || data[r]!.kept),
          );
          expect(titledWhere(byTitle, keep, dir, index)).toEqual(byKeptOrder(matched, byTitle, dir, index));
        },
      ),
      { numRuns: 400 },
    );
  });
});
