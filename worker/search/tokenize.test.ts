import { describe, expect, it } from 'vitest';
import { foldSafe, foldText, queryWords, tokenize } from './tokenize';

describe('tokenize', () => {
  it('folds case and accents and splits on non-letters', () => {
    expect(tokenize('Hello, CAFÉ—naïve Straße Øl ÅNGSTRÖM e\u0301te')).toEqual([
      'hello',
      'cafe',
      'naive',
      'strasse',
      'ol',
      'angstrom',
      'ete',
    ]);
    expect(foldText('Ça Été')).toBe('ca ete');
  });
  it('drops stop words and one-letter Latin words, keeps digits, cuts long words', () => {
    expect(tokenize('The cat of a 7 x I')).toEqual(['cat', '7']);
    expect(tokenize('a'.repeat(60))).toEqual(['a'.repeat(40)]);
  });
  it('makes CJK bigrams and keeps kana voicing and Hangul syllables', () => {
    expect(tokenize('日本語テキスト')).toEqual(['日本', '本語', '語テ', 'テキ', 'キス', 'スト']);
    expect(tokenize('中')).toEqual(['中']);
    expect(tokenize('한국어')).toEqual(['한국', '국어']);
    expect(tokenize('がぎ')).toEqual(['がぎ']);
    expect(tokenize('abc中文def')).toEqual(['abc', '中文', 'def']);
  });
  it('marks the last query word as a prefix unless the text ends in a space', () => {
    expect(queryWords('the rust bo')).toEqual([
      { terms: ['rust'], prefix: false },
      { terms: ['bo'], prefix: true },
    ]);
    expect(queryWords('rust the ')).toEqual([{ terms: ['rust'], prefix: false }]);
    expect(queryWords('the')).toEqual([{ terms: ['the'], prefix: true }]);
    expect(queryWords('日本語 東')).toEqual([
      { terms: ['日本', '本語'], prefix: false },
      { terms: ['東'], prefix: true },
    ]);
    expect(queryWords('  ')).toEqual([]);
  });
});

describe('foldSafe', () => {
  it('passes ASCII, CJK, emoji and punctuation; fails what folds into or joins ASCII letters and digits', () => {
    for (const ok of [
      'plain ascii, 42!',
      '数据 quartz',
      'かな ハングル 한국어',
      'emoji 🎉 ok',
      '“quotes” — dash…',
      'ελληνικά',
      '\ud83c', // lone surrogates
      'a\ud83cb',
      '\udf89z',
    ])
      expect(foldSafe(ok), ok).toBe(true);
    const folding = [
      'café', // é → e
      'straße', // ß → ss
      'ｑuartz', // full-width letter
      'brand™', // ™ → tm
      '²', // superscript digit
      'ﬁle', // ligature → fi
      'qu\u0301artz', // a combining mark between letters (removed by folding)
      'the \u212a', // Kelvin sign → k
      '𝐀', // mathematical bold capital, past the BMP
      '\u2460', // circled digit one
    ];
    for (const bad of folding) expect(foldSafe(bad), bad).toBe(false);
  });

  it('holds its promise for every character of the BMP: a safe one never makes or joins a run of ASCII letters and digits', () => {
    const runs = (terms: string[]) => terms.flatMap((t) => t.match(/[A-Za-z0-9]+/g) ?? []);
    let safe = 0;
    for (let c = 0x80; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      if (!foldSafe(ch)) continue;
      safe++;
      // Between letters, doubled and between digits: every run in the terms is in the text.
      for (const text of [`ab${ch}cd`, `${ch}${ch}xy`, `7${ch}8`]) {
        const lower = text.toLowerCase();
        for (const run of runs(tokenize(text)))
          expect(lower.includes(run), `U+${c.toString(16)} ${text}`).toBe(true);
      }
    }
    // Most of the BMP (CJK above all) is safe; letters with accents are not.
    expect(safe).toBeGreaterThan(40_000);
    expect(foldSafe('é')).toBe(false);
    // 3–7 s here (63,000 characters tokenised three times); room for a slow machine.
  }, 60_000);
});
