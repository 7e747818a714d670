import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { createCompressedCache, type CompressedCache } from './compressedCache.ts';
import { contentTypeFor, isCompressible } from './mime.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Turns the request target into safe path segments under the root, or null when it cannot be served. */
function segmentsOf(url: string | undefined): string[] | null {
  let raw = (url ?? '/').split('?')[0] ?? '/';
  if (!raw.startsWith('/')) {
    // absolute-form ("GET http://host/path"), as a proxy would send
    try {
      raw = new URL(raw).pathname;
    } catch {
      return null;
    }
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  // ".." could climb out of dist/; dot-files are never part of a build.
  if (segments.some((s) => s.startsWith('.'))) return null;
  return segments;
}

function statFile(file: string): Promise<fs.Stats | null> {
  return fs.promises.stat(file).then(
    (s) => (s.isFile() ? s : null),
    () => null,
  );
}

function sendText(res: ServerResponse, status: number, text: string, head: boolean): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(head ? undefined : text);
}

function isFresh(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) return inm.split(',').some((t) => t.trim() === etag || t.trim() === '*');
  const ims = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(ims) && Math.floor(mtime.getTime() / 1000) * 1000 <= ims;
}

function pickEncoding(req: IncomingMessage): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stat: fs.Stats,
  cacheControl: string,
  compressed: CompressedCache,
): Promise<void> {
  const type = contentTypeFor(file);
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', stat.mtime.toUTCString());
  const compressible = isCompressible(type) && stat.size >= 1024;
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (isFresh(req, etag, stat.mtime)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = compressible ? pickEncoding(req) : null;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  else res.setHeader('Content-Length', stat.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (encoding) {
    // The build's own compressed copy (scripts/lib/precompress.ts) when it is as new as the file.
    const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const pre = await statFile(sibling);
    if (pre && pre.mtimeMs >= stat.mtimeMs) {
      res.setHeader('Content-Length', pre.size);
      pipeline(fs.createReadStream(sibling), res, (err) => err && res.destroy());
      return;
    }
    const body = await compressed.get(file, stat, encoding).catch(() => null);
    if (body) {
      res.setHeader('Content-Length', body.length);
      res.end(body);
      return;
    }
  }
  const stream = fs.createReadStream(file);
  const done = (err: NodeJS.ErrnoException | null): void => {
    if (err) res.destroy();
  };
  if (encoding === 'br') pipeline(stream, zlib.createBrotliCompress(), res, done);
  else if (encoding === 'gzip') pipeline(stream, zlib.createGzip(), res, done);
  else pipeline(stream, res, done);
}

/**
 * Serves the built app from `distDir`: files as they are (hashed `/assets/*` cached for a year,
 * everything else `no-cache` with ETag/Last-Modified revalidation), 404 for a missing path that
 * has a file extension, and `index.html` for any other GET so deep links (`/f/3`) work. Paths
 * are decoded once and refused if any segment is `..` or a dot-file, so nothing outside
 * `distDir` is reachable. Text responses are sent compressed: the build's .br/.gz copy when there is a fresh one, else
 * compressed once per file version and answered from memory (compressedCache.ts). GET and HEAD only.
 */
export function createStaticHandler(
  distDir: string,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const compressed = createCompressedCache();
  return async (req, res) => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.setHeader('Allow', 'GET, HEAD');
      sendText(res, 405, 'Method not allowed\n', false);
      return;
    }
    const segments = segmentsOf(req.url);
    if (!segments) {
      sendText(res, 404, 'Not found\n', head);
      return;
    }
    const file = path.join(root, ...segments);
    if (file !== root && !file.startsWith(root + path.sep)) {
      sendText(res, 404, 'Not found\n', head); // belt and braces: segmentsOf already refused ".."
      return;
    }
    const stat = segments.length > 0 ? await statFile(file) : null;
    if (stat) {
      const hashed = segments[0] === 'assets' && segments.length > 1;
      await sendFile(req, res, file, stat, hashed ? IMMUTABLE : 'no-cache', compressed);
      return;
    }
    if (path.extname(segments.at(-1) ?? '') !== '') {
      sendText(res, 404, 'Not found\n', head);
      return;
    }
    const index = await statFile(indexFile);
    if (!index) {
      sendText(res, 503, 'Rivulet has not been built yet: run `npm run build`, then start again.\n', head);
      return;
    }
    await sendFile(req, res, indexFile, index, 'no-cache', compressed);
  };
}
