import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { concatJoined, fitsJoined, joinedTitlesOf } from './joinedTitles';
import { TitleColumn } from './titleColumn';

const titles = (col: TitleColumn) => Array.from({ length: col.length }, (_, r) => col.title(r));

describe('TitleColumn', () => {
  it('holds loaded titles in joined strings and reads each back, lower-cased too', () => {
    const col = new TitleColumn();
    const given = ['River Rafting', '', '数据 River', 'İzmir', 'ΣΑΣ', 'calm lake'];
    col.load(given);
    expect(titles(col)).toEqual(given);
    expect(given.map((_, r) => col.titleLower(r))).toEqual(given.map((t) => t.toLowerCase()));
    // Only the two whose lowering needs each title alone are strings of their own.
    expect(col.unjoined()).toBe(2);
    expect(Array.from(col.matches('river'))).toEqual([1, 0, 1, 0, 0, 0]);
  });

  it('gives a segment back once rewrites left most of it behind, and joins its rows again', () => {
    const col = new TitleColumn();
    col.load(['alpha one', 'beta two', 'gamma three', 'delta four']);
    expect(col.unjoined()).toBe(0);
    col.write(0, 'Alpha again');
    col.write(1, 'Beta again');
    expect(col.unjoined()).toBe(2);
    // Three of four cells left behind: the segment goes, its one live row becomes loose too.
    col.write(2, 'Gamma again');
    expect(col.unjoined()).toBe(4);
    const now = ['Alpha again', 'Beta again', 'Gamma again', 'delta four'];
    expect(titles(col)).toEqual(now);
    expect(Array.from(col.matches('again'))).toEqual([1, 1, 1, 0]);
    expect(col.join(10)).toBe(false);
    expect(col.unjoined()).toBe(0);
    expect(titles(col)).toEqual(now);
    expect(Array.from(col.matches('four'))).toEqual([0, 0, 0, 1]);
    // A rewritten row's old cell no longer matches.
    col.write(2, 'Omega');
    expect(Array.from(col.matches('gamma'))).toEqual([0, 0, 0, 0]);
    expect(Array.from(col.matches('omega'))).toEqual([0, 0, 1, 0]);
  });

  it('reads a dropped row and rows never written as empty, and extends on a write past the end', () => {
    const col = new TitleColumn();
    col.load(['one', 'two']);
    col.drop(0);
    col.write(4, 'Five');
    expect(titles(col)).toEqual(['', 'two', '', '', 'Five']);
    expect(Array.from(col.matches('o'))).toEqual([0, 1, 0, 0, 0]);
    expect(Array.from(col.matches(''))).toEqual([1, 1, 1, 1, 1]);
    col.compact(Int32Array.from([1, 4]));
    expect(titles(col)).toEqual(['two', 'Five']);
    expect(col.titleLower(1)).toBe('five');
    expect(col.unjoined()).toBe(0);
  });

  // Titles with capitals, CJK, and characters whose lowering changes a length (İ) or depends on
  // the neighbours (Σ): a snapshot string holding one of those is cut into titles on load.
  const title = fc
    .array(fc.constantFrom('a', 'B', ' ', '数', 'İ', 'Σ', 'É'), { maxLength: 6 })
    .map((cs) => cs.join(''));

  it('loads a snapshot’s joined titles as they are, and packs them back the same', () => {
    fc.assert(
      fc.property(fc.array(title, { maxLength: 20 }), fc.array(title, { maxLength: 5 }), (head, tail) => {
        const all = head.concat(tail);
        const joined = concatJoined(joinedTitlesOf(head), joinedTitlesOf(tail));
        expect(joined).toEqual(joinedTitlesOf(all));
        expect(fitsJoined(joined)).toBe(true);
        const col = new TitleColumn();
        col.loadJoined(joined);
        expect(titles(col)).toEqual(all);
        expect(all.map((_, r) => col.titleLower(r))).toEqual(all.map((t) => t.toLowerCase()));
        for (const needle of ['a', 'b ', '数', 'i̇', 'σ', 'ς', 'é'])
          expect(Array.from(col.matches(needle))).toEqual(
            all.map((t) => (t.toLowerCase().includes(needle) ? 1 : 0)),
          );
        expect(col.packed(Int32Array.from(all.keys()))).toEqual(joined);
      }),
      { numRuns: 200 },
    );
  });

  it('loads titles that came in parts as segments of each part, the same as joined, a tail after', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(title, { maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        fc.array(title, { maxLength: 4 }),
        (parts, tail) => {
          const all = parts.flat().concat(tail);
          // As TextAssembler.finish gives them: the parts apart, `text` their concatenation.
          const each = parts.map(joinedTitlesOf);
          const whole = joinedTitlesOf(parts.flat());
          const inParts = {
            ...whole,
            parts: each.map((j) => ({ text: j.text, rows: j.ends.length })),
          };
          const joined = concatJoined(inParts, joinedTitlesOf(tail));
          expect(joined.parts?.map((p) => p.rows)).toEqual([...parts.map((p) => p.length), tail.length]);
          const col = new TitleColumn();
          col.loadJoined(joined);
          expect(titles(col)).toEqual(all);
          expect(all.map((_, r) => col.titleLower(r))).toEqual(all.map((t) => t.toLowerCase()));
          for (const needle of ['a', 'b ', '数', 'i̇', 'σ', 'é'])
            expect(Array.from(col.matches(needle))).toEqual(
              all.map((t) => (t.toLowerCase().includes(needle) ? 1 : 0)),
            );
          const { parts: _apart, ...plain } = joined;
          expect(col.packed(Int32Array.from(all.keys()))).toEqual({
            ...plain,
            text: joinedTitlesOf(all).text,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lowers a loaded Latin-1 segment when first read or in background steps, not at the load', () => {
    const all = ['River Flood', 'ÉCLUSE', '数据 Data', 'Bridge', 'Ferry ÀB'];
    const lowered = all.map((t) => t.toLowerCase());
    const lowerings = vi.spyOn(String.prototype, 'toLowerCase');
    try {
      const col = new TitleColumn();
      col.loadJoined(joinedTitlesOf(all));
      expect(lowerings).toHaveBeenCalledTimes(1); // the wide segment only, checked at the load
      expect(col.lowerNext()).toBe(false); // the Latin-1 one, lowered now; nothing is left
      expect(lowerings).toHaveBeenCalledTimes(2);
      expect(Array.from(col.matches('ferry àb'))).toEqual([0, 0, 0, 0, 1]);
      expect(all.map((_, r) => col.titleLower(r))).toEqual(lowered);
      expect(lowerings).toHaveBeenCalledTimes(2);
      // Read before any step: lowered by the read.
      const again = new TitleColumn();
      again.loadJoined(joinedTitlesOf(all));
      expect(Array.from(again.matches('écluse'))).toEqual([0, 1, 0, 0, 0]);
      expect(again.lowerNext()).toBe(false);
    } finally {
      lowerings.mockRestore();
    }
  });

  it('keeps every offset of a damaged store whose Latin-1 string holds wider characters', () => {
    // 'İ' lowers to two characters, 'Σ' by its place: neither belongs in the Latin-1 string.
    const col = new TitleColumn();
    col.loadJoined({ text: ['AİbΣ xCd', ''], wide: new Uint8Array(3), ends: Uint32Array.of(2, 5, 8) });
    expect([0, 1, 2].map((r) => col.title(r))).toEqual(['Aİ', 'bΣ ', 'xCd']);
    // Each cell lowered alone ('bΣ ' ends a word: 'bς '), one that would change length kept.
    expect([0, 1, 2].map((r) => col.titleLower(r))).toEqual(['Aİ', 'bς ', 'xcd']);
    expect(Array.from(col.matches('cd'))).toEqual([0, 0, 1]);
  });

  it('refuses offsets that do not fit the joined strings', () => {
    const good = joinedTitlesOf(['One', '数据', 'Two']);
    expect(fitsJoined(good)).toBe(true);
    expect(fitsJoined({ ...good, text: ['OneTwoX', '数据'] })).toBe(false);
    expect(fitsJoined({ ...good, ends: Uint32Array.of(3, 2, 2) })).toBe(false);
    expect(fitsJoined({ ...good, wide: Uint8Array.of(0, 2, 0) })).toBe(false);
    expect(fitsJoined({ ...good, wide: Uint8Array.of(0, 1) })).toBe(false);
  });

  it('joins everything again once the segments run out', () => {
    const col = new TitleColumn(3);
    col.load(['Alpha', '数据']);
    for (const [row, title] of [
      [2, 'Beta'],
      [3, 'Gamma'],
      [4, '中文'],
    ] as const) {
      col.write(row, title);
      col.join(10);
    }
    expect(titles(col)).toEqual(['Alpha', '数据', 'Beta', 'Gamma', '中文']);
    expect(col.unjoined()).toBe(0);
    expect(Array.from(col.matches('a'))).toEqual([1, 0, 1, 1, 0]);
    expect(Array.from(col.matches('文'))).toEqual([0, 0, 0, 0, 1]);
  });
});
