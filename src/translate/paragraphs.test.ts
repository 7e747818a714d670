import { describe, expect, it } from 'vitest';
import { sanitizeArticle } from '../reader/sanitize';
import { paragraphTexts, translatableBlocks } from './paragraphs';

const texts = (html: string) => paragraphTexts(sanitizeArticle(html));

describe('translatable paragraphs', () => {
  it('takes block-level elements with text, in order, with inline markup flattened', () => {
    expect(
      texts(
        '<h2>Title  here</h2><p>One <a href="https://x.org">link</a> and <em>emphasis</em>.</p><p>Two.</p>',
      ),
    ).toEqual(['Title here', 'One link and emphasis.', 'Two.']);
  });

  it('takes leaf blocks only: list items, quotes, cells; a wrapper div is not a paragraph', () => {
    expect(
      texts(
        '<div><ul><li>First</li><li>Second <b>bold</b></li></ul><blockquote>Quoted</blockquote>' +
          '<table><tr><td>Cell</td></tr></table></div>',
      ),
    ).toEqual(['First', 'Second bold', 'Quoted', 'Cell']);
  });

  it('leaves code, images and empty blocks out', () => {
    expect(
      texts(
        '<p>Before</p><pre><code>let x = 1;</code></pre><p><img src="https://x.org/a.png"></p><p> </p><p>After</p>',
      ),
    ).toEqual(['Before', 'After']);
  });

  it('drops what the sanitiser drops, so script text is never sent', () => {
    expect(texts('<p>Safe</p><script>alert(1)</script><p onclick="x()">Also safe</p>')).toEqual([
      'Safe',
      'Also safe',
    ]);
  });

  it('treats plain text without any block as one paragraph', () => {
    expect(texts('Just a line of text with <b>bold</b>.')).toEqual(['Just a line of text with bold.']);
    expect(texts('')).toEqual([]);
  });

  it('finds the same blocks in a rendered body as in the HTML, ignoring inserted translations', () => {
    const root = document.createElement('div');
    root.innerHTML = sanitizeArticle('<p>A</p><ul><li>B</li></ul><p>C</p>');
    const blocks = translatableBlocks(root);
    expect(blocks.map((b) => b.textContent)).toEqual(['A', 'B', 'C']);
    const tr = document.createElement('p');
    tr.className = 'rv-tr';
    tr.textContent = 'translated A';
    blocks[0]!.after(tr);
    expect(translatableBlocks(root)).toEqual(blocks);
  });
});
