// A tiny static server for bench/dist on 127.0.0.1, cross-origin isolated (COOP/COEP) so SQLite's
// OPFS VFS can use SharedArrayBuffer and performance.measureUserAgentSpecificMemory() is offered.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { refreshFetchHandler } from './refreshFeeds.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css',
};

/**
 * Serves `dir` on `port` (0: an ephemeral one); resolves { url, close }. 404 for anything outside
 * `dir`. A fixed port keeps one origin across runs, so a kept browser profile finds its storage.
 */
export function serveStatic(dir, port = 0) {
  // The refresh benchmark's feeds behind the companion server's proxy path (refreshFeeds.mjs).
  const refreshFetch = refreshFetchHandler();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      // Hashed bundles as the app's server sends them (server/staticFiles.ts): a reload, and so
      // each cold start, takes them from the HTTP cache (and their compiled code from V8's code
      // cache), as a reader's reload does; with no-store every start fetched and compiled the
      // ~700 KB engine worker again. Everything else is never cached.
      'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
    };
    if (path === '/api/fetch') {
      refreshFetch(url.searchParams.get('url'), res, headers);
      return;
    }
    // Where the cold start goes to close every engine page (coldSteps.mjs): a blank page.
    if (path === '/rivulet-bench-away') {
      res
        .writeHead(200, { ...headers, 'Content-Type': TYPES['.html'] })
        .end('<!doctype html><title>away</title>');
      return;
    }
    if (!file.startsWith(dir)) {
      res.writeHead(403, headers).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, headers).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
