import { describe, expect, it } from 'vitest';
import { errorSegments } from './errorSpan';

const join = (segs: { text: string }[]) => segs.map((s) => s.text).join('');

describe('errorSegments', () => {
  it('returns the text plain when there is no error', () => {
    expect(errorSegments('isRead = false', null)).toEqual([{ text: 'isRead = false', error: false }]);
    expect(errorSegments('', null)).toEqual([]);
  });

  it('marks exactly the offending token', () => {
    // "title = rust" → the parser stops at 'rust' (offset 8, length 4).
    expect(errorSegments('title = rust AND x', { offset: 8, length: 4 })).toEqual([
      { text: 'title = ', error: false },
      { text: 'rust', error: true },
      { text: ' AND x', error: false },
    ]);
  });

  it('marks a span at the very start and one at the very end', () => {
    expect(errorSegments('= 3', { offset: 0, length: 1 })).toEqual([
      { text: '=', error: true },
      { text: ' 3', error: false },
    ]);
    expect(errorSegments('a = )', { offset: 4, length: 1 })).toEqual([
      { text: 'a = ', error: false },
      { text: ')', error: true },
    ]);
  });

  it('shows a zero-length error at the end as one underlined space', () => {
    const segs = errorSegments('title =', { offset: 7, length: 0 });
    expect(segs).toEqual([
      { text: 'title =', error: false },
      { text: ' ', error: true },
    ]);
  });

  it('widens a zero-length error in the middle to the next character, but not onto a newline', () => {
    expect(errorSegments('ab', { offset: 1, length: 0 })).toEqual([
      { text: 'a', error: false },
      { text: 'b', error: true },
    ]);
    expect(errorSegments('a =\nb', { offset: 3, length: 0 })).toEqual([
      { text: 'a =', error: false },
      { text: ' ', error: true },
      { text: '\nb', error: false },
    ]);
  });

  it('clamps positions outside the text and nonsense numbers', () => {
    expect(join(errorSegments('abc', { offset: 99, length: 5 }))).toBe('abc ');
    expect(errorSegments('abc', { offset: -4, length: 2 })[0]).toEqual({ text: 'ab', error: true });
    expect(errorSegments('abc', { offset: 1, length: 999 })).toEqual([
      { text: 'a', error: false },
      { text: 'bc', error: true },
    ]);
    expect(errorSegments('abc', { offset: Number.NaN, length: Number.NaN })[0]).toEqual({
      text: 'a',
      error: true,
    });
  });

  it('never splits a surrogate pair', () => {
    const text = 'a 😀 b';
    // Offset 3 is the low half of the emoji; the span grows to cover both halves.
    const segs = errorSegments(text, { offset: 3, length: 1 });
    expect(segs.find((s) => s.error)?.text).toBe('😀');
    expect(join(segs)).toBe(text);
    expect(errorSegments(text, { offset: 2, length: 1 }).find((s) => s.error)?.text).toBe('😀');
  });

  it('keeps the text intact for every position (except the end placeholder)', () => {
    const text = "title LIKE 'x' AND\n  (feed.id = 3";
    for (let offset = 0; offset <= text.length; offset++) {
      for (const length of [0, 1, 3]) {
        const segs = errorSegments(text, { offset, length });
        expect(segs.filter((s) => s.error)).toHaveLength(1);
        const joined = join(segs);
        expect(joined === text || joined === `${text.slice(0, offset)} ${text.slice(offset)}`).toBe(true);
      }
    }
  });
});
