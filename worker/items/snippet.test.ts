import { describe, expect, it } from 'vitest';
import { SNIPPET_MAX, extractRowFields } from './snippet';

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
