import { describe, expect, it } from 'vitest';
import { hexToRgbTriple, rgbTripleToCss, rgbTripleToHex, shadesOf } from './palette';

const lum = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
};

describe('shadesOf', () => {
  it('builds 10 shades, darkening steadily, with the colour at index 6', () => {
    const s = shadesOf('#27AE60');
    expect(s).toHaveLength(10);
    expect(s[6]).toBe('#27ae60');
    for (let i = 1; i < 10; i++) expect(lum(s[i]!)).toBeLessThan(lum(s[i - 1]!));
    expect(s.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
  });

  it('rejects malformed input', () => {
    expect(() => shadesOf('green')).toThrow(/#rrggbb/);
    expect(() => shadesOf('#fff')).toThrow();
  });
});

describe('rgb triple helpers', () => {
  it('round-trips', () => {
    expect(rgbTripleToCss('2, 114, 203')).toBe('rgb(2, 114, 203)');
    expect(rgbTripleToHex('2, 114, 203')).toBe('#0272cb');
    expect(hexToRgbTriple('#0272cb')).toBe('2, 114, 203');
  });

  it('falls back on malformed values', () => {
    expect(rgbTripleToCss('1, 2')).toBe('rgb(2, 114, 203)');
    expect(rgbTripleToCss('1, 2, 300')).toBe('rgb(2, 114, 203)');
    expect(rgbTripleToCss('a, b, c', 'red')).toBe('red');
    expect(rgbTripleToHex('x')).toBeNull();
    expect(hexToRgbTriple('#zzz')).toBeNull();
  });
});
