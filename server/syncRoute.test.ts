import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postChunks,
  postEnvelope,
  rawRequest,
  startApp,
  startRecordingUpstream,
  startUpstream,
  type Running,
  type SeenRequest,
} from './testing';
import { MAX_SYNC_REQUEST_BYTES } from './syncRoute';

let app: Running;
let site: Running;
let other: Running;
const seen: SeenRequest[] = [];

beforeAll(async () => {
  app = await startApp({ distDir: '/nonexistent', fetchTimeoutMs: 1000 });
  other = await startUpstream((req, res) => {
    seen.push({ url: `other${req.url}`, method: req.method ?? '', headers: req.headers, body: '' });
    res.writeHead(200).end('other');
  });
  site = await startRecordingUpstream(seen, (req, res) => {
    if (req.url === '/same') return void res.writeHead(302, { Location: '/final' }).end();
    if (req.url === '/away') return void res.writeHead(302, { Location: `${other.url}/steal` }).end();
    if (req.url === '/slow') return; // never answers
    if (req.url === '/busy')
      return void res.writeHead(429, { 'Retry-After': '120' }).end('Too Many Requests');
    res.writeHead(req.url === '/final' ? 200 : 201, { 'Content-Type': 'application/json' }).end('{"ok":1}');
  });
});
afterAll(async () => {
  await app.close();
  await site.close();
  await other.close();
});

const sync = (envelope: unknown, headers: Record<string, string> = {}) =>
  postEnvelope(app.port, '/api/sync', envelope, headers);

describe('POST /api/sync', () => {
  it('forwards method, body, Authorization and Content-Type only, and returns the answer with its status', async () => {
    seen.length = 0;
    const res = await sync(
      {
        target: `${site.url}/api?x=1`,
        method: 'POST',
        headers: { Authorization: 'GoogleLogin auth=t', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'a=1&a=2',
      },
      { cookie: 'session=1' },
    );
    expect(res.status).toBe(200);
    expect(res.headers['x-upstream-status']).toBe('201');
    expect(res.headers['x-upstream-content-type']).toBe('application/json');
    expect(res.text).toBe('{"ok":1}');
    expect(seen[0]).toMatchObject({ url: '/api?x=1', method: 'POST', body: 'a=1&a=2' });
    expect(seen[0]?.headers.authorization).toBe('GoogleLogin auth=t');
    expect(seen[0]?.headers.cookie).toBeUndefined();
    expect(seen[0]?.headers['user-agent']).toMatch(/^Rivulet/);
  });

  it('follows a redirect within the origin, but never carries credentials to another origin', async () => {
    seen.length = 0;
    const same = await sync({ target: `${site.url}/same`, method: 'GET', headers: { Authorization: 'k' } });
    expect(same.headers['x-upstream-status']).toBe('200');
    expect(seen.map((s) => s.url)).toEqual(['/same', '/final']);
    seen.length = 0;
    const away = await sync({ target: `${site.url}/away`, method: 'GET', headers: { Authorization: 'k' } });
    expect(away.headers['x-upstream-status']).toBe('302');
    expect(away.headers['x-upstream-location']).toBe(`${other.url}/steal`);
    expect(seen.map((s) => s.url)).toEqual(['/away']);
  });

  it('passes a rate limit on with its Retry-After, and sends none when the server sent none', async () => {
    const busy = await sync({ target: `${site.url}/busy`, method: 'GET' });
    expect([busy.headers['x-upstream-status'], busy.headers['x-upstream-retry-after']]).toEqual([
      '429',
      '120',
    ]);
    const ok = await sync({ target: `${site.url}/final`, method: 'GET' });
    expect(ok.headers['x-upstream-retry-after']).toBeUndefined();
  });

  it.each([
    [{ target: 'ftp://x/' }, 400, 'bad_scheme'],
    [{ target: 'not a url' }, 400, 'bad_url'],
    [{}, 400, 'bad_url'],
    ['{', 400, 'bad_url'],
    [{ target: 'http://x/', headers: { Cookie: 'a' } }, 400, 'bad_url'],
    [{ target: 'http://x/', method: 'DELETE' }, 400, 'bad_url'],
    [{ target: 'http://u:p@x/' }, 400, 'bad_url'],
  ])('refuses %j', async (envelope, status, code) => {
    const res = await sync(envelope);
    expect([res.status, (JSON.parse(res.text) as { error: { code: string } }).error.code]).toEqual([
      status,
      code,
    ]);
  });

  it('refuses its own API, other sites (guard), GET, and times out', async () => {
    const own = await sync({ target: `${app.url}/api/fetch?url=x` });
    expect(own.status).toBe(403);
    const foreign = await sync({ target: `${site.url}/` }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await rawRequest(app.port, '/api/sync')).status).toBe(405);
    const slow = await sync({ target: `${site.url}/slow` });
    expect([slow.status, (JSON.parse(slow.text) as { error: { code: string } }).error.code]).toEqual([
      504,
      'timeout',
    ]);
    const down = await sync({ target: 'http://127.0.0.1:1/' });
    expect(down.status).toBe(502);
  });

  it('refuses an oversize body by its declared length or as it streams, without calling upstream', async () => {
    const before = seen.length;
    const json = { 'content-type': 'application/json' };
    // Declared over the cap: refused on the header, while the body has not even been sent.
    const declared = await postChunks(app.port, '/api/sync', {
      headers: json,
      chunks: [Buffer.from('{"target":')],
      declaredLength: MAX_SYNC_REQUEST_BYTES + 1,
      end: false,
    });
    expect([declared.status, declared.error?.code]).toEqual([413, 'too_large']);
    // Chunked, no length: refused once more than the cap has arrived.
    const padding = Buffer.alloc(64 * 1024, ' ');
    const streamed = await postChunks(app.port, '/api/sync', {
      headers: json,
      chunks: [Buffer.from(`{"target":"${site.url}/","pad":"`), ...Array<Buffer>(17).fill(padding)],
    });
    expect([streamed.status, streamed.error?.code]).toEqual([413, 'too_large']);
    expect(seen.length).toBe(before);
  });
});
