import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import { directFetch } from './directFetch';
import { fetchFeed, parseRetryAfter, type FetchImpl } from './fetcher';

function proxyAnswer(body: string, headers: Record<string, string>): Response {
  return new Response(body, { status: 200, headers });
}

describe('fetchFeed', () => {
  it('calls /api/fetch with the encoded URL and conditional headers, and reads upstream headers', async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const fetchImpl: FetchImpl = (url, init) => {
      calls.push({ url, headers: init?.headers as Record<string, string> });
      return Promise.resolve(
        proxyAnswer('<rss/>', {
          'X-Upstream-Status': '200',
          'X-Upstream-Content-Type': 'application/rss+xml; charset=utf-8',
          'X-Upstream-ETag': '"abc"',
          'X-Upstream-Last-Modified': 'Sat, 05 Jan 2024 10:00:00 GMT',
          'X-Upstream-Retry-After': '',
          'X-Final-Url': 'https://example.com/new.xml',
          'X-Permanent-Redirect': '1',
        }),
      );
    };
    const r = await fetchFeed('https://example.com/feed?a=1&b=2', {
      etag: '"old"',
      lastModified: 'x',
      fetchImpl,
      base: 'http://127.0.0.1:5173',
    });
    expect(calls[0]?.url).toBe(
      'http://127.0.0.1:5173/api/fetch?url=https%3A%2F%2Fexample.com%2Ffeed%3Fa%3D1%26b%3D2',
    );
    expect(calls[0]?.headers).toEqual({ 'If-None-Match': '"old"', 'If-Modified-Since': 'x' });
    expect(new TextDecoder().decode(r.bytes)).toBe('<rss/>');
    expect(r).toMatchObject({
      status: 200,
      contentType: 'application/rss+xml; charset=utf-8',
      etag: '"abc"',
      lastModified: 'Sat, 05 Jan 2024 10:00:00 GMT',
      retryAfter: null,
      finalUrl: 'https://example.com/new.xml',
      permanentRedirect: true,
      notModified: false,
    });
  });

  it('reports 304 as notModified and upstream errors as statuses, with Retry-After', async () => {
    const answer =
      (status: string, extra: Record<string, string> = {}): FetchImpl =>
      () =>
        Promise.resolve(proxyAnswer('', { 'X-Upstream-Status': status, ...extra }));
    expect(await fetchFeed('https://e.com/', { fetchImpl: answer('304') })).toMatchObject({
      status: 304,
      notModified: true,
      finalUrl: 'https://e.com/',
      permanentRedirect: false,
    });
    expect(
      await fetchFeed('https://e.com/', { fetchImpl: answer('429', { 'X-Upstream-Retry-After': '120' }) }),
    ).toMatchObject({ status: 429, retryAfter: 120 });
    expect((await fetchFeed('https://e.com/', { fetchImpl: answer('410') })).status).toBe(410);
  });

  it('throws the proxy error code and message', async () => {
    const fetchImpl: FetchImpl = () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'forbidden', message: 'Private address' } }), {
          status: 403,
        }),
      );
    await expect(fetchFeed('http://10.0.0.1/', { fetchImpl })).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Private address',
    });
    const html: FetchImpl = () => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const err = await fetchFeed('http://x/', { fetchImpl: html }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ code: 'proxy_error' });
  });

  it('throws network when fetch rejects, aborted when cancelled', async () => {
    const down: FetchImpl = () => Promise.reject(new TypeError('fetch failed'));
    await expect(fetchFeed('http://x/', { fetchImpl: down })).rejects.toMatchObject({ code: 'network' });
    const ctl = new AbortController();
    ctl.abort();
    const abortable: FetchImpl = (_u, init) => Promise.reject(init?.signal?.reason as Error);
    await expect(fetchFeed('http://x/', { fetchImpl: abortable, signal: ctl.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2024-01-05T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Sat, 05 Jan 2024 10:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Sat, 05 Jan 2024 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('directFetch', () => {
  const upstream =
    (routes: Record<string, () => Response>): FetchImpl =>
    (url) => {
      const route = routes[url];
      return route ? Promise.resolve(route()) : Promise.reject(new TypeError('getaddrinfo ENOTFOUND'));
    };

  it('follows redirects, flags all-permanent chains, and passes upstream headers', async () => {
    const fetchImpl = directFetch(
      upstream({
        'https://a.com/feed': () => new Response(null, { status: 301, headers: { location: '/feed2' } }),
        'https://a.com/feed2': () =>
          new Response(null, { status: 308, headers: { location: 'https://b.com/rss' } }),
        'https://b.com/rss': () =>
          new Response('<rss/>', { status: 200, headers: { 'content-type': 'text/xml', etag: 'W/"1"' } }),
      }),
    );
    const r = await fetchFeed('https://a.com/feed', { fetchImpl });
    expect(r).toMatchObject({
      status: 200,
      finalUrl: 'https://b.com/rss',
      permanentRedirect: true,
      etag: 'W/"1"',
      contentType: 'text/xml',
    });
  });

  it('does not flag a chain with a temporary hop as permanent', async () => {
    const fetchImpl = directFetch(
      upstream({
        'https://a.com/feed': () =>
          new Response(null, { status: 302, headers: { location: 'https://a.com/x' } }),
        'https://a.com/x': () => new Response('ok'),
      }),
    );
    expect((await fetchFeed('https://a.com/feed', { fetchImpl })).permanentRedirect).toBe(false);
  });

  it('answers proxy-style errors', async () => {
    const loop = directFetch(() =>
      Promise.resolve(new Response(null, { status: 302, headers: { location: '/again' } })),
    );
    await expect(fetchFeed('https://a.com/', { fetchImpl: loop })).rejects.toMatchObject({
      code: 'too_many_redirects',
    });
    await expect(fetchFeed('ftp://a.com/', { fetchImpl: directFetch(upstream({})) })).rejects.toMatchObject({
      code: 'bad_scheme',
    });
    await expect(fetchFeed('not a url', { fetchImpl: directFetch(upstream({})) })).rejects.toMatchObject({
      code: 'bad_url',
    });
    await expect(
      fetchFeed('https://nowhere.invalid/', { fetchImpl: directFetch(upstream({})) }),
    ).rejects.toMatchObject({ code: 'upstream_unreachable' });
  });
});
