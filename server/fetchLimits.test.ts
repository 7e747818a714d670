import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../tests/fixtures/feedServer.ts';
import { fetchPath, rawRequest, startApp, type Running } from './testing.ts';

let app: Running;
let small: Running;
let feeds: FeedServer;

beforeAll(async () => {
  app = await startApp({ distDir: '/nonexistent', fetchTimeoutMs: 400 });
  small = await startApp({ distDir: '/nonexistent', maxBytes: 1000 });
  feeds = await startFeedServer();
});
afterAll(async () => {
  await app.close();
  await small.close();
  await feeds.close();
});

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

describe('/api/fetch total timeout', () => {
  it('gives up on stalled headers', async () => {
    const [res, ms] = await timed(() => rawRequest(app.port, fetchPath(`${feeds.url}/slow?ms=5000`)));
    expect([res.status, res.error?.code]).toEqual([504, 'timeout']);
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(4000);
  });

  it('gives up on a stalled body', async () => {
    const [res, ms] = await timed(() => rawRequest(app.port, fetchPath(`${feeds.url}/stall`)));
    expect([res.status, res.error?.code]).toEqual([504, 'timeout']);
    expect(ms).toBeLessThan(4000);
  });

  it('counts the whole fetch, so a body that keeps dripping still times out', async () => {
    feeds.setRoute('/drip', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' });
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('<')), 50);
    });
    const [res, ms] = await timed(() => rawRequest(app.port, fetchPath(`${feeds.url}/drip`)));
    expect(res.error?.code).toBe('timeout');
    expect(ms).toBeLessThan(4000);
  });

  it('answers in time when the site is merely slow', async () => {
    const res = await rawRequest(app.port, fetchPath(`${feeds.url}/slow?ms=100`));
    expect(res.headers['x-upstream-status']).toBe('200');
  });

  it('cancels the upstream request when the browser goes away', async () => {
    let upstreamClosed = false;
    feeds.setRoute('/hold', (req, res) => {
      res.writeHead(200).flushHeaders();
      req.socket.on('close', () => (upstreamClosed = true));
    });
    const client = http.get({
      host: '127.0.0.1',
      port: app.port,
      path: fetchPath(`${feeds.url}/hold`),
      agent: false,
    });
    client.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 100));
    client.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(upstreamClosed).toBe(true);
  });
});

describe('/api/fetch size cap', () => {
  it('refuses a body over the cap and accepts one under it', async () => {
    const over = await rawRequest(small.port, fetchPath(`${feeds.url}/feeds/rss.xml`)); // ~1.7 KB
    expect([over.status, over.error?.code]).toEqual([502, 'too_large']);
    const under = await rawRequest(small.port, fetchPath(`${feeds.url}/status/404`));
    expect(under.headers['x-upstream-status']).toBe('404');
  });

  it('cuts off a 20 MB feed at the default 10 MB', async () => {
    const res = await rawRequest((await bigApp()).port, fetchPath(`${feeds.url}/big`));
    expect([res.status, res.error?.code]).toEqual([502, 'too_large']);
  });

  it('cuts off a gzip bomb while streaming, without inflating it in memory', async () => {
    const server = await bigApp();
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    try {
      const res = await rawRequest(server.port, fetchPath(`${feeds.url}/gzip-bomb`));
      expect([res.status, res.error?.code]).toEqual([502, 'too_large']);
      expect(res.error?.message).toContain('10 MB');
    } finally {
      clearInterval(sampler);
    }
    // The bomb inflates to 100 MB; holding it would grow the process by at least that.
    expect(peak - base).toBeLessThan(60 * 1024 * 1024);
  });
});

let big: Running | null = null;
/** An app with the default 10 MB cap and a generous timeout (the 20 MB stream takes a moment). */
async function bigApp(): Promise<Running> {
  big ??= await startApp({ distDir: '/nonexistent', fetchTimeoutMs: 20_000 });
  return big;
}
afterAll(async () => {
  await big?.close();
});
