import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText, isCanonicalHttpUrl, resolveUrl } from './html';
import { resolveHtmlUrls } from './htmlUrls';

const BASE = 'https://ex.example/dir/page';

describe('resolveHtmlUrls', () => {
  it('resolves href, src, srcset and poster; leaves absolute URLs and other attributes alone', () => {
    const html = `<p><a href="x?a=1&amp;b=2" title="href=no">x</a> <img src=i.png alt="a>b" srcset="a.png 1x, /b.png 2x"><video poster='p.jpg'></video><a href="https://abs.example/">k</a> text href="nope"</p>`;
    expect(resolveHtmlUrls(html, BASE)).toBe(
      `<p><a href="https://ex.example/dir/x?a=1&amp;b=2" title="href=no">x</a> <img src="https://ex.example/dir/i.png" alt="a>b" srcset="https://ex.example/dir/a.png 1x, https://ex.example/b.png 2x"><video poster='https://ex.example/dir/p.jpg'></video><a href="https://abs.example/">k</a> text href="nope"</p>`,
    );
  });

  it('handles upper-case attribute names, fragments and protocol-relative URLs', () => {
    expect(resolveHtmlUrls('<A HREF="#top">t</A><img SRC="//cdn.example/i.png">', BASE)).toBe(
      '<A HREF="https://ex.example/dir/page#top">t</A><img SRC="https://cdn.example/i.png">',
    );
  });

  it('returns the input unchanged without a base, and for malformed HTML keeps the text', () => {
    expect(resolveHtmlUrls('<img src="a.png">', '')).toBe('<img src="a.png">');
    expect(resolveHtmlUrls('<img src="a.png"', BASE)).toContain('<img src=');
    expect(resolveHtmlUrls('no tags here', BASE)).toBe('no tags here');
  });

  it('does not let a resolved URL break out of its attribute', () => {
    const out = resolveHtmlUrls(`<a href='x"onmouseover="alert(1)'>x</a>`, BASE);
    expect(out).not.toContain('"onmouseover');
  });
});

describe('htmlToText', () => {
  it('strips tags, decodes entities, drops scripts, collapses whitespace', () => {
    expect(htmlToText('Hi <b>there</b> &amp; &hellip; <script>evil()</script>a<br>b  \n c')).toBe(
      'Hi there & … a b c',
    );
    expect(htmlToText('testing &doesnotexist; entity')).toBe('testing &doesnotexist; entity');
    expect(htmlToText('ab\u0008cd')).toBe('abcd');
  });

  it('keeps a "<" that does not open an HTML tag as text', () => {
    // What feedsmith hands over for `T &amp; &lt;x&gt;` and `Vec&lt;T&gt; &lt; 3`.
    expect(htmlToText('T & <x>')).toBe('T & <x>');
    expect(htmlToText('Vec<T> < 3 and a<b')).toBe('Vec<T> < 3 and a<b');
    expect(htmlToText('<B>Bold</B> <span class="x">s</span><!-- c --> <br/>end')).toBe('Bold s end');
    expect(htmlToText(undefined)).toBe('');
  });
});

describe('htmlToText on text without markup', () => {
  const char = fc.constantFrom(
    'a',
    'Z',
    '字',
    ' ',
    '  ',
    '\t',
    '\n',
    '\r',
    '\u00a0',
    '\u3000',
    '\ufeff',
    '\u0001',
    '\u000b',
    '\u007f',
    '.',
  );
  it('returns what stripping controls and collapsing whitespace returned (fast path or not)', () => {
    fc.assert(
      fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
        const s = chars.join('');
        const before = s
          // eslint-disable-next-line no-control-regex -- the reference strips the same controls
          .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
          .replace(/\s+/g, ' ')
          .trim();
        expect(htmlToText(s)).toBe(before);
      }),
      { numRuns: 5000 },
    );
  });
});

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
