import { describe, expect, it } from 'vitest';
import { EngineError } from '../../errors';
import { defaultFeed } from '../feeds';
import type { Feed, FeedStatus, IncomingItem } from '../../types';
import type { FetchResult } from '../../formats/fetcher';
import { hashBytes } from '../../../shared/hash';
import { refreshFeed, refreshMany, type FeedPatch, type RefreshDeps } from './pipeline';

const RSS = (n: number) =>
  new TextEncoder().encode(
    `<rss version="2.0"><channel><title>Blog</title><link>https://blog.example/</link>${Array.from({ length: n }, (_, i) => `<item><title>Post ${i}</title><link>/p/${i}</link><guid>g${i}</guid></item>`).join('')}</channel></rss>`,
  );

const feed = (over: Partial<Feed> = {}): Feed => ({
  id: 1,
  ...defaultFeed('https://blog.example/feed'),
  ...over,
});

const result = (over: Partial<FetchResult> = {}): FetchResult => ({
  status: 200,
  bytes: RSS(2),
  contentType: 'application/rss+xml',
  etag: '"v2"',
  lastModified: '',
  retryAfter: null,
  finalUrl: 'https://blog.example/feed',
  permanentRedirect: false,
  notModified: false,
  ...over,
});

function fakes(answer: (url: string) => Promise<FetchResult>) {
  const saved: Array<{ id: number; status: FeedStatus; patch: FeedPatch }> = [];
  const ingested: Array<{ id: number; items: IncomingItem[] }> = [];
  const fetchCalls: Array<{ url: string; etag?: string }> = [];
  const deps: RefreshDeps = {
    fetchFeed: (url, opts) => {
      fetchCalls.push({ url, etag: opts.etag });
      return answer(url);
    },
    ingest: (id, items) => {
      ingested.push({ id, items });
      return Promise.resolve({ added: items.map((_, i) => i + 100), updated: [] });
    },
    saveStatus: (id, status, patch) => {
      saved.push({ id, status, patch });
      return Promise.resolve();
    },
    now: () => 1000,
  };
  return { deps, saved, ingested, fetchCalls };
}

describe('refreshFeed', () => {
  it('fetches conditionally, parses, ingests and saves status with metadata patch', async () => {
    const f = fakes(() => Promise.resolve(result()));
    const out = await refreshFeed(feed({ etag: '"v1"' }), f.deps);
    expect(f.fetchCalls).toEqual([{ url: 'https://blog.example/feed', etag: '"v1"' }]);
    expect(out).toEqual({ feedId: 1, result: 'updated', added: [100, 101], updated: [] });
    expect(f.ingested[0]?.items.map((i) => i.link)).toEqual([
      'https://blog.example/p/0',
      'https://blog.example/p/1',
    ]);
    expect(f.saved[0]?.patch).toEqual({ title: 'Blog', siteUrl: 'https://blog.example/' });
    expect(f.saved[0]?.status).toMatchObject({
      etag: '"v2"',
      bodyHash: hashBytes(RSS(2)),
      lastSuccess: 1000,
      errorCode: '',
    });
  });

  it('skips parsing on 304 and on an unchanged body', async () => {
    const f = fakes(() =>
      Promise.resolve(result({ status: 304, notModified: true, bytes: new Uint8Array() })),
    );
    expect((await refreshFeed(feed({ title: 'Mine' }), f.deps)).result).toBe('not_modified');
    const g = fakes(() => Promise.resolve(result()));
    expect((await refreshFeed(feed({ bodyHash: hashBytes(RSS(2)) }), g.deps)).result).toBe('unchanged');
    expect([...f.ingested, ...g.ingested]).toEqual([]);
    expect(f.saved[0]?.patch).toEqual({});
  });

  it('records parse errors and HTTP errors without ingesting', async () => {
    const f = fakes(() =>
      Promise.resolve(result({ bytes: new TextEncoder().encode('<html><body>hi</body></html>') })),
    );
    const out = await refreshFeed(feed(), f.deps);
    expect(out).toMatchObject({ result: 'failed', error: { code: 'not_a_feed' } });
    expect(f.saved[0]?.status).toMatchObject({ failures: 1, errorCode: 'not_a_feed', bodyHash: '' });
    const g = fakes(() => Promise.resolve(result({ status: 410 })));
    expect((await refreshFeed(feed(), g.deps)).result).toBe('failed');
    expect(g.saved[0]?.status.dead).toBe(true);
    expect([...f.ingested, ...g.ingested]).toEqual([]);
  });

  it('moves the URL on permanent redirects and records proxy failures', async () => {
    const f = fakes(() =>
      Promise.resolve(result({ permanentRedirect: true, finalUrl: 'https://new.example/rss' })),
    );
    await refreshFeed(feed({ title: 'x', siteUrl: 'y' }), f.deps);
    expect(f.saved[0]?.patch).toEqual({ url: 'https://new.example/rss' });
    const g = fakes(() => Promise.reject(new EngineError('timeout', 'too slow')));
    expect(await refreshFeed(feed(), g.deps)).toMatchObject({
      result: 'failed',
      error: { code: 'timeout', message: 'too slow' },
    });
    expect(g.saved[0]?.status).toMatchObject({ errorCode: 'timeout', failures: 1 });
  });

  it('records nothing when the Rivulet server is unreachable or the refresh is cancelled', async () => {
    // The server stopped (an installed app runs on): the feed did nothing wrong, so it gets no
    // failure, no backoff and no error mark, and stays due for the next refresh.
    for (const code of ['network', 'aborted']) {
      const f = fakes(() => Promise.reject(new EngineError(code, 'no server')));
      const prev = feed({ failures: 2, nextFetchAfter: 500, etag: '"v1"' });
      expect(await refreshFeed(prev, f.deps)).toMatchObject({ result: 'failed', error: { code } });
      expect(f.saved).toEqual([]);
    }
  });
});

describe('refreshMany', () => {
  it('limits concurrency, isolates failures, reports progress, keeps order', async () => {
    let inFlight = 0;
    let peak = 0;
    const f = fakes(async (url) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      if (url.endsWith('/3')) throw new EngineError('upstream_unreachable', 'down');
      return result({ finalUrl: url });
    });
    f.deps.saveStatus = (id) => (id === 5 ? Promise.reject(new Error('db closed')) : Promise.resolve());
    const feeds = Array.from({ length: 12 }, (_, i) => feed({ id: i, url: `https://e.com/${i}` }));
    const progress: number[] = [];
    const out = await refreshMany(feeds, f.deps, {
      concurrency: 3,
      onProgress: (p) => progress.push(p.failed),
    });
    expect(peak).toBe(3);
    expect(out.map((o) => o.feedId)).toEqual(feeds.map((x) => x.id));
    expect(out.filter((o) => o.result === 'failed').map((o) => o.feedId)).toEqual([3, 5]);
    expect(progress).toHaveLength(12);
    expect(progress.at(-1)).toBe(2);
  });

  it('skips feeds not yet started after abort', async () => {
    const ctl = new AbortController();
    const f = fakes(() => {
      ctl.abort();
      return Promise.resolve(result());
    });
    const out = await refreshMany([feed({ id: 1 }), feed({ id: 2 }), feed({ id: 3 })], f.deps, {
      concurrency: 1,
      signal: ctl.signal,
    });
    expect(out.map((o) => o.result)).toEqual(['updated', 'skipped', 'skipped']);
  });
});
