import { describe, expect, it } from 'vitest';
import { contentFetchUrl, proxyFetchImpl } from './net';

const params = (path: string) => {
  const [route, query = ''] = path.split('?');
  return { route, query: Object.fromEntries(new URLSearchParams(query)) };
};

describe('contentFetchUrl', () => {
  it('asks for a content fetch and names the feed the link came from', () => {
    const path = contentFetchUrl(
      'https://news.example/a?b=1&c=2#top',
      'https://news.example/feed.xml?x=y',
      false,
    );
    expect(params(path)).toEqual({
      route: '/api/fetch',
      query: {
        url: 'https://news.example/a?b=1&c=2#top',
        kind: 'content',
        feed: 'https://news.example/feed.xml?x=y',
      },
    });
  });

  it('adds private=1 only when the user allowed private networks', () => {
    expect(params(contentFetchUrl('http://10.0.0.5/', 'https://a.example/f', true)).query).toEqual({
      url: 'http://10.0.0.5/',
      kind: 'content',
      feed: 'https://a.example/f',
      private: '1',
    });
    expect(contentFetchUrl('http://10.0.0.5/', 'https://a.example/f', false)).not.toContain('private');
  });

  it('leaves out an unknown feed rather than sending an empty one', () => {
    expect(params(contentFetchUrl('https://a.example/x', '', false)).query).toEqual({
      url: 'https://a.example/x',
      kind: 'content',
    });
  });

  it('encodes characters that would otherwise split the query', () => {
    const url = 'https://a.example/p?q=a&kind=feed&private=1';
    const path = contentFetchUrl(url, 'https://a.example/f&private=1', false);
    expect(params(path).query).toEqual({ url, kind: 'content', feed: 'https://a.example/f&private=1' });
  });

  it('goes to the configured server through proxyFetchImpl', async () => {
    const seen: string[] = [];
    const impl = proxyFetchImpl({
      base: 'http://127.0.0.1:4173/',
      impl: (input) => {
        seen.push(input);
        return Promise.resolve(new Response(''));
      },
    });
    await impl(contentFetchUrl('https://a.example/x', 'https://a.example/f', false));
    expect(seen[0]?.startsWith('http://127.0.0.1:4173/api/fetch?url=')).toBe(true);
  });
});
