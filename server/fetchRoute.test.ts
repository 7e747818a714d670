import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../tests/fixtures/feedServer.ts';
import { charsetFeeds } from '../tests/fixtures/feedServerBodies.ts';
import { fetchPath, rawRequest, startApp, startUpstream, type Running } from './testing.ts';

let app: Running;
let feeds: FeedServer;
let site: Running;
const BINARY = Buffer.from([...Array.from({ length: 256 }, (_, i) => i), 0xc3, 0x28, 0xff, 0xfe, 0x00]);
const TEXT = 'Crème brûlée, 5 €, and enough words to make compression worthwhile. '.repeat(20);

beforeAll(async () => {
  app = await startApp({ distDir: '/nonexistent' });
  feeds = await startFeedServer();
  site = await startUpstream((req, res) => {
    const enc = req.url?.slice(1) ?? '';
    if (enc === 'binary') return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(BINARY);
    if (enc === 'cut') {
      // Promises 1000 bytes, sends 10, hangs up.
      res.writeHead(200, { 'Content-Length': 1000 });
      res.write('0123456789', () => res.destroy());
      return;
    }
    if (enc === 'declared-huge') {
      res.writeHead(200, { 'Content-Length': 50 * 1024 * 1024 }).flushHeaders();
      return; // never sends: the proxy must refuse on the header alone
    }
    const bodies: Record<string, () => Buffer> = {
      gzip: () => zlib.gzipSync(TEXT),
      deflate: () => zlib.deflateSync(TEXT),
      'deflate-raw': () => zlib.deflateRawSync(TEXT),
      br: () => zlib.brotliCompressSync(TEXT),
      'gzip-truncated': () => zlib.gzipSync(TEXT).subarray(0, 60),
      'gzip-corrupt': () => Buffer.from('this is not gzip at all'),
      'br-empty': () => Buffer.alloc(0),
    };
    const make = bodies[enc];
    if (!make) return void res.writeHead(404).end();
    const header = enc === 'deflate-raw' ? 'deflate' : enc.split('-')[0];
    res.writeHead(200, { 'Content-Encoding': header, 'Content-Type': 'text/plain' }).end(make());
  });
});
afterAll(async () => {
  await app.close();
  await feeds.close();
  await site.close();
});

const proxy = (target: string, headers: Record<string, string> = {}) =>
  rawRequest(app.port, fetchPath(target), { headers });

