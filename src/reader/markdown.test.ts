import './testing/happyDomCompat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  htmlToMarkdown,
  htmlToMarkdownSafe,
  markdownToHtml,
  renderMarkdownSafe,
  reportLine,
  silentErrorHtml,
  UnknownNodeError,
} from './markdown';
import { sanitizeArticle } from './sanitize';
import TurndownService from 'turndown';
import type * as Micromark from 'micromark';

const failing = vi.hoisted(() => ({ on: false }));
vi.mock('micromark', async (importOriginal) => {
  const real = await importOriginal<typeof Micromark>();
  return {
    ...real,
    micromark: (...args: Parameters<typeof real.micromark>) => {
      if (failing.on) throw new Error('converter exploded');
      return real.micromark(...args);
    },
  };
});

afterEach(() => {
  failing.on = false;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('htmlToMarkdown', () => {
  it('converts tables to GFM tables', () => {
    const md = htmlToMarkdown(
      '<table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><td>Apple</td><td>3</td></tr></tbody></table>',
    );
    expect(md).toContain('| Name | Qty |');
    expect(md).toMatch(/\| -+ \| -+ \|/);
    expect(md).toMatch(/\| Apple \| 3 +\|/);
  });

  it('fences code with the language from class="language-x", longer than inner backticks', () => {
    const md = htmlToMarkdown('<pre><code class="language-ts">const a = `x`;\nlet b = 1;\n</code></pre>');
    expect(md).toBe('```ts\nconst a = `x`;\nlet b = 1;\n```');
    expect(htmlToMarkdown('<pre><code>has ``` inside</code></pre>')).toBe('````\nhas ``` inside\n````');
  });

  it('keeps nested lists nested', () => {
    const md = htmlToMarkdown('<ul><li>one<ul><li>one.a</li></ul></li><li>two</li></ul>');
    expect(md).toBe('- one\n  - one.a\n- two');
    expect(htmlToMarkdown('<ol start="3"><li><p>p1</p><p>p2</p></li><li>b</li></ol>')).toBe(
      '3. p1\n\n   p2\n4. b',
    );
  });

  it('converts links, images, strikethrough and task lists', () => {
    const html = sanitizeArticle(
      '<p><a href="https://x.example/a">A link</a> <img src="https://x.example/i.png" alt="pic"> <del>gone</del></p>' +
        '<ul><li><input type="checkbox" checked> done</li><li><input type="checkbox"> todo</li></ul>',
    );
    const md = htmlToMarkdown(html);
    expect(md).toContain('[A link](https://x.example/a)');
    expect(md).toContain('![pic](https://x.example/i.png)');
    expect(md).toContain('~~gone~~');
    expect(md).toContain('- [x] done');
    expect(md).toContain('- [ ] todo');
  });

  it('turns embeds into links', () => {
    expect(htmlToMarkdown('<iframe src="https://player.vimeo.com/video/1"></iframe>')).toBe(
      '[Video](https://player.vimeo.com/video/1)',
    );
  });

  it('throws UnknownNodeError in development for an element without a rule', () => {
    expect(() => htmlToMarkdown('<p>a <blink>b</blink></p>')).toThrow(UnknownNodeError);
    expect(() => htmlToMarkdownSafe('<blink>b</blink>')).toThrow(UnknownNodeError);
  });

  it('keeps the content of unknown elements in production', () => {
    vi.stubEnv('DEV', false);
    expect(htmlToMarkdown('<p>a <blink>b</blink></p>')).toBe('a b');
  });

  it('returns an empty string for empty input', () => {
    expect(htmlToMarkdown('  ')).toBe('');
  });
});

describe('markdownToHtml', () => {
  it('renders GFM tables, code, nested lists, links and images', () => {
    const html = markdownToHtml(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx()\n```\n\n- one\n  - one.a\n\n[l](https://x.example) ![i](https://x.example/i.png)',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<pre><code class="language-js">x()\n</code></pre>');
    expect(html).toMatch(/<li>one\s*<ul>\s*<li>one\.a<\/li>/);
    expect(html).toContain('<a href="https://x.example/" target="_blank" rel="noopener noreferrer">l</a>');
    expect(html).toContain('src="https://x.example/i.png"');
  });

  it('escapes raw HTML and drops dangerous link protocols', () => {
    const html = markdownToHtml('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
    expect(html).not.toContain('javascript:');
  });

  it('round-trips article HTML through Markdown without losing structure', () => {
    const original = sanitizeArticle(
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em> and <code>code</code>.</p><ol><li>a</li><li>b</li></ol><blockquote><p>quote</p></blockquote><pre><code class="language-py">print(1)</code></pre>',
    );
    const back = markdownToHtml(htmlToMarkdown(original));
    for (const part of [
      '<h2>Title</h2>',
      '<strong>bold</strong>',
      '<em>em</em>',
      '<code>code</code>',
      '<ol>',
      '<blockquote>',
      'language-py',
    ]) {
      expect(back).toContain(part);
    }
    expect(htmlToMarkdown(back)).toBe(htmlToMarkdown(original));
  });
});

describe('renderMarkdownSafe', () => {
  it('renders normally when conversion works', () => {
    const out = renderMarkdownSafe('**hi**');
    expect(out).toEqual({ html: '<p><strong>hi</strong></p>' });
  });

  it('falls back to escaped plain text with a report line when conversion fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing.on = true;
    const out = renderMarkdownSafe('# <b>x</b>');
    expect(out.error?.message).toBe('converter exploded');
    expect(out.html).toContain('<pre class="rv-md-fallback"># &#60;b&#62;x&#60;/b&#62;</pre>');
    expect(out.html).toContain(reportLine());
    expect(reportLine()).toMatch(/^This text could not be formatted/);
    expect(out.html).not.toContain('<b>');
  });

  it('renders only an error paragraph in silent mode', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing.on = true;
    const out = renderMarkdownSafe('# secret text', { silent: true });
    expect(out.html).toBe(silentErrorHtml());
    expect(out.html).toContain('This content could not be displayed.');
    expect(out.html).not.toContain('secret');
    expect(out.error).toBeInstanceOf(Error);
  });

  it('falls back to the plain text of the article when HTML → Markdown fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(TurndownService.prototype, 'turndown').mockImplementation(() => {
      throw new Error('turndown exploded');
    });
    const out = htmlToMarkdownSafe('<h1>Title</h1><p>Body <b>text</b></p>');
    expect(out.markdown).toBe('TitleBody text');
    expect(out.error?.message).toBe('turndown exploded');
  });
});
