import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberOf } from './feedSet';

describe('memberOf', () => {
  it('answers like Set.has for any feed ids, small, huge, negative or odd', () => {
    const feedId = fc.oneof(
      fc.integer({ min: -3, max: 300 }),
      fc.constantFrom(2 ** 20, 2 ** 31 - 1, 0.5, Number.MAX_SAFE_INTEGER),
    );
    fc.assert(
      fc.property(
        fc.array(feedId, { maxLength: 20 }),
        fc.array(feedId, { maxLength: 60 }),
        (members, rows) => {
          const set = new Set(members);
          const test = memberOf(set, (row) => rows[row]!);
          rows.forEach((f, row) => expect(test(row)).toBe(set.has(f)));
        },
      ),
    );
  });
});
