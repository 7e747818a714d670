import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startApp, type Running } from './testing.ts';

let root: string;
let app: Running;
const INDEX = '<!doctype html><title>Rivulet</title><div id="root"></div>';
const BIG_JS = `export const x = ${JSON.stringify('a'.repeat(5000))};\n`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'rivulet-static-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), BIG_JS);
  writeFileSync(path.join(dist, 'assets', 'worker-9f8e.mjs'), 'self.onmessage = () => {};');
  writeFileSync(path.join(dist, 'assets', 'index-def456.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'assets', 'font-1.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(path.join(dist, 'assets', 'sql-1.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d]));
  writeFileSync(path.join(dist, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Rivulet"}');
  writeFileSync(path.join(dist, 'data.json'), '{"a":1}');
  writeFileSync(path.join(dist, '.env'), 'SECRET=1');
  writeFileSync(path.join(root, 'secret.txt'), 'outside dist');
  app = await startApp({ distDir: dist });
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static files', () => {
  it.each([
    ['/assets/index-abc123.js', 'text/javascript; charset=utf-8'],
    ['/assets/worker-9f8e.mjs', 'text/javascript; charset=utf-8'],
    ['/assets/index-def456.css', 'text/css; charset=utf-8'],
    ['/assets/font-1.woff2', 'font/woff2'],
    ['/assets/sql-1.wasm', 'application/wasm'],
    ['/icon.svg', 'image/svg+xml'],
    ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['/data.json', 'application/json; charset=utf-8'],
  ])('serves %s as %s', async (p, type) => {
    const res = await rawRequest(app.port, p);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });

  it('caches hashed assets forever and revalidates everything else', async () => {
    const asset = await rawRequest(app.port, '/assets/index-def456.css');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await rawRequest(app.port, '/icon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const index = await rawRequest(app.port, '/');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body.toString()).toBe(INDEX);
  });

  it.each(['/f/3', '/rss', '/filter/abc', '/f/3/', '/some/deep/link'])(
    'falls back to index.html for %s',
    async (p) => {
      const res = await rawRequest(app.port, p);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toBe(INDEX);
    },
  );

  it.each(['/assets/missing-123.js', '/nope.css', '/f/3/image.png'])(
    'answers 404 (not the app) for a missing file %s',
    async (p) => {
      const res = await rawRequest(app.port, p);
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('Rivulet');
    },
  );

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '//etc/passwd',
    '/%2Fetc%2Fpasswd',
    '/.env',
    '/%00index.html',
    '/%E0%A4%A',
  ])('never escapes dist/ or serves hidden files: %s', async (p) => {
    const res = await rawRequest(app.port, p);
    const text = res.body.toString();
    expect(text).not.toContain('outside dist');
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('root:');
    // Either refused or the harmless app shell, never a file from elsewhere.
    expect([200, 404]).toContain(res.status);
    if (res.status === 200) expect(text).toBe(INDEX);
  });

  it('answers HEAD with headers and no body', async () => {
    const res = await rawRequest(app.port, '/assets/index-def456.css', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String('body{margin:0}'.length));
    expect(res.body.length).toBe(0);
  });

  it('refuses other methods', async () => {
    const res = await rawRequest(app.port, '/', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('revalidates with ETag and Last-Modified', async () => {
    const first = await rawRequest(app.port, '/icon.svg');
    const etag = String(first.headers.etag);
    expect((await rawRequest(app.port, '/icon.svg', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    expect(
      (await rawRequest(app.port, '/icon.svg', { headers: { 'if-none-match': '"other"' } })).status,
    ).toBe(200);
    const lm = String(first.headers['last-modified']);
    expect((await rawRequest(app.port, '/icon.svg', { headers: { 'if-modified-since': lm } })).status).toBe(
      304,
    );
  });

  it('compresses text when the client accepts it', async () => {
    const gz = await rawRequest(app.port, '/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(BIG_JS);
    const br = await rawRequest(app.port, '/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    const plain = await rawRequest(app.port, '/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
  });

  it("sends the build's compressed copy while it is as new as the file, else compresses the file", async () => {
    const dist = path.join(root, 'dist', 'assets');
    const file = path.join(dist, 'pre-1.js');
    writeFileSync(file, BIG_JS);
    // A marker body proves which one was sent: the copy, not a fresh compression of the file.
    writeFileSync(`${file}.br`, zlib.brotliCompressSync('PRECOMPRESSED'));
    writeFileSync(`${file}.gz`, zlib.gzipSync('PRECOMPRESSED GZ'));
    utimesSync(file, 1_000, 1_000);
    const br = await rawRequest(app.port, '/assets/pre-1.js', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe('PRECOMPRESSED');
    const gz = await rawRequest(app.port, '/assets/pre-1.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gz.body).toString()).toBe('PRECOMPRESSED GZ');
    // The file changed after the build wrote its copies: the copies are stale and ignored.
    utimesSync(file, 4_000_000_000, 4_000_000_000);
    const fresh = await rawRequest(app.port, '/assets/pre-1.js', { headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(fresh.body).toString()).toBe(BIG_JS);
  });

  it('puts the security headers on every response, including errors and the API', async () => {
    for (const p of ['/', '/assets/index-abc123.js', '/missing.png', '/api/nothing', '/api/fetch']) {
      const res = await rawRequest(app.port, p);
      const csp = String(res.headers['content-security-policy']);
      // WebAssembly may be compiled (the description search's SIMD scan); JS eval may not.
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|https?:|\*)/);
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
      expect(csp).toContain('img-src * data: blob:');
      expect(csp).toContain('media-src * blob:');
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("connect-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('static files without a build', () => {
  it('explains that the app must be built', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'rivulet-empty-'));
    const bare = await startApp({ distDir: empty });
    try {
      const res = await rawRequest(bare.port, '/f/1');
      expect(res.status).toBe(503);
      expect(res.body.toString()).toContain('npm run build');
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
