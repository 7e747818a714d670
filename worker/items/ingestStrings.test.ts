import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { oneByte } from './ingestStrings';

// A plain ASCII string that V8 keeps two bytes a character: sliced from a two-byte parent.
const twoByteAscii = (text: string) => `中${text}`.slice(1);

describe('oneByte', () => {
  it('keeps every string character for character', () => {
    const samples = [
      'plain ascii text that is long enough',
      'Latin-1: café, naïve, ½ × ÷ and a no-break\u00a0space here',
      'CJK 漢字とかな and more words around them',
      'quotes “curly” and an emoji 🎉 beyond the basic plane',
      `a lone surrogate \ud800 in the middle of the string`,
      'escapes: "quotes", back\\slash, tab\t newline\n and \u0000 nul',
      'short',
    ];
    for (const s of samples) expect(oneByte(s)).toBe(s);
    for (const s of samples) expect(oneByte(twoByteAscii(s))).toBe(s);
  });

  it('gives a two-byte ASCII or Latin-1 string back at one byte a character', () => {
    const html = twoByteAscii(`<p>${'An article body of plain text, café included. '.repeat(20)}</p>`);
    const before = serialize(html).length;
    const after = serialize(oneByte(html)).length;
    expect(before).toBeGreaterThan(html.length * 2);
    expect(after).toBeLessThan(html.length + 16);
  });

  it('leaves strings that need two bytes, and short ones, as they are', () => {
    const cjk = twoByteAscii('标题 with words beyond Latin-1 in it, long enough');
    expect(oneByte(cjk)).toBe(cjk);
    expect(serialize(oneByte(cjk)).length).toBe(serialize(cjk).length);
    const short = twoByteAscii('tiny');
    expect(serialize(oneByte(short)).length).toBe(serialize(short).length);
  });
});
