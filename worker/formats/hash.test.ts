import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashBytes, hashString } from './hash';

describe('hash', () => {
  it('is deterministic and sensitive to any change', () => {
    const a = new TextEncoder().encode('<rss>hello</rss>');
    const b = new TextEncoder().encode('<rss>hellp</rss>');
    expect(hashBytes(a)).toBe(hashBytes(a.slice()));
    expect(hashBytes(a)).not.toBe(hashBytes(b));
    expect(hashString('abc')).not.toBe(hashString('abd'));
    expect(hashString('')).toBe(hashString(''));
  });

  it('has no collisions on distinct random strings (sample)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (x, y) => {
        fc.pre(x !== y);
        expect(hashString(x)).not.toBe(hashString(y));
      }),
    );
  });
});
