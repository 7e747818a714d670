import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StringColumns, type RowStrings } from './stringColumns';

const row = (title: string): RowStrings => ({ title, author: '', link: '', enclosure: '', guid: '' });

// Titles from a small alphabet (so needles hit), with capitals, CJK, and characters whose
// lowering changes a length (İ) or depends on neighbours (Σ).
const title = fc
  .array(fc.constantFrom('a', 'b', 'A', 'B', ' ', '数', '据', 'İ', 'Σ', 'é', 'É'), { maxLength: 8 })
  .map((cs) => cs.join(''));
const needle = fc
  .array(fc.constantFrom('a', 'b', ' ', '数', '据', 'i̇', 'σ', 'ς', 'é'), { minLength: 1, maxLength: 3 })
  .map((cs) => cs.join(''));

type Op =
  | { kind: 'append'; title: string }
  | { kind: 'rewrite'; at: number; title: string }
  | { kind: 'drop'; at: number }
  | { kind: 'compact'; keepEvery: number }
  | { kind: 'reload' }
  | { kind: 'join'; max: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), title }),
  fc.record({ kind: fc.constant('rewrite' as const), at: fc.nat(), title }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('compact' as const), keepEvery: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('reload' as const) }),
  fc.record({ kind: fc.constant('join' as const), max: fc.integer({ min: 1, max: 12 }) }),
);

function rowByRow(cols: StringColumns, n: number, needle: string): number[] {
  return Array.from({ length: n }, (_, r) => (cols.titleLower(r).includes(needle) ? 1 : 0));
}

describe('StringColumns.titleMatches', () => {
  it('agrees with includes row by row, and reads every title back, through loads, writes, drops and compactions', () => {
    fc.assert(
      fc.property(
        fc.array(title, { maxLength: 30 }),
        fc.array(op, { maxLength: 12 }),
        needle,
        (start, ops, n) => {
          const cols = new StringColumns();
          let titles = [...start];
          const load = () =>
            cols.load(
              { titles, authors: [], links: [], enclosures: [], guids: [] },
              titles.length,
              titles.length,
            );
          load();
          for (const o of ops) {
            if (o.kind === 'append') {
              cols.write(titles.length, row(o.title));
              titles.push(o.title);
            } else if (o.kind === 'rewrite' && titles.length > 0) {
              const at = o.at % titles.length;
              cols.write(at, row(o.title));
              titles[at] = o.title;
            } else if (o.kind === 'drop' && titles.length > 0) {
              const at = o.at % titles.length;
              cols.drop(at);
              titles[at] = '';
            } else if (o.kind === 'compact') {
              const keep = Int32Array.from(titles.keys()).filter((r) => r % o.keepEvery === 0);
              cols.compact(keep, keep.length);
              titles = Array.from(keep, (r) => titles[r]!);
            } else if (o.kind === 'reload') load();
            else if (o.kind === 'join') cols.joinTitles(o.max);
            expect(Array.from(cols.titleMatches(n))).toEqual(rowByRow(cols, titles.length, n));
            titles.forEach((t, r) => {
              expect(cols.title(r)).toBe(t);
              expect(cols.titleLower(r)).toBe(t.toLowerCase());
            });
          }
          expect(Array.from(cols.titleMatches(n))).toEqual(rowByRow(cols, titles.length, n));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('joins rows ingest wrote in steps, until none is checked one by one', () => {
    const cols = new StringColumns();
    const titles = ['River Rafting', 'Deep RIVER', '数据 River', 'calm lake', 'ΣΑΣ river', 'İzmir river'];
    titles.forEach((t, r) => cols.write(r, row(t)));
    expect(cols.titlesUnjoined()).toBe(6);
    // Four can be joined (the CJK title too, in a two-byte string of its own): three, then one.
    expect(cols.joinTitles(3)).toBe(true);
    expect(cols.titlesUnjoined()).toBe(3);
    expect(cols.joinTitles(3)).toBe(false);
    expect(cols.joinTitles(3)).toBe(false);
    // The two whose lowering needs each title alone (İ, Σ) stay loose.
    expect(cols.titlesUnjoined()).toBe(2);
    expect(Array.from(cols.titleMatches('river'))).toEqual([1, 1, 1, 0, 1, 1]);
    titles.forEach((t, r) => expect(cols.titleLower(r)).toBe(t.toLowerCase()));
  });

  it('never matches across two titles', () => {
    const cols = new StringColumns();
    const titles = ['Alpha ri', 'ver Beta', 'River', 'rive', 'r'];
    cols.load({ titles, authors: [], links: [], enclosures: [], guids: [] }, titles.length, titles.length);
    expect(Array.from(cols.titleMatches('river'))).toEqual([0, 0, 1, 0, 0]);
    expect(Array.from(cols.titleMatches('r'))).toEqual([1, 1, 1, 1, 1]);
  });

  it('checks the head of a needle searched from its rarest character', () => {
    // "b" is rare here, so "qb" is searched as "b" with "q" checked before each hit.
    const titles = ['Qqqq xb', 'QqqB', 'B qqqq', 'Qqq', 'Xb qb'];
    const cols = new StringColumns();
    cols.load({ titles, authors: [], links: [], enclosures: [], guids: [] }, titles.length, titles.length);
    expect(Array.from(cols.titleMatches('qb'))).toEqual([0, 1, 0, 0, 1]);
    expect(Array.from(cols.titleMatches('qqb'))).toEqual([0, 1, 0, 0, 0]);
    expect(Array.from(cols.titleMatches('xb q'))).toEqual([0, 0, 0, 0, 1]);
  });
});

describe('StringColumns.refLike', () => {
  // Values mixing ASCII capitals with characters that lower-case into ASCII (the Kelvin sign
  // becomes "k") or change length (İ), before and after a match; needles are ASCII.
  const value = fc
    .array(fc.constantFrom('k', 'K', 'e', 'E', '.', '/', '\u212a', 'İ', 'é'), { maxLength: 8 })
    .map((cs) => cs.join(''));
  const asciiNeedle = fc
    .array(fc.constantFrom('k', 'e', '.', '/'), { minLength: 1, maxLength: 3 })
    .map((cs) => cs.join(''));

  it('answers like lower-casing each value and searching it, row by row and all at once (property)', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 20 }), asciiNeedle, (values, n) => {
        const cols = new StringColumns();
        values.forEach((v, r) => cols.write(r, { title: '', author: '', link: v, enclosure: '', guid: v }));
        const expected = values.map((v) => (v.toLowerCase().includes(n) ? 1 : 0));
        for (const field of ['link', 'guid'] as const) {
          const scan = cols.refLike(field, n)!;
          expect(values.map((_, r) => (scan.test(r) ? 1 : 0))).toEqual(expected);
          expect(Array.from(scan.all(values.length))).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
