import { describe, expect, it } from 'vitest';
import { urlKey } from './urlKey';

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