describe('GET /api/fetch success', () => {
  it('returns the upstream bytes untouched with the X-Upstream headers', async () => {
    const res = await proxy(`${site.url}/binary`);
    expect(res.status).toBe(200);
    expect(res.body.equals(BINARY)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-upstream-status']).toBe('200');
    expect(res.headers['x-upstream-content-type']).toBe('image/png');
    expect(res.headers['x-final-url']).toBe(`${site.url}/binary`);
    expect(res.headers['x-permanent-redirect']).toBeUndefined();
    expect(res.headers['x-upstream-etag']).toBeUndefined();
  });

  it('passes feed validators and wrongly-labelled charsets through byte for byte', async () => {
    const res = await proxy(`${feeds.url}/charset/wrong`);
    expect(res.body.equals(charsetFeeds.windows1252)).toBe(true);
    expect(res.headers['x-upstream-content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['x-upstream-etag']).toMatch(/^"[0-9a-f]{16}"$/);
    expect(res.headers['x-upstream-last-modified']).toBe('Mon, 01 Jan 2024 10:00:00 GMT');
  });

  it.each(['gzip', 'deflate', 'deflate-raw', 'br'])('decompresses %s', async (enc) => {
    const res = await proxy(`${site.url}/${enc}`);
    expect(res.headers['x-upstream-status']).toBe('200');
    expect(res.body.toString('utf8')).toBe(TEXT);
  });

  it('keeps what decoded from a truncated gzip body, and refuses a corrupt one', async () => {
    const truncated = await proxy(`${site.url}/gzip-truncated`);
    expect(truncated.status).toBe(200);
    expect(TEXT.startsWith(truncated.body.toString('utf8'))).toBe(true);
    const corrupt = await proxy(`${site.url}/gzip-corrupt`);
    expect([corrupt.status, corrupt.error?.code]).toEqual([502, 'upstream_unreachable']);
  });

  it('treats an empty body labelled as compressed as empty', async () => {
    const res = await proxy(`${site.url}/br-empty`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });

  it.each([
    [404, undefined],
    [410, undefined],
    [500, undefined],
    [429, '120'],
  ])('reports upstream status %i as a successful proxy answer', async (status, retry) => {
    const res = await proxy(`${feeds.url}/status/${status}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-upstream-status']).toBe(String(status));
    expect(res.headers['x-upstream-retry-after']).toBe(retry);
    expect(res.body.toString()).toBe(`status ${status}\n`);
  });

  it('passes an HTTP-date Retry-After through', async () => {
    const res = await proxy(`${feeds.url}/status/503`);
    expect(res.headers['x-upstream-status']).toBe('503');
    expect(Date.parse(String(res.headers['x-upstream-retry-after']))).toBeGreaterThan(Date.now());
  });

  it('sends our User-Agent, Accept and Accept-Encoding, and nothing of the browser', async () => {
    feeds.reset();
    await proxy(`${feeds.url}/feeds/atom.xml`, {
      cookie: 'session=1',
      authorization: 'Bearer x',
      'x-other': '1',
    });
    const seen = feeds.requests[0]?.headers ?? {};
    expect(seen['user-agent']).toBe('Rivulet/0.1 (+feed reader)');
    expect(seen.accept).toContain('application/rss+xml');
    expect(seen.accept).toContain('text/html');
    expect(seen['accept-encoding']).toBe('gzip, deflate, br');
    expect(seen.cookie).toBeUndefined();
    expect(seen.authorization).toBeUndefined();
    expect(seen['x-other']).toBeUndefined();
  });

  it('forwards If-None-Match and If-Modified-Since and passes 304 through', async () => {
    const first = await proxy(`${feeds.url}/feeds/rss.xml`);
    const etag = String(first.headers['x-upstream-etag']);
    feeds.reset();
    const byEtag = await proxy(`${feeds.url}/feeds/rss.xml`, { 'if-none-match': etag });
    expect(byEtag.status).toBe(200);
    expect(byEtag.headers['x-upstream-status']).toBe('304');
    expect(byEtag.body.length).toBe(0);
    expect(feeds.requests[0]?.headers['if-none-match']).toBe(etag);

    const lm = String(first.headers['x-upstream-last-modified']);
    const byDate = await proxy(`${feeds.url}/feeds/rss.xml`, { 'if-modified-since': lm });
    expect(byDate.headers['x-upstream-status']).toBe('304');
    expect(feeds.requests[1]?.headers['if-modified-since']).toBe(lm);

    const changed = await proxy(`${feeds.url}/feeds/rss.xml`, { 'if-none-match': '"stale"' });
    expect(changed.headers['x-upstream-status']).toBe('200');
    expect(changed.body.length).toBeGreaterThan(100);
  });
});

describe('GET /api/fetch redirects', () => {
  const chain = (codes: number[], to: string): string =>
    codes.reduceRight((acc, code) => `/redirect/${code}?to=${encodeURIComponent(acc)}`, to);

  it('marks a chain of only 301/308 as permanent and reports the final URL', async () => {
    const res = await proxy(`${feeds.url}${chain([301, 308], '/feeds/rss.xml')}`);
    expect(res.headers['x-upstream-status']).toBe('200');
    expect(res.headers['x-permanent-redirect']).toBe('1');
    expect(res.headers['x-final-url']).toBe(`${feeds.url}/feeds/rss.xml`);
    expect(res.body.toString()).toContain('Riverbank Notes');
  });

  it.each([[[302]], [[307]], [[301, 302]], [[302, 301]], [[303]]])(
    'does not mark %j as permanent',
    async (codes) => {
      const res = await proxy(`${feeds.url}${chain(codes, '/feeds/atom.xml')}`);
      expect(res.headers['x-final-url']).toBe(`${feeds.url}/feeds/atom.xml`);
      expect(res.headers['x-permanent-redirect']).toBeUndefined();
    },
  );

  it('follows exactly 5 redirects and refuses the 6th', async () => {
    const five = await proxy(`${feeds.url}${chain([301, 301, 301, 301, 301], '/feeds/rss.xml')}`);
    expect(five.headers['x-upstream-status']).toBe('200');
    const six = await proxy(`${feeds.url}${chain([301, 301, 301, 301, 301, 301], '/feeds/rss.xml')}`);
    expect([six.status, six.error?.code]).toEqual([508, 'too_many_redirects']);
  });

  it('detects loops', async () => {
    const res = await proxy(`${feeds.url}/loop/a`);
    expect([res.status, res.error?.code]).toEqual([508, 'too_many_redirects']);
    expect(res.error?.message).toMatch(/loop/);
  });

  it.each(['ftp://example.com/feed.xml', 'file:///etc/passwd', 'javascript:alert(1)'])(
    'refuses a redirect to %s',
    async (to) => {
      const res = await proxy(`${feeds.url}/redirect/302?to=${encodeURIComponent(to)}`);
      expect([res.status, res.error?.code]).toEqual([400, 'bad_scheme']);
      expect(res.body.toString()).not.toContain('root:');
    },
  );

  it('passes a redirect without Location through as the answer', async () => {
    feeds.setRoute('/weird', (_req, res) => res.writeHead(302).end('no location'));
    const res = await proxy(`${feeds.url}/weird`);
    expect(res.headers['x-upstream-status']).toBe('302');
    expect(res.body.toString()).toBe('no location');
  });
});

describe('GET /api/fetch refusals', () => {
  it.each([
    ['/api/fetch', 'bad_url'],
    ['/api/fetch?url=', 'bad_url'],
    ['/api/fetch?url=%2Ffeeds%2Frss.xml', 'bad_url'],
    ['/api/fetch?url=example.com%2Ffeed', 'bad_url'],
    ['/api/fetch?url=http%3A%2F%2F', 'bad_url'],
    ['/api/fetch?url=ftp%3A%2F%2Fexample.com%2Ff', 'bad_scheme'],
    ['/api/fetch?url=file%3A%2F%2F%2Fetc%2Fpasswd', 'bad_scheme'],
    ['/api/fetch?url=data%3Atext%2Fplain%2Chi', 'bad_scheme'],
    ['/api/fetch?url=javascript%3Aalert(1)', 'bad_scheme'],
  ])('%s → 400 %s', async (p, code) => {
    const res = await rawRequest(app.port, p);
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe(code);
    expect(res.error?.message.length).toBeGreaterThan(10);
  });

  it('refuses to fetch its own API', async () => {
    for (const name of ['127.0.0.1', 'localhost']) {
      const res = await proxy(`http://${name}:${app.port}/api/fetch?url=x`);
      expect([res.status, res.error?.code]).toEqual([403, 'forbidden']);
    }
  });

  it('refuses methods other than GET', async () => {
    const res = await rawRequest(app.port, fetchPath(`${feeds.url}/feeds/rss.xml`), { method: 'POST' });
    expect([res.status, res.error?.code]).toEqual([405, 'method_not_allowed']);
  });

  it('reports a refused connection with its cause', async () => {
    const closed = await startUpstream(() => undefined);
    const url = `${closed.url}/feed`;
    await closed.close();
    const res = await proxy(url);
    expect([res.status, res.error?.code]).toEqual([502, 'upstream_unreachable']);
    expect(res.error?.message).toBe(
      'Could not reach the site: the site refused the connection (ECONNREFUSED)',
    );
  });

  it('reports a connection cut in the middle of the body', async () => {
    const res = await proxy(`${site.url}/cut`);
    expect([res.status, res.error?.code]).toEqual([502, 'upstream_unreachable']);
  });

  it('refuses a declared Content-Length over the cap without waiting for the body', async () => {
    const res = await proxy(`${site.url}/declared-huge`);
    expect([res.status, res.error?.code]).toEqual([502, 'too_large']);
  });

  it('reports a TLS failure', async () => {
    const res = await proxy(`https://127.0.0.1:${feeds.port}/feeds/rss.xml`);
    expect([res.status, res.error?.code]).toEqual([502, 'upstream_unreachable']);
  });

  it('reports an unknown host', async () => {
    const res = await proxy('http://no-such-host.invalid/feed');
    expect(res.status).toBe(502);
    expect(res.error?.code).toBe('upstream_unreachable');
    expect(res.error?.message).toMatch(
      /^Could not reach the site: (no site has that name; check the address for typos \(ENOTFOUND\)|the name could not be looked up just now; check the connection \(EAI_AGAIN\))/,
    );
  });
});
