import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings the static handler offers. */
export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compressed copies of served files, kept in memory and keyed by path, size, mtime and encoding.
 *
 * Why: Brotli at its default quality (11) costs about 12 s of CPU for the whole of dist/assets on
 * this machine, and every fresh browser profile (each e2e test, each new device, the service
 * worker's precache) asked for all of it, so the server recompressed the same bytes again and
 * again. The build now writes compressed copies (scripts/lib/precompress.ts); this cache serves
 * what has none (a build from before, files added by hand) once per file version from memory.
 * A build is a few megabytes compressed; the byte cap bounds it anyway, dropping the oldest
 * entries first. Files above `maxFileBytes` are streamed through the compressor instead.
 */
export interface CompressedCache {
  /** The compressed body, or null when the file is too large to cache (stream it instead). */
  get(file: string, stat: fs.Stats, encoding: Encoding): Promise<Buffer | null>;
}

export function createCompressedCache(
  maxBytes = 64 * 1024 * 1024,
  maxFileBytes = 8 * 1024 * 1024,
): CompressedCache {
  const entries = new Map<string, Promise<Buffer>>();
  const sizes = new Map<string, number>();
  let total = 0;

  const evict = (key: string): void => {
    entries.delete(key);
    total -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };

  const cache: CompressedCache = {
    get(file, stat, encoding) {
      if (stat.size > maxFileBytes) return Promise.resolve(null);
      const key = `${encoding}\0${file}\0${stat.size}\0${stat.mtimeMs}`;
      const hit = entries.get(key);
      if (hit) {
        // Map order doubles as recency: move the hit to the end.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const made = fs.promises
        .readFile(file)
        .then((raw) => (encoding === 'br' ? brotli(raw) : gzip(raw)))
        .then(
          (body) => {
            if (entries.get(key) === made) {
              sizes.set(key, body.length);
              total += body.length;
              for (const old of entries.keys()) {
                if (total <= maxBytes || old === key) break;
                evict(old);
              }
            }
            return body;
          },
          (err: unknown) => {
            evict(key); // a failed read or compression is not remembered
            throw err;
          },
        );
      entries.set(key, made);
      return made;
    },
  };
  return cache;
}
