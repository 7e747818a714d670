import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEND_REQUEST_BYTES, parseSendEnvelope, SEND_CALLS } from './sendRoute';
import {
  postChunks,
  postEnvelope,
  startApp,
  startRecordingUpstream,
  type Running,
  type SeenRequest,
} from './testing';

let app: Running;
let site: Running;
const seen: SeenRequest[] = [];

beforeAll(async () => {
  app = await startApp({ distDir: '/nonexistent', fetchTimeoutMs: 1000 });
  site = await startRecordingUpstream(seen, (req, res) => {
    if (req.url === '/rw/api/v3/save/')
      return void res.writeHead(429, { 'Retry-After': '17', 'Content-Type': 'application/json' }).end('{}');
    res.writeHead(202, { Location: '/api/bookmarks/x1', 'Content-Type': 'application/json' }).end('{"ok":1}');
  });
});
afterAll(async () => {
  await app.close();
  await site.close();
});

const send = (envelope: unknown, headers: Record<string, string> = {}) =>
  postEnvelope(app.port, '/api/send', envelope, headers);

const codeOf = (text: string) => (JSON.parse(text) as { error: { code: string; message: string } }).error;

describe('POST /api/send', () => {
  it('relays a call the integration makes, with its Authorization, and hands back status and Location', async () => {
    seen.length = 0;
    const res = await send({
      service: 'readeck',
      base: `${site.url}/`,
      method: 'POST',
      path: '/api/bookmarks',
      headers: { Authorization: 'Bearer t0k', 'Content-Type': 'application/json' },
      body: '{"url":"https://example.com/a"}',
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-upstream-status']).toBe('202');
    expect(res.headers['x-upstream-location']).toBe(`${site.url}/api/bookmarks/x1`);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      url: '/api/bookmarks',
      method: 'POST',
      body: '{"url":"https://example.com/a"}',
    });
    expect(seen[0]!.headers.authorization).toBe('Bearer t0k');
  });

  it('keeps a base path prefix and passes Retry-After on', async () => {
    seen.length = 0;
    const res = await send({
      service: 'readwise',
      base: `${site.url}/rw`,
      method: 'POST',
      path: '/api/v3/save/',
      body: '{}',
    });
    expect(res.headers['x-upstream-status']).toBe('429');
    expect(res.headers['x-upstream-retry-after']).toBe('17');
    expect(seen[0]!.url).toBe('/rw/api/v3/save/');
  });

  it('refuses a service that is not one of the integrations, and calls nothing', async () => {
    seen.length = 0;
    const res = await send({ service: 'pocket', base: site.url, method: 'POST', path: '/api/bookmarks' });
    expect(res.status).toBe(403);
    expect(codeOf(res.text).code).toBe('forbidden');
    expect(seen).toHaveLength(0);
  });

  it('refuses paths and methods the service integration does not use (no open proxy)', async () => {
    seen.length = 0;
    for (const [service, method, path] of [
      ['wallabag', 'GET', '/admin'],
      ['wallabag', 'GET', '/api/entries.json'],
      ['linkding', 'POST', '/api/bookmarks'],
      ['readeck', 'POST', '/api/bookmarks/../../etc'],
      ['readwise', 'DELETE', '/api/v3/save/'],
      ['readwise', 'POST', '/api/v3/save/?next=http://evil.test'],
    ] as const) {
      const res = await send({ service, base: site.url, method, path });
      expect(res.status, `${service} ${method} ${path}`).toBe(403);
    }
    expect(seen).toHaveLength(0);
  });

  it('refuses other headers, credentials in the address, queries and other schemes', async () => {
    const ok = { service: 'readeck', base: site.url, method: 'GET', path: '/api/profile' };
    expect((await send({ ...ok, headers: { Cookie: 'a=b' } })).status).toBe(400);
    expect((await send({ ...ok, base: 'http://u:p@127.0.0.1:1/' })).status).toBe(400);
    expect((await send({ ...ok, base: `${site.url}/?x=1` })).status).toBe(400);
    expect((await send({ ...ok, base: 'file:///etc' })).status).toBe(400);
  });

  it('does not call its own API', async () => {
    const res = await send({
      service: 'readeck',
      base: `http://127.0.0.1:${app.port}`,
      method: 'GET',
      path: '/api/profile',
    });
    expect(res.status).toBe(403);
  });

  it("answers only the app's own pages (the guard's same-origin check)", async () => {
    const res = await send(
      { service: 'readeck', base: site.url, method: 'GET', path: '/api/profile' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
  });

  it('lists only the calls each integration documents', () => {
    expect(SEND_CALLS.linkding).toContain('POST /api/bookmarks/');
    expect(() =>
      parseSendEnvelope('{"service":"wallabag","base":"https://w.example","method":"GET","path":"/"}', 1),
    ).toThrow(/not a call the wallabag integration makes/);
  });

  it('refuses an oversize body by its declared length or as it streams, without calling the service', async () => {
    seen.length = 0;
    const json = { 'content-type': 'application/json' };
    const declared = await postChunks(app.port, '/api/send', {
      headers: json,
      chunks: [Buffer.from('{"service":')],
      declaredLength: MAX_SEND_REQUEST_BYTES + 1,
      end: false,
    });
    expect([declared.status, declared.error?.code]).toEqual([413, 'too_large']);
    const envelope = JSON.stringify({
      service: 'readeck',
      base: `${site.url}/`,
      method: 'GET',
      path: '/api/profile',
    });
    const streamed = await postChunks(app.port, '/api/send', {
      headers: json,
      chunks: [
        Buffer.from(envelope.slice(0, -1) + ',"pad":"'),
        ...Array<Buffer>(5).fill(Buffer.alloc(16 * 1024, ' ')),
      ],
    });
    expect([streamed.status, streamed.error?.code]).toEqual([413, 'too_large']);
    expect(seen).toEqual([]);
  });
});
