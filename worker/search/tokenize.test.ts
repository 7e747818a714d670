import { describe, expect, it } from 'vitest';
import { foldText, queryWords, tokenize } from './tokenize';

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
