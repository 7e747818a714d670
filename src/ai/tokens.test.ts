import { describe, expect, it } from 'vitest';
import { estimateTokens, trimToTokens } from './tokens';

describe('estimateTokens', () => {
  it('counts Latin text as a quarter token per character, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('x'.repeat(400))).toBe(100);
  });

  it('counts each CJK character as one token', () => {
    expect(estimateTokens('你好世界')).toBe(4);
    expect(estimateTokens('こんにちは')).toBe(5);
    expect(estimateTokens('안녕')).toBe(2);
    // Mixed: 2 CJK + 8 Latin characters.
    expect(estimateTokens('你好 abcdefg')).toBe(2 + 2);
  });

  it('counts astral characters once, not per UTF-16 half', () => {
    expect(estimateTokens('😀😀😀😀')).toBe(1);
  });
});

describe('trimToTokens', () => {
  it('keeps text within budget untouched', () => {
    expect(trimToTokens('short text', 100)).toEqual({ text: 'short text', truncated: false });
  });

  it('cuts to fit the budget and prefers a paragraph end', () => {
    const text = `${'a'.repeat(300)}\n\n${'b'.repeat(300)}`;
    const out = trimToTokens(text, 80);
    expect(out.truncated).toBe(true);
    expect(estimateTokens(out.text)).toBeLessThanOrEqual(80);
    expect(out.text).toBe('a'.repeat(300));
  });

  it('cuts at a word boundary when there is no sentence end near', () => {
    const text = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const out = trimToTokens(text, 50);
    expect(estimateTokens(out.text)).toBeLessThanOrEqual(50);
    expect(text.startsWith(out.text)).toBe(true);
    expect(text[out.text.length]).toBe(' ');
  });

  it('fits CJK text exactly to the budget', () => {
    const out = trimToTokens('字'.repeat(500), 120);
    expect(out.text).toBe('字'.repeat(120));
    expect(out.truncated).toBe(true);
  });

  it('gives nothing for a zero budget', () => {
    expect(trimToTokens('abc', 0)).toEqual({ text: '', truncated: true });
  });
});
