import { describe, expect, it } from 'vitest';
import { Interned } from './interned';

describe('Interned', () => {
  it('keeps one dictionary entry per distinct string and lower-cases once', () => {
    const col = new Interned();
    col.resize(8, 0);
    ['Ada Park', 'Ben Ito', 'Ada Park', '', 'ÉMILE'].forEach((a, r) => col.set(r, a));
    expect(col.size).toBe(4); // '', Ada Park, Ben Ito, ÉMILE
    expect([0, 1, 2, 3, 4].map((r) => col.value(r))).toEqual([
      'Ada Park',
      'Ben Ito',
      'Ada Park',
      '',
      'ÉMILE',
    ]);
    expect(col.lower(4)).toBe('émile');
    expect(col.code(0)).toBe(col.code(2));
  });

  it('decides a memoised test once per distinct value', () => {
    const col = new Interned();
    col.load(['a', 'b', 'a', 'a', 'b'], 5, 5);
    let calls = 0;
    const test = col.memo((code) => {
      calls++;
      return col.name(code) === 'a';
    });
    expect([0, 1, 2, 3, 4].map(test)).toEqual([true, false, true, true, false]);
    expect(calls).toBe(2);
  });

  it('drops unused entries on rebuild and refuses malformed stored codes', () => {
    const col = new Interned();
    col.load(['x', 'y', 'z'], 3, 3);
    col.codes[1] = col.code(0); // row 1 now reads 'x'; 'y' is unused
    col.rebuild(3);
    expect(col.size).toBe(3);
    expect([0, 1, 2].map((r) => col.value(r))).toEqual(['x', 'x', 'z']);
    const { names, codes } = col.export(Int32Array.of(2, 0));
    const back = new Interned();
    expect(back.loadCodes(names, codes, 2)).toBe(true);
    expect([back.value(0), back.value(1)]).toEqual(['z', 'x']);
    expect(back.loadCodes(['x'], codes, 2)).toBe(false);
    expect(back.loadCodes(['', 'x', 'x'], codes, 2)).toBe(false);
    expect(back.loadCodes(names, Int32Array.of(7), 1)).toBe(false);
    expect(back.value(0)).toBe('z');
  });
});
