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
});
