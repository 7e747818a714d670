import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT_PIECES } from '../testing/htmlPieces';
import { plainTextLower } from '../query/language/textColumn';
import { SNIPPET_MAX, extractItemText, extractRowFields } from './snippet';

describe('extractRowFields', () => {
  it('gives decoded plain text without scripts or styles', () => {
    const out = extractRowFields(
      '<style>p{}</style><p>Fish &amp; chips</p><script>alert(1)</script><p>next</p>',
      '',
    );
    expect(out.snippet).toBe('Fish & chips next');
  });
  it('cuts long text at a word, within the limit, with an ellipsis', () => {
    const out = extractRowFields(`<p>${'word '.repeat(100)}</p>`, '');
    expect(out.snippet.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(out.snippet.endsWith('word…')).toBe(true);
  });
  it('finds the first http(s) image, resolved against the item link', () => {
    expect(extractRowFields('<img src="data:x"><img src="a/b.jpg">', 'https://s.test/post/').thumbnail).toBe(
      'https://s.test/post/a/b.jpg',
    );
    expect(extractRowFields('<img src="javascript:x">', '').thumbnail).toBe('');
    expect(extractRowFields('<img src="/rel.png">', '').thumbnail).toBe('');
  });
  it('tolerates broken HTML and plain text', () => {
    expect(extractRowFields('<p>unclosed <b>bold', '').snippet).toBe('unclosed bold');
    expect(extractRowFields('just text', '').snippet).toBe('just text');
    expect(extractRowFields('', '')).toEqual({ snippet: '', thumbnail: '' });
  });
});

describe('extractItemText', () => {
  // Pieces that exercise every rule of plainTextLower: block and hidden tags (closed or not),
  // entities, odd whitespace, non-Latin text, broken markup.
  const piece = fc.constantFrom(
    '<p>',
    '</p>',
    '<br>',
    '<div class="x">',
    '</div>',
    '<li>',
    '<h2>',
    '</h2>',
    '<td>',
    '<script>var a = "<p>";</script>',
    '<style>p { x: 1 }</style>',
    '<noscript>',
    '</noscript>',
    '<template>t</template>',
    '<svg><title>icon</title></svg>',
    '<title>Doc</title>',
    '<img src="/a.png">',
    '<img src="https://i.test/b.jpg">',
    '<b>',
    '</b>',
    '<!-- c -->',
    '<p unclosed',
    '<',
    ...TEXT_PIECES,
  );
  const html = fc
    .array(fc.oneof(piece, fc.string({ maxLength: 12 })), { maxLength: 60 })
    .map((p) => p.join(''));

  it('gives exactly plainTextLower, on any HTML', () => {
    fc.assert(
      fc.property(html, (h) => {
        expect(extractItemText(h, 'https://s.test/').plainLower).toBe(plainTextLower(h));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives exactly plainTextLower on bodies longer than its parse slices (early stop included)', () => {
    fc.assert(
      fc.property(html, fc.integer({ min: 200, max: 3000 }), (h, repeat) => {
        // A lead image lets parsing stop early once the text is complete.
        const big = `<img src="https://i.test/a.jpg">${h}<p>${'lorem ipsum dolor '.repeat(repeat)}</p>${h}`;
        expect(extractItemText(big, '').plainLower).toBe(plainTextLower(big));
      }),
      { numRuns: 60 },
    );
    // Mostly spaces: the early stop must not trigger before 4,000 visible characters.
    const sparse = `<img src="https://i.test/a.jpg"><p>${'a          '.repeat(9000)}</p><p>tail</p>`;
    expect(extractItemText(sparse, '').plainLower).toBe(plainTextLower(sparse));
    const cjk = `<img src="https://i.test/a.jpg"><p>${'数据开发 '.repeat(5000)}</p>`;
    expect(extractItemText(cjk, '').plainLower).toBe(plainTextLower(cjk));
  });

  it('keeps the snippet rules: first image within 64 KiB, skipped svg/title text, case kept', () => {
    const out = extractItemText(
      '<svg><title>Icon</title></svg><title>T</title><p>Hello <b>World</b></p>',
      '',
    );
    expect(out.snippet).toBe('Hello World');
    expect(out.plainLower).toBe('icont hello world');
    const late = `<p>${'x'.repeat(70 * 1024)}</p><img src="https://i.test/late.jpg">`;
    expect(extractItemText(late, '').thumbnail).toBe('');
    const early = `<p>${'word '.repeat(2000)}</p><img src="https://i.test/ok.jpg"><p>${'more '.repeat(9000)}</p>`;
    expect(extractItemText(early, '').thumbnail).toBe('https://i.test/ok.jpg');
    expect(extractItemText(early, '').plainLower).toBe(plainTextLower(early));
    expect(extractRowFields(early, '')).toEqual({
      snippet: extractItemText(early, '').snippet,
      thumbnail: 'https://i.test/ok.jpg',
    });
  });
});
