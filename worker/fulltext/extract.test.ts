import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractArticle, MIN_ARTICLE_CHARS } from './extract';

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/feeds/${name}`, import.meta.url), 'utf8');

describe('extractArticle', () => {
  it('keeps the article paragraphs and drops navigation, ads, comments and the footer', () => {
    const got = extractArticle(fixture('article-full.html'), 'https://news.example/2026/otters');
    if (!got.ok) throw new Error(`no article: ${got.reason}`);
    expect(got.html).toContain('River otters travel the same stretch of water');
    expect(got.html).toContain('quiet backwater behind the old mill');
    expect(got.html).toMatch(/<h2[^>]*>Scent marks as signposts<\/h2>/i);
    for (const junk of [
      'Subscribe now',
      'ADVERTISEMENT',
      'COMMENT:',
      'Trending now',
      'FOOTER:',
      '__analytics',
    ])
      expect(got.html).not.toContain(junk);
    expect(got.text).toMatch(/^River otters travel/);
    expect(got.text).not.toContain('COMMENT');
    expect(got.title).toContain('How river otters map their streams');
  });

  it('turns relative links absolute against the page address', () => {
    const page = `<html><head><title>T</title></head><body><article><p>${'Words of a real post. '.repeat(20)}
      <a href="/more">more</a> <img src="img/a.png" alt=""></p></article></body></html>`;
    const got = extractArticle(page, 'https://blog.example/posts/1');
    if (!got.ok) throw new Error(got.reason);
    expect(got.html).toContain('href="https://blog.example/more"');
    expect(got.html).toContain('src="https://blog.example/posts/img/a.png"');
  });

  it('says no_article for a page that only a script fills', () => {
    expect(extractArticle(fixture('article-script-only.html'), 'https://app.example/a')).toEqual({
      ok: false,
      reason: 'no_article',
    });
  });

  it('says no_article for a teaser shorter than an article (a paywall)', () => {
    const teaser = `<html><body><article><p>${'x'.repeat(MIN_ARTICLE_CHARS - 50)}</p>
      <div class="paywall">Subscribe to read the rest.</div></article></body></html>`;
    expect(extractArticle(teaser, 'https://paper.example/a')).toMatchObject({
      ok: false,
      reason: 'no_article',
    });
  });

  it('says not_html for a body that is not a web page', () => {
    expect(extractArticle('{"json": true}', 'https://api.example/x')).toEqual({
      ok: false,
      reason: 'not_html',
    });
    expect(extractArticle('', 'https://api.example/x')).toEqual({ ok: false, reason: 'not_html' });
  });
});
