import { describe, expect, it } from 'vitest';
import { readFeed } from '../../worker/formats/read';
import { refreshFeedBody, refreshFeedUrl, refreshFetchHandler } from './refreshFeeds.mjs';

// A stand-in for node's ServerResponse: what the handler wrote.
function response() {
  const res = { status: 0, headers: {}, body: '' };
  return Object.assign(res, {
    writeHead(status, headers) {
      res.status = status;
      res.headers = headers;
      return res;
    },
    end(body = '') {
      res.body = String(body);
    },
  });
}

describe('refresh benchmark feeds', () => {
  it('are RSS the engine reads: 50 articles with guid, title, author, date, link and HTML', () => {
    const feed = readFeed(
      new TextEncoder().encode(refreshFeedBody(7, 0)),
      'application/rss+xml',
      refreshFeedUrl(7),
    );
    expect(feed.items).toHaveLength(50);
    const first = feed.items[0];
    expect(first.guid).toBe('urn:refresh:7-0-0');
    expect(first.title.length).toBeGreaterThan(0);
    expect(first.author).toMatch(/^Author \d+$/);
    expect(first.pubDate).toBeGreaterThan(0);
    expect(first.description).toContain('<p>');
    expect(new Set(feed.items.map((i) => i.guid)).size).toBe(50);
  });

  it('bring 50 new articles at every fetch of the same URL, through the proxy path', () => {
    const handle = refreshFetchHandler();
    const guids = (body) =>
      readFeed(new TextEncoder().encode(body), null, refreshFeedUrl(3)).items.map((i) => i.guid);
    const a = response();
    handle(refreshFeedUrl(3), a, {});
    const b = response();
    handle(refreshFeedUrl(3), b, {});
    expect(a.status).toBe(200);
    expect(a.headers['X-Upstream-Status']).toBe('200');
    expect(a.headers['X-Upstream-Content-Type']).toContain('rss');
    const seen = new Set(guids(a.body));
    expect(guids(b.body).filter((g) => seen.has(g))).toEqual([]);
    // Deterministic: the same feed and fetch number give the same text.
    expect(refreshFeedBody(3, 1, 50, 0)).toBe(refreshFeedBody(3, 1, 50, 0));
  });

  it('answers any other URL with a proxy error, as the companion server does', () => {
    const res = response();
    refreshFetchHandler()('https://example.com/feed.xml', res, {});
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body).error.code).toBe('upstream_unreachable');
  });
});
