import { describe, expect, it } from 'vitest';
import { isAllowedUrl, resolveArticleUrl, resolveSrcset } from './urls';

const BASE = 'https://example.com/post/1';

describe('resolveArticleUrl', () => {
  it('keeps in-article anchors and resolves everything else against the article', () => {
    expect(resolveArticleUrl(' #note-1 ', BASE)).toBe('#note-1');
    expect(resolveArticleUrl('img/a.png', BASE)).toBe('https://example.com/post/img/a.png');
    expect(resolveArticleUrl('//cdn.example/a.png', undefined)).toBe('https://cdn.example/a.png');
  });

  it('leaves what cannot be resolved for isAllowedUrl to refuse', () => {
    const relative = resolveArticleUrl('img/a.png', undefined);
    expect(relative).toBe('img/a.png');
    expect(isAllowedUrl(relative, 'img', 'src')).toBe(false);
    expect(isAllowedUrl(resolveArticleUrl('javascript:alert(1)', BASE), 'a', 'href')).toBe(false);
  });
});

describe('resolveSrcset', () => {
  it('resolves each candidate and drops those that are not web URLs', () => {
    expect(resolveSrcset('a.png 1x, javascript:x 2x, //cdn.example/b.png 3x', BASE)).toBe(
      'https://example.com/post/a.png 1x, https://cdn.example/b.png 3x',
    );
  });
});
