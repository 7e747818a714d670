import { describe, expect, it } from 'vitest';
import { highlight } from './highlight';

const hits = (text: string, q: string) =>
  highlight(text, q)
    .filter((m) => m.hit)
    .map((m) => m.text);

describe('highlight', () => {
  it('marks every occurrence of every word, case-insensitively', () => {
    expect(hits('Rust and rustaceans', 'rust')).toEqual(['Rust', 'rust']);
    expect(hits('WebAssembly in Rust', 'rust web')).toEqual(['Web', 'Rust']);
  });

  it('folds accents but shows the original spelling', () => {
    expect(hits('Café crème', 'cafe CREME')).toEqual(['Café', 'crème']);
    expect(hits('Cafe', 'café')).toEqual(['Cafe']);
  });

  it('keeps all text in order', () => {
    const text = 'Hello, 世界 — Rust 😀 again';
    expect(
      highlight(text, 'rust 世界')
        .map((m) => m.text)
        .join(''),
    ).toBe(text);
    expect(hits(text, 'rust 世界')).toEqual(['世界', 'Rust']);
  });

  it('returns the text unmarked for an empty query and nothing for empty text', () => {
    expect(highlight('abc', '   ')).toEqual([{ text: 'abc', hit: false }]);
    expect(highlight('', 'a')).toEqual([]);
  });

  it('marks Chinese, Japanese and Korean words by their pairs of characters, as search matches them', () => {
    // No spaces between words: the query's pairs are found wherever they are adjacent.
    expect(hits('排版的呼吸：行长与行距', '排版 呼吸')).toEqual(['排版', '呼吸']);
    expect(hits('好的排版让阅读自然', '排版阅读')).toEqual(['排版', '阅读']);
    expect(hits('行长与行距', '行长与')).toEqual(['行长与']);
    expect(hits('東京の天気', '天気')).toEqual(['天気']);
    expect(hits('한국어 검색', '검색')).toEqual(['검색']);
    // A lone character, and CJK beside Latin in one word.
    expect(hits('行长与行距', '距')).toEqual(['距']);
    expect(hits('Rust语言入门', 'rust语言')).toEqual(['Rust语言']);
  });

  it('marks Latin words at the start of a word only, and ignores quotes and signs', () => {
    expect(hits('Trust in rust', 'rust')).toEqual(['rust']);
    expect(hits('A compiler, compiled', '"compil"')).toEqual(['compil', 'compil']);
    expect(hits('C++ and Go', '+')).toEqual([]);
  });
});
