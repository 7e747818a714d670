import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT_PIECES } from '../testing/htmlPieces';
import { parseItemText } from './snippet';
import { collapseWhitespace } from '../../shared/htmlText';
import { scanItemText, type RawItemText } from './textScan';

const LIMIT = 64 * 1024;
const SNIP = 800;
const BASE = 'https://s.test/post/';

/** What extractItemText keeps of an answer: the text collapsed, the snippet text cut. */
const kept = (raw: RawItemText) => ({
  text: collapseWhitespace(raw.text),
  snip: raw.snip.slice(0, SNIP),
  thumbnail: raw.thumbnail,
});

/** The scan's answer, or null where it leaves the HTML to htmlparser2. */
function scanned(html: string) {
  const raw = scanItemText(html, BASE, LIMIT, SNIP);
  return raw && kept(raw);
}

/** htmlparser2's answer. */
const parsed = (html: string) => kept(parseItemText(html, BASE));

// Pieces for every rule the scan mirrors: block tags, end tags the Parser implies (paragraphs,
// list items, cells, headings, forms), stray `</p>` and `</br>`, void elements, `<image>`,
// empty raw-text elements, attributes holding `>` and quotes, entities with and without `;`,
// literal `<`, comments (closed every way the tokenizer closes them), and what the scan leaves
// to htmlparser2 (declarations, hidden and foreign elements, raw text with content, tags and
// comments left open).
const piece = fc.constantFrom(
  '<p>',
  '</p>',
  '<P class="a>b">',
  '<br>',
  '</br>',
  '<br/>',
  '<div>',
  '</div>',
  '<span>',
  '</span>',
  '<li>',
  '</li>',
  '<ul>',
  '</ul>',
  '<h2>',
  '</h2>',
  '<table>',
  '<tr>',
  '<td>',
  '</td>',
  '<th>',
  '<thead>',
  '<tbody>',
  '<form>',
  '</form>',
  '<input>',
  '<select>',
  '<option>',
  '<a href="/x">',
  '</a>',
  '<b>',
  '</b>',
  '</B >',
  '</P/>',
  '<dd>',
  '<dt>',
  '<main>',
  '<nav>',
  '<hr>',
  '</img>',
  '<img src="/a.png">',
  '<img src="https://i.test/b.jpg?a=1&amp;b=2">',
  '<IMG SRC=https://i.test/c.jpg>',
  '<img src data-x="1" src="https://i.test/d.jpg">',
  '<img alt="x" src="" src="https://i.test/e.jpg">',
  '<image src="https://i.test/f.jpg">',
  '<img src="data:image/png;base64,xx">',
  '<iframe src="https://v.test/e" allowfullscreen></iframe>',
  '<script async src="https://w.test/w.js"></script>',
  '<script>var a = "<p>";</script>',
  '<iframe src="https://v.test/e">Fallback &amp; <b>text</b></iframe>',
  '<IFRAME>\n</IFRAME >',
  '<iframe>',
  '</iframe>',
  '<noembed>x<p>y</noembed>',
  '<xmp>&amp;</xmp/>',
  '<style>p { x: 1 }</style>',
  '<textarea>a &amp; b</textarea>',
  '<title>T &amp; U</title>',
  '</script>',
  '\x1c/iframe>',
  '<style></style>',
  '<title>T</title>',
  '<noscript>',
  '<template>t</template>',
  '<svg><title>icon</title></svg>',
  '<!-- c -->',
  '<!-- <p>x</p> -->',
  '<!-->',
  '<!--->',
  '<!--!>',
  '--!>',
  '-->',
  '<!--',
  '<!doctype html>',
  '<?php x ?>',
  '<p unclosed',
  '<a title="open',
  '&amp',
  '&ampx',
  '&#128;',
  '&#0;',
  '&notit;',
  '& ',
  '<',
  '< b',
  '<3',
  ...TEXT_PIECES,
);
const html = fc
  .array(fc.oneof({ weight: 4, arbitrary: piece }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), {
    maxLength: 50,
  })
  .map((p) => p.join(''));

describe('scanItemText', () => {
  it('reads exactly what htmlparser2 reads, or leaves the HTML to it', () => {
    let covered = 0;
    fc.assert(
      fc.property(html, (h) => {
        const fast = scanned(h);
        if (fast === null) return;
        covered++;
        expect(fast).toEqual(parsed(h));
      }),
      { numRuns: 4000 },
    );
    // The generator must exercise the scan, not only its way out.
    expect(covered).toBeGreaterThan(400);
  });

  it('covers what feeds send: paragraphs, links, images, entities, embeds', () => {
    const body =
      '<p>Fish &amp; chips&nbsp;&#8217;s <a href="https://x.test/?a=1&amp;b=2">menu</a></p>' +
      '<figure><img src="/i/a.jpg" srcset="/i/a.jpg 1x"><figcaption>Cap</figcaption></figure>' +
      '<iframe src="https://v.test/e" allowfullscreen></iframe><ul><li>one<li>two</ul>' +
      '<script async src="https://w.test/w.js"></script><p>end';
    const fast = scanned(body);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(parsed(body));
    expect(fast?.thumbnail).toBe('https://s.test/i/a.jpg');
    expect(fast?.text).toBe('Fish & chips ’s menu Cap one two end');
  });

  it.each([
    ['comments', ['a<!-- c -->b', 'a<!-- <p>x</p> --!>b<p>c', '<p>a<!-->b<!--->c</p>', 'x &am<!---->p; y']],
    [
      "raw text (scripts and styles hidden, embeds' fallback text shown)",
      [
        'a<script>x("<p>")</script>b',
        '<p>a<style>p{}</style>b',
        '<iframe src="https://v.test/e">\n</iframe><p>x',
        '<p><iframe src="https://v.test/e"></p><p>never closed &amp; raw',
        '<noembed>Fallback &amp; <b>bold</b></noembed>z',
      ],
    ],
  ])('reads %s as htmlparser2 does', (_what, bodies) => {
    for (const h of bodies) {
      expect(scanned(h)).not.toBeNull();
      expect(scanned(h)).toEqual(parsed(h));
    }
  });

  it('leaves declarations, open comments, hidden and foreign elements, titles with text and long bodies to htmlparser2', () => {
    for (const h of [
      'a<!-- c',
      '<!doctype html>a',
      '<noscript>x</noscript>',
      '<template>x</template>',
      '<svg><text>x</text></svg>',
      '<title>x</title>',
      '<textarea>x</textarea>',
      '<iframe>a\x1c/iframe>b',
      '<p>open <a href="x',
      'ends with <',
      `<p>${'x'.repeat(LIMIT)}</p>`,
    ])
      expect(scanned(h)).toBeNull();
  });

  it('keeps the first src of an image, decoded, and skips images that give no http(s) URL', () => {
    expect(scanned('<img src="data:x"><img src="a/b.jpg?x=1&amp;y=2">')?.thumbnail).toBe(
      'https://s.test/post/a/b.jpg?x=1&y=2',
    );
    expect(scanned('<img src src="https://i.test/a.jpg"><img src="https://i.test/b.jpg">')?.thumbnail).toBe(
      'https://i.test/b.jpg',
    );
  });

  it('adds the spaces of the end tags the Parser implies', () => {
    // A block closed by a non-block end tag still separates words; a second form is ignored.
    for (const h of ['<span><p>a</span>b', '<p>a<form>b', '<form><p>a<form>b', '<table><tr><td>a<td>b'])
      expect(scanned(h)).toEqual(parsed(h));
    expect(scanned('<span><p>a</span>b')?.text).toBe('a b');
  });
});
