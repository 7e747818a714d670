import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalItemId, feverId, feverIdList, longItemId, shortItemId } from './ids';

describe('Google Reader item ids', () => {
  it('converts long form to canonical decimal and back', () => {
    expect(canonicalItemId('tag:google.com,2005:reader/item/000000000000001f')).toBe('31');
    expect(longItemId('31')).toBe('tag:google.com,2005:reader/item/000000000000001f');
    expect(canonicalItemId('tag:google.com,2005:reader/item/5D0CBA2A0A3F7D5A')).toBe(
      BigInt('0x5d0cba2a0a3f7d5a').toString(),
    );
  });

  it('reads ids above 2^63 given as negative short ids (Google style)', () => {
    const long = 'tag:google.com,2005:reader/item/fffffffffffffff0';
    expect(canonicalItemId(long)).toBe('18446744073709551600');
    expect(shortItemId(long)).toBe('-16');
    expect(canonicalItemId('-16')).toBe('18446744073709551600');
    expect(longItemId('-16')).toBe(long);
  });

  it('round-trips every 64-bit id through all forms', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (n) => {
        const c = n.toString();
        expect(canonicalItemId(longItemId(c))).toBe(c);
        expect(canonicalItemId(shortItemId(c))).toBe(c);
      }),
    );
  });

  it.each([
    '',
    'abc',
    'tag:google.com,2005:reader/item/xyz',
    'tag:google.com,2005:reader/item/11112222333344445',
    '18446744073709551616',
    '1.5',
  ])('refuses %j', (bad) => expect(() => canonicalItemId(bad)).toThrow(TypeError));
});

describe('Fever ids', () => {
  it('accepts numbers and numeric strings alike', () => {
    expect(feverId(12)).toBe('12');
    expect(feverId('12')).toBe('12');
    expect(feverId(' 007 ')).toBe('7');
  });
  it.each([null, undefined, -1, 1.5, 'x', '', {}, Number.MAX_SAFE_INTEGER + 2])('refuses %j', (bad) => {
    expect(() => feverId(bad)).toThrow(TypeError);
  });
  it('splits comma lists, tolerating spaces, empties and a lone number', () => {
    expect(feverIdList('1,2, 3,,')).toEqual(['1', '2', '3']);
    expect(feverIdList('')).toEqual([]);
    expect(feverIdList(undefined)).toEqual([]);
    expect(feverIdList(5)).toEqual(['5']);
    expect(() => feverIdList('1,a')).toThrow(TypeError);
    expect(() => feverIdList([1])).toThrow(TypeError);
  });
});
