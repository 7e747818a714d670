import { describe, expect, it } from 'vitest';
import { isTables, joinHead } from './textHead';

// Columns of `n` slots whose ids start at `from`, with fold-safe flags when `safe` is given.
const cols = (from: number, n: number, safe?: number) => ({
  ids: Float64Array.from({ length: n }, (_, i) => from + i),
  chunkOf: new Int32Array(n),
  start: new Int32Array(n),
  length: new Int32Array(n).fill(3),
  ...(safe === undefined ? {} : { safe: new Uint8Array(n).fill(safe) }),
});
const tail = (cols: object, n: number) => ({
  lineage: 'L',
  stamp: 's',
  cols,
  used: Int32Array.of(4 * n),
  alive: new Uint8Array(n).fill(1),
});
const safeOf = (joined: ReturnType<typeof joinHead>) => [
  ...((joined?.tables as { safe: Uint8Array }).safe ?? []),
];

describe('joinHead', () => {
  it('joins the fold-safe flags of the head and its tail', () => {
    const joined = joinHead({ lineage: 'L', stamp: 's', cols: cols(0, 2, 1) }, tail(cols(2, 1, 0), 3), 'L');
    expect(isTables(joined?.tables)).toBe(true);
    expect(joined?.headSlots).toBe(2);
    expect(safeOf(joined)).toEqual([1, 1, 0]);
  });

  it('counts a part stored without flags, or with flags of the wrong length, as not known', () => {
    const older = joinHead({ lineage: 'L', stamp: 's', cols: cols(0, 2) }, tail(cols(2, 2, 1), 4), 'L');
    expect(isTables(older?.tables)).toBe(true);
    expect(safeOf(older)).toEqual([0, 0, 1, 1]);
    const short = { ...cols(0, 2), safe: Uint8Array.of(1) };
    expect(safeOf(joinHead({ lineage: 'L', stamp: 's', cols: short }, tail(cols(2, 1, 1), 3), 'L'))).toEqual([
      0, 0, 1,
    ]);
  });

  it('refuses tables whose flags do not have a byte per slot', () => {
    const joined = joinHead({ lineage: 'L', stamp: 's', cols: cols(0, 2, 1) }, tail(cols(2, 1, 1), 3), 'L');
    const tables = joined?.tables as Record<string, unknown>;
    expect(isTables({ ...tables, safe: Uint8Array.of(1) })).toBe(false);
    expect(isTables({ ...tables, safe: [1, 1, 1] })).toBe(false);
    expect(isTables({ ...tables, safe: undefined })).toBe(true);
  });
});
