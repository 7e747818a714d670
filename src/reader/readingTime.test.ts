import { describe, expect, it } from 'vitest';
import { readingMinutes } from './readingTime';

describe('readingMinutes', () => {
  it('is words / 230 rounded up, at least 1', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(230))).toBe(1);
    expect(readingMinutes('word '.repeat(231))).toBe(2);
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
  });
  it('counts CJK by character, 400 per minute', () => {
    expect(readingMinutes('漢'.repeat(400))).toBe(1);
    expect(readingMinutes('漢'.repeat(401))).toBe(2);
    expect(readingMinutes('ひらがなカタカナ한국어'.repeat(100))).toBe(3);
  });
  it('adds up mixed text and ignores punctuation-only tokens', () => {
    expect(readingMinutes(`${'word '.repeat(230)} — … ${'字'.repeat(400)}`)).toBe(2);
  });
});
