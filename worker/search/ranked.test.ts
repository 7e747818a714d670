import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RankedIds, selectLargest } from './ranked';

const descending = (a: ArrayLike<number>) => Array.from(a).sort((x, y) => y - x);

describe('selectLargest', () => {
  it('moves the k largest keys to the front, keeping every key (few or many, with ties)', () => {
    const keys = fc.array(
      fc.oneof(fc.integer({ min: 0, max: 20 }), fc.double({ min: 0, max: 1e9, noNaN: true })),
      {
        maxLength: 3000,
      },
    );
    fc.assert(
      fc.property(keys, fc.nat(), (values, pick) => {
        const k = values.length === 0 ? 0 : pick % (values.length + 1);
        const arr = Float64Array.from(values);
        selectLargest(arr, 0, arr.length, k);
        expect(descending(arr.subarray(0, k))).toEqual(descending(values).slice(0, k));
        expect(descending(arr)).toEqual(descending(values));
      }),
      { numRuns: 300 },
    );
  });

  it('takes few of many through the sampled threshold, even when the sample misjudges', () => {
    // 100k keys, of which the largest hide in one clump the evenly spaced sample mostly misses.
    const n = 100_000;
    const arr = new Float64Array(n);
    for (let i = 0; i < n; i++) arr[i] = i >= 50_000 && i < 50_300 ? 1e6 + i : i % 997;
    const want = descending(arr).slice(0, 1000);
    selectLargest(arr, 0, n, 1000);
    expect(descending(arr.subarray(0, 1000))).toEqual(want);
    // And the other way: the sample sees only the largest keys, so too few pass its threshold.
    const skewed = new Float64Array(n);
    for (let i = 0; i < 1024; i++) skewed[Math.floor(((i + 0.5) * n) / 1024)] = 1e6 + i;
    for (let i = 0; i < n; i++) skewed[i] ||= i % 991;
    const wantSkewed = descending(skewed).slice(0, 1000);
    selectLargest(skewed, 0, n, 1000);
    expect(descending(skewed.subarray(0, 1000))).toEqual(wantSkewed);
  });

  it('works within a range, leaving the rest alone', () => {
    const arr = Float64Array.from([9, 9, 1, 5, 3, 7, 2, 9, 9]);
    selectLargest(arr, 2, 7, 2);
    expect(descending(arr.subarray(2, 4))).toEqual([7, 5]);
    expect([arr[0], arr[1], arr[7], arr[8]]).toEqual([9, 9, 9, 9]);
  });
});

describe('RankedIds', () => {
  // Keys are ids here; computing them again gives a fresh shuffled copy, as a re-run query does.
  const source = (values: number[]) => {
    let calls = 0;
    let stale = false;
    return {
      src: {
        keys: (_k: number) => {
          if (stale) return null;
          calls++;
          const keys = Float64Array.from(values);
          for (let i = keys.length - 1; i > 0; i--) {
            const j = (i * 7919) % (i + 1);
            [keys[i], keys[j]] = [keys[j] as number, keys[i] as number];
          }
          return { keys, total: keys.length };
        },
        idOf: (key: number) => key,
      },
      calls: () => calls,
      expire: () => (stale = true),
    };
  };

  it('orders only as far as it is read, and reading on gives the same order as one full sort', () => {
    const values = Array.from({ length: 5000 }, (_, i) => i * 3);
    const s = source(values);
    const list = new RankedIds(s.src);
    expect(Array.from(list.slice(0, 50) ?? [])).toEqual(descending(values).slice(0, 50));
    expect(list.bytes).toBe(50 * 4);
    expect(list.length).toBe(5000);
    const pages: number[] = [];
    for (let at = 0; at < 5000; at += 700) pages.push(...(list.slice(at, at + 700) ?? []));
    expect(pages).toEqual(descending(values));
    // 50, then 700, 1400, 2800, 5600: a handful of recomputations, not one per page.
    expect(s.calls()).toBe(5);
    expect(list.indexOf(3 * 4000)).toBe(999);
  });

  it('keeps what the caller reordered in the ordered part', () => {
    const s = source([1, 2, 3, 4, 5, 6]);
    const list = new RankedIds(s.src);
    const first = list.prefix(2)!;
    first.reverse();
    expect(Array.from(list.slice(0, 6) ?? [])).toEqual([5, 6, 4, 3, 2, 1]);
  });

  it('answers null past its ordered part once its source expired (the pager then recomputes)', () => {
    const s = source([10, 20, 30, 40]);
    const list = new RankedIds(s.src);
    expect(Array.from(list.slice(0, 2) ?? [])).toEqual([40, 30]);
    s.expire();
    expect(Array.from(list.slice(0, 2) ?? [])).toEqual([40, 30]);
    expect(list.slice(2, 4)).toBeNull();
    expect(list.indexOf(10)).toBeNull();
  });
});
