import { describe, expect, it } from 'vitest';
import { loadReadFeed } from './lazyRead';
import { readFeed } from './read';

describe('loadReadFeed', () => {
  it('gives the same readFeed every time, loaded once', async () => {
    const [a, b] = await Promise.all([loadReadFeed(), loadReadFeed()]);
    expect(a).toBe(readFeed);
    expect(b).toBe(readFeed);
    const rss = '<rss version="2.0"><channel><title>T</title><item><title>One</title></item></channel></rss>';
    const feed = a(new TextEncoder().encode(rss), 'application/rss+xml', 'https://example.com/feed');
    expect(feed.items.map((i) => i.title)).toEqual(['One']);
  });
});
