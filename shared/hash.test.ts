import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hash32, hashBytes, hashString } from './hash';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('hashString (item content hashes, dedupe keys, summary keys)', () => {
  it('gives the values already stored in users’ databases', () => {
    // Pinned from the engine's former worker/items/hash.ts: a change here re-updates every item.
    expect(hashString('')).toBe('0bdcb81aee8d83');
    expect(hashString('abc')).toBe('11f9f91ac18c8d');
    expect(hashString('héllo 世界')).toBe('013b1d66ec2c60');
    expect(hashString('abc', 7)).toBe('0ed6b9ed83bbdb');
  });

  it('is 14 hex digits, deterministic and sensitive to any change', () => {
    expect(hashString('abc')).toMatch(/^[0-9a-f]{14}$/);
    expect(hashString('abc')).not.toBe(hashString('abd'));
    expect(hashString('abc', 1)).not.toBe(hashString('abc'));
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

describe('hash32 (dedupe key hashes of the index)', () => {
  it('is the low 32 bits of hashString, never 0', () => {
    for (const text of ['', 'a', 'urn:rivulet-bench:1:1', 'https://example.com/post?id=7', '数据 开发'])
      expect(hash32(text)).toBe(Number(BigInt(`0x${hashString(text)}`) % 4294967296n) || 1);
    expect(hash32('https://example.com/a')).not.toBe(hash32('https://example.com/b'));
    expect(Number.isInteger(hash32('x')) && hash32('x') > 0 && hash32('x') < 2 ** 32).toBe(true);
  });
});

describe('hashBytes (feed body hashes)', () => {
  it('gives the values already stored for feeds', () => {
    // Pinned from the former worker/feeds/hash.ts: a change here re-parses every feed once.
    expect(hashBytes(utf8(''))).toBe('wvjl67o803-0');
    expect(hashBytes(utf8('<rss>hello</rss>'))).toBe('n46kqsp5kv-g');
    expect(hashBytes(utf8('héllo 世界'))).toBe('yyefpd5ftf-d');
  });

  it('is deterministic, carries the length and sees any change', () => {
    const a = utf8('<rss>hello</rss>');
    expect(hashBytes(a)).toBe(hashBytes(a.slice()));
    expect(hashBytes(a)).not.toBe(hashBytes(utf8('<rss>hellp</rss>')));
    expect(hashBytes(a).endsWith(`-${a.length.toString(36)}`)).toBe(true);
  });

  it('has no collisions on distinct random byte strings (sample)', () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.uint8Array(), (x, y) => {
        fc.pre(x.length !== y.length || x.some((v, i) => v !== y[i]));
        expect(hashBytes(x)).not.toBe(hashBytes(y));
      }),
    );
  });
});
