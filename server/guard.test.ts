import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiMiddleware } from './api.ts';
import { USER_AGENT } from './upstream.ts';
import { fetchPath, listen, rawRequest, startApp, startUpstream, type Running } from './testing.ts';

let app: Running;
let upstream: Running;

beforeAll(async () => {
  app = await startApp({ distDir: '/nonexistent', allowedHosts: ['rivulet.lan'] });
  upstream = await startUpstream((_req, res) => res.end('hello'));
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

const own = (): string => `127.0.0.1:${app.port}`;

describe('API guard', () => {
  it.each([
    ['127.0.0.1', undefined],
    ['localhost', undefined],
    ['[::1]', undefined],
    ['LOCALHOST', undefined],
    ['127.0.0.1', 'same'],
    ['localhost', 'same'],
  ])('allows Host %s with Origin %s', async (name, origin) => {
    const host = `${name}:${app.port}`;
    const headers: Record<string, string> = { host };
    if (origin) headers.origin = `http://${host}`;
    const res = await rawRequest(app.port, fetchPath(`${upstream.url}/`), { headers });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
  });

  it('allows Sec-Fetch-Site same-origin and none', async () => {
    for (const site of ['same-origin', 'none']) {
      const res = await rawRequest(app.port, fetchPath(`${upstream.url}/`), {
        headers: { 'sec-fetch-site': site },
      });
      expect(res.status).toBe(200);
    }
  });

  it('allows configured extra host names on the right port only', async () => {
    const ok = await rawRequest(app.port, '/api/ai/summarize', {
      headers: { host: `rivulet.lan:${app.port}` },
    });
    expect(ok.error?.code).toBe('ai_not_configured');
    const wrongPort = await rawRequest(app.port, '/api/ai/summarize', { headers: { host: `rivulet.lan:1` } });
    expect(wrongPort.error?.code).toBe('forbidden');
  });

  it.each([
    ['foreign host (DNS rebinding)', { host: 'evil.example:PORT' }],
    ['own name, wrong port', { host: '127.0.0.1:1' }],
    ['no port (port 80)', { host: '127.0.0.1' }],
    ['garbage host', { host: 'a b c' }],
    ['foreign origin', { origin: 'http://evil.example' }],
    ['origin on another port', { origin: 'http://127.0.0.1:1' }],
    ['https origin', { origin: 'https://127.0.0.1:PORT' }],
    ['loopback alias origin (not dev mode)', { origin: 'http://localhost:PORT' }],
    ['null origin', { origin: 'null' }],
    ['cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    ['same-site fetch', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 JSON', async (_label, extra) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(extra)) headers[k] = v.replace('PORT', String(app.port));
    const res = await rawRequest(app.port, fetchPath(`${upstream.url}/`), { headers });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.error?.code).toBe('forbidden');
    expect(res.error?.message).toMatch(/\w/);
  });

  it("refuses the proxy's own User-Agent, so /api/fetch cannot re-enter itself", async () => {
    const res = await rawRequest(app.port, '/api/ai/x', { headers: { 'user-agent': USER_AGENT } });
    expect([res.status, res.error?.code]).toEqual([403, 'forbidden']);
  });

  it('guards every API path, not only /api/fetch', async () => {
    for (const p of ['/api/ai/summarize', '/api/unknown', '/api']) {
      const res = await rawRequest(app.port, p, { headers: { host: `evil.example:${app.port}` } });
      expect(res.status).toBe(403);
    }
  });

  it('answers unknown API paths with 404 JSON and unconfigured AI with 503', async () => {
    const missing = await rawRequest(app.port, '/api/nope', { headers: { host: own() } });
    expect([missing.status, missing.error?.code]).toEqual([404, 'not_found']);
    const ai = await rawRequest(app.port, '/api/ai/chat', { method: 'POST', headers: { host: own() } });
    expect([ai.status, ai.error?.code]).toEqual([503, 'ai_not_configured']);
  });

  it('does not guard the static app (pages may be opened by any name)', async () => {
    const res = await rawRequest(app.port, '/f/1', { headers: { host: 'anything.example' } });
    expect(res.status).toBe(503); // no build in /nonexistent, but not a 403
  });
});

describe('API middleware in dev mode (as Vite mounts it)', () => {
  let dev: Running;
  beforeAll(async () => {
    const api = createApiMiddleware({ devOrigins: true });
    dev = await listen(
      http.createServer((req, res) =>
        api(req, res, () => {
          res.end('next called');
        }),
      ),
    );
  });
  afterAll(() => dev.close());

  it('passes non-API paths to next()', async () => {
    const res = await rawRequest(dev.port, '/src/main.tsx');
    expect(res.body.toString()).toBe('next called');
  });

  it('accepts a loopback alias origin on the same port, but no other', async () => {
    const alias = await rawRequest(dev.port, '/api/ai/x', {
      headers: { origin: `http://localhost:${dev.port}` },
    });
    expect(alias.error?.code).toBe('ai_not_configured');
    const other = await rawRequest(dev.port, '/api/ai/x', {
      headers: { origin: `http://localhost:${dev.port + 1}` },
    });
    expect(other.error?.code).toBe('forbidden');
    const foreign = await rawRequest(dev.port, '/api/ai/x', {
      headers: { origin: `http://evil.example:${dev.port}` },
    });
    expect(foreign.error?.code).toBe('forbidden');
  });
});
