import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

/** The Content-Type for a file name, by extension; `application/octet-stream` when unknown. */
export function contentTypeFor(fileName: string): string {
  return TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** Whether a Content-Type is text-like enough that compressing it pays off. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|manifest\+json|xml|javascript)|image\/svg\+xml)/.test(contentType);
}
