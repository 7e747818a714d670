import { describe, expect, it } from 'vitest';
import { contentFetchUrl } from './contentFetchUrl';

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

  // A podcast's chapters document (src/player) goes the same way.
  it('a chapters document from a feed on loopback names that feed', () => {
    const path = contentFetchUrl('https://cdn.example/ep1.json?a=1&b=2', 'http://127.0.0.1:9/pod.xml', false);
    const [route, query = ''] = path.split('?');
    expect(route).toBe('/api/fetch');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      url: 'https://cdn.example/ep1.json?a=1&b=2',
      kind: 'content',
      feed: 'http://127.0.0.1:9/pod.xml',
    });
  });

  it('a chapters document without a known feed, private networks allowed', () => {
    const query = new URLSearchParams(contentFetchUrl('http://10.0.0.5/c.json', '', true).split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      url: 'http://10.0.0.5/c.json',
      kind: 'content',
      private: '1',
    });
  });
});
