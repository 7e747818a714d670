import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { inputUrls } from './inputUrls';

describe('inputUrls', () => {
  it('adds schemes and unwraps feed:', () => {
    expect(inputUrls(' example.com/blog ')).toEqual(['https://example.com/blog', 'http://example.com/blog']);
    expect(inputUrls('feed://example.com/rss')).toEqual([
      'https://example.com/rss',
      'http://example.com/rss',
    ]);
    expect(inputUrls('http://example.com')).toEqual(['http://example.com/']);
  });

  it('takes the addresses people type for sites', () => {
    expect(inputUrls('bücher.de')[0]).toBe('https://xn--bcher-kva.de/');
    expect(inputUrls('localhost:8080/rss')[0]).toBe('https://localhost:8080/rss');
    expect(inputUrls('192.168.1.20')[0]).toBe('https://192.168.1.20/');
    expect(inputUrls('[::1]:3000')[0]).toBe('https://[::1]:3000/');
    expect(inputUrls('http://intranet/feed')).toEqual(['http://intranet/feed']);
  });

  it('refuses what is not an address, in words, before anything is fetched', () => {
    for (const typed of [
      'ht!tp://bad url with spaces',
      'this is not a url',
      'ht!tp',
      'news',
      'http://a b/',
    ]) {
      let caught: unknown;
      try {
        inputUrls(typed);
      } catch (err) {
        caught = err;
      }
      expect(caught, typed).toBeInstanceOf(EngineError);
      expect((caught as EngineError).code, typed).toBe('bad_url');
      expect((caught as EngineError).message, typed).toContain('Type a site such as example.com');
    }
    expect(() => inputUrls('ftp://example.com/rss')).toThrow(/Only http and https/);
  });
});
