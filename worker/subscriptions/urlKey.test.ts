import { describe, expect, it } from 'vitest';
import { fallbackFeedTitle, feedUrlOf } from './urlKey';

describe('feedUrlOf', () => {
  it('adds https to bare hosts, keeps ports, and unwraps feed:', () => {
    expect(feedUrlOf('example.test/rss')).toBe('https://example.test/rss');
    expect(feedUrlOf('localhost:8080/rss')).toBe('https://localhost:8080/rss');
    expect(feedUrlOf('feed:https://example.test/rss')).toBe('https://example.test/rss');
  });

  it('refuses other schemes and non-strings', () => {
    for (const bad of [
      'mailto:a@b.test',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/xml,<rss/>',
    ])
      expect(() => feedUrlOf(bad)).toThrow(expect.objectContaining({ code: 'bad_scheme' }) as Error);
    expect(() => feedUrlOf(undefined)).toThrow(expect.objectContaining({ code: 'bad_url' }) as Error);
    expect(() => feedUrlOf('')).toThrow(expect.objectContaining({ code: 'bad_url' }) as Error);
  });
});

describe('fallbackFeedTitle', () => {
  it('names untitled feeds by host and path, distinct on one host', () => {
    expect(fallbackFeedTitle('https://www.example.com/')).toBe('example.com');
    const a = fallbackFeedTitle('https://mastodon.social/@alice.rss');
    const b = fallbackFeedTitle('https://mastodon.social/@bob.rss');
    expect(a).toBe('mastodon.social/@alice.rss');
    expect(a).not.toBe(b);
    expect(fallbackFeedTitle('https://blog.example/?feed=atom')).toBe('blog.example/?feed=atom');
  });
});
