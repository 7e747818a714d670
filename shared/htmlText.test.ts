import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseWhitespace, htmlToText } from './htmlText';

describe('htmlToText', () => {
  it('strips tags, decodes entities, drops scripts, collapses whitespace', () => {
    expect(htmlToText('Hi <b>there</b> &amp; &hellip; <script>evil()</script>a<br>b  \n c', 'title')).toBe(
      'Hi there & … a b c',
    );
    expect(htmlToText('testing &doesnotexist; entity', 'title')).toBe('testing &doesnotexist; entity');
    expect(htmlToText('ab\u0008cd', 'title')).toBe('abcd');
  });

  it('keeps a "<" that does not open an HTML tag as text', () => {
    // What feedsmith hands over for `T &amp; &lt;x&gt;` and `Vec&lt;T&gt; &lt; 3`.
    expect(htmlToText('T & <x>', 'title')).toBe('T & <x>');
    expect(htmlToText('Vec<T> < 3 and a<b', 'title')).toBe('Vec<T> < 3 and a<b');
    expect(htmlToText('<B>Bold</B> <span class="x">s</span><!-- c --> <br/>end', 'title')).toBe('Bold s end');
    expect(htmlToText(undefined, 'title')).toBe('');
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
        expect(htmlToText(s, 'title')).toBe(before);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('htmlToText on HTML (descriptions, reading time)', () => {
  it('separates blocks, drops hidden elements, decodes entities', () => {
    expect(htmlToText('<p>Hello <b>Wor</b>ld</p><p>Next&nbsp;&amp; last</p>', 'html')).toBe(
      'Hello World Next & last',
    );
    expect(htmlToText('a<br>b<li>c</li>d', 'html')).toBe('a b c d');
    expect(htmlToText('<script>var x = 1</script>x<style>p{}</style>y<template>t</template>', 'html')).toBe(
      'xy',
    );
    expect(htmlToText('<p>unclosed <b>bold <a href="x', 'html')).toBe('unclosed bold');
    expect(htmlToText('<p>Hello <b>world</b></p>', 'html')).toBe('Hello world');
  });

  it('reads every tag-like "<" as markup, as a browser does', () => {
    expect(htmlToText('1 < 2 && 3 > 2', 'html')).toBe('1 < 2 && 3 > 2');
    expect(htmlToText('Vec<T> here', 'html')).toBe('Vec here');
    expect(htmlToText('Vec<T> here', 'title')).toBe('Vec<T> here');
  });

  it('keeps control characters in HTML (the text store has always kept them) and drops them in titles', () => {
    expect(htmlToText('a\u0001 <b>b</b>', 'html')).toBe('a\u0001 b');
    expect(htmlToText('a\u0001 <b>b</b>', 'title')).toBe('a b');
  });

  it('gives titles the same block spacing as descriptions', () => {
    expect(htmlToText('<p>One</p>Two', 'title')).toBe('One Two');
    expect(htmlToText('<p>One</p>Two', 'html')).toBe('One Two');
  });

  it('returns plain text as it is, whatever the source', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9.,!? ]*$/), (s) => {
        const plain = s.replace(/\s+/g, ' ').trim();
        expect(htmlToText(plain, 'html')).toBe(plain);
        expect(htmlToText(plain, 'title')).toBe(plain);
      }),
    );
  });
});

describe('collapseWhitespace', () => {
  it('is exactly replace(/\\s+/g, " ").trim(), on every kind of whitespace JavaScript knows', () => {
    const chars = [
      'a',
      'b',
      ' ',
      '\t',
      '\n',
      '\r',
      '\v',
      '\f',
      '\u00a0',
      '\u1680',
      '\u2003',
      '\u2028',
      '\u3000',
      '\ufeff',
      '中',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), (parts) => {
        const s = parts.join('');
        expect(collapseWhitespace(s)).toBe(s.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 2000 },
    );
    expect(collapseWhitespace('  a \t b\u00a0c  ')).toBe('a b c');
  });
});
