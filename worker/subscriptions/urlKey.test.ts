import { describe, expect, it } from 'vitest';
import { fallbackFeedTitle, feedUrlOf, urlKey } from './urlKey';

describe('urlKey', () => {
  it('treats http/https, trailing slashes, host case, default ports and fragments alike', () => {
    const key = urlKey('https://Example.test/feed');
    for (const u of [
      'http://example.test/feed/',
      'https://EXAMPLE.test:443/feed#x',
      ' http://example.test:80/feed// ',
    ])
      expect(urlKey(u)).toBe(key);
  });

  it('keeps path case, queries and other ports apart', () => {
    const key = urlKey('https://example.test/feed');
    for (const u of [
      'https://example.test/Feed',
      'https://example.test/feed?page=2',
      'https://example.test:8080/feed',
    ])
      expect(urlKey(u)).not.toBe(key);
    expect(urlKey('not a url')).toBe('not a url');
  });
});

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
