import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotMap } from './slotMap';

describe('SlotMap', () => {
  it('answers like a Map for any sequence of sets and deletes, dense or odd ids', () => {
    const id = fc.oneof(
      fc.integer({ min: 0, max: 3000 }),
      fc.integer({ min: 1_000_000, max: 2 ** 40 }),
      fc.constantFrom(-1, 0.5, 2 ** 31, Number.MAX_SAFE_INTEGER),
    );
    const op = fc.tuple(fc.boolean(), id, fc.integer({ min: 0, max: 1e6 }));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const map = new SlotMap();
        const want = new Map<number, number>();
        for (const [put, key, slot] of ops) {
          if (put) {
            map.set(key, slot);
            want.set(key, slot);
          } else expect(map.delete(key)).toBe(want.delete(key));
        }
        expect(map.size).toBe(want.size);
        for (const [key, slot] of want) expect(map.get(key)).toBe(slot);
        expect([...map.keys()].sort((a, b) => a - b)).toEqual([...want.keys()].sort((a, b) => a - b));
        expect(map.get(123_456_789)).toBe(want.get(123_456_789) ?? -1);
        map.clear();
        expect(map.size).toBe(0);
        expect([...map.keys()]).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('still finds an id the Map took once the array grows past it', () => {
    const map = new SlotMap();
    // 100,000 is past the array's reach for 10 entries: it goes to the Map…
    for (let id = 1; id <= 10; id++) map.set(id, id);
    map.set(100_000, 7);
    // …then 30,000 entries let the array grow past it.
    for (let id = 11; id <= 30_000; id++) map.set(id, id);
    map.set(100_001, 8);
    expect(map.get(100_000)).toBe(7);
    expect(map.get(100_001)).toBe(8);
    expect(map.size).toBe(30_002);
    expect(map.delete(100_000)).toBe(true);
    expect(map.get(100_000)).toBe(-1);
  });

  it('assign answers like clear() and set(ids[i], i) in order', () => {
    const id = fc.oneof(
      fc.integer({ min: 0, max: 5000 }),
      fc.integer({ min: 60_000, max: 300_000 }),
      fc.constantFrom(-1, 0.5, 2 ** 31, Number.MAX_SAFE_INTEGER),
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 300 }), fc.array(id, { maxLength: 20 }), (ids, after) => {
        const bulk = new SlotMap();
        bulk.set(42, 1);
        bulk.assign(Float64Array.from(ids), ids.length);
        const want = new Map<number, number>();
        ids.forEach((v, i) => want.set(v, i));
        // Later sets (growing the array) keep every answer too.
        after.forEach((v, i) => {
          bulk.set(v, 1000 + i);
          want.set(v, 1000 + i);
        });
        expect(bulk.size).toBe(want.size);
        for (const [key, slot] of want) expect(bulk.get(key)).toBe(slot);
        expect(bulk.get(7_777_777)).toBe(-1);
      }),
      { numRuns: 300 },
    );
  });

  it('holds 100k dense ids beside ids far above the count', () => {
    const map = new SlotMap();
    for (let id = 1; id <= 100_000; id++) map.set(id, id - 1);
    expect(map.get(100_000)).toBe(99_999);
    expect(map.has(0)).toBe(false);
    // Ids far above the count go to the Map instead of stretching the array.
    map.set(2 ** 30, 7);
    expect(map.get(2 ** 30)).toBe(7);
    expect(map.size).toBe(100_001);
  });
});
