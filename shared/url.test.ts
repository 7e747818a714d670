import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCanonicalHttpUrl, resolveUrl } from './url';

const BASE = 'https://ex.example/dir/page';

describe('resolveUrl', () => {
  it('resolves or returns the input', () => {
    expect(resolveUrl('a', 'https://x.example/b/c')).toBe('https://x.example/b/a');
    expect(resolveUrl(' https://y.example ', '')).toBe('https://y.example/');
    expect(resolveUrl('relative', '')).toBe('relative');
    expect(resolveUrl('', BASE)).toBe('');
    expect(resolveUrl('http://[bad', BASE)).toBe('http://[bad');
  });
});

// URL-shaped strings with the pieces parsers rewrite: case, ports, IPv4-like and punycode
// hosts, dot segments, escapes of unreserved characters, spaces, quotes, backslashes.
const urlPiece = fc.constantFrom(
  'a',
  'Z',
  '0',
  '9',
  '-',
  '.',
  '_',
  '~',
  '/',
  '//',
  '?',
  '#',
  '&',
  '=',
  '%',
  '%2',
  '%20',
  '%2e',
  '%2E',
  '%41',
  '%7e',
  '%E2%80%99',
  '%e2',
  "'",
  '"',
  ' ',
  '\\',
  '`',
  '{',
  '|',
  '^',
  '[',
  ':',
  '@',
  ':443',
  ':80',
  'xn--',
  'xn--bcher-kva',
  '1.2.3.4',
  '0x7f',
  '.',
  '..',
  '/./',
  '/../',
  '\t',
  'é',
  '!',
  '$',
  '(',
);
const urlLike = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'HTTP://', 'https:/', 'ftp://', '//', ''),
    fc.constantFrom(
      'a.example',
      'www.a-b.example',
      'A.example',
      'a.example.',
      '1.2.3.4',
      'a.123',
      'xn--bcher-kva.example',
      'a..b',
      'a_b.example',
      '',
    ),
    fc.array(urlPiece, { maxLength: 12 }),
  )
  .map(([scheme, host, rest]) => scheme + host + rest.join(''));

describe('isCanonicalHttpUrl', () => {
  it('is only true when parsing would give the URL back unchanged', () => {
    fc.assert(
      fc.property(urlLike, (u) => {
        if (isCanonicalHttpUrl(u)) expect(new URL(u).href).toBe(u);
      }),
      { numRuns: 20000 },
    );
  });

  it('accepts the everyday absolute links and leaves the rest to the parser', () => {
    for (const u of [
      'https://www.example.com/2017/11/post.html',
      'https://cdn.example.com/i/a-720x470.png?w=300&h=200#top',
      'http://example.com/',
      'https://example.com/caf%C3%A9',
    ])
      expect(isCanonicalHttpUrl(u)).toBe(true);
    for (const u of [
      'https://example.com',
      'https://Example.com/',
      'https://example.com/a/../b',
      'https://example.com:443/',
      'https://1.2.3.4/',
      'https://example.com/%7e',
      'https://example.com/a b',
    ])
      expect(isCanonicalHttpUrl(u)).toBe(false);
    expect(resolveUrl('https://example.com', BASE)).toBe('https://example.com/');
  });
});

describe('resolveUrl for the reader and the engine alike', () => {
  it('resolves fragments and protocol-relative URLs against a base', () => {
    expect(resolveUrl('#top', BASE)).toBe('https://ex.example/dir/page#top');
    expect(resolveUrl('//cdn.example/i.png', BASE)).toBe('https://cdn.example/i.png');
  });

  it('reads a protocol-relative URL without a base as https', () => {
    expect(resolveUrl('//cdn.example/i.png', undefined)).toBe('https://cdn.example/i.png');
    expect(resolveUrl(' //cdn.example/i.png ', '')).toBe('https://cdn.example/i.png');
  });

  it('leaves what it cannot resolve as it is, trimmed, and never throws', () => {
    expect(resolveUrl(' javascript:alert(1) ', undefined)).toBe('javascript:alert(1)');
    expect(resolveUrl('img/a.png', undefined)).toBe('img/a.png');
    expect(resolveUrl(null, BASE)).toBe('');
    fc.assert(fc.property(fc.string(), fc.option(fc.string()), (u, b) => void resolveUrl(u, b)));
  });
});
