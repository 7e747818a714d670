import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompressedCache } from './compressedCache.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivulet-cc-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string, mtime: number): { file: string; stat: fs.Stats } {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  fs.utimesSync(file, mtime, mtime);
  return { file, stat: fs.statSync(file) };
}

describe('compressed cache', () => {
  it('compresses a file version once and answers later requests with the same body', async () => {
    const cache = createCompressedCache();
    const { file, stat } = write('a.js', 'const a = 1;\n'.repeat(500), 1_000);
    const [first, concurrent] = await Promise.all([cache.get(file, stat, 'br'), cache.get(file, stat, 'br')]);
    expect(zlib.brotliDecompressSync(first!).toString()).toBe('const a = 1;\n'.repeat(500));
    expect(concurrent).toBe(first);
    expect(await cache.get(file, stat, 'br')).toBe(first);
    const gz = await cache.get(file, stat, 'gzip');
    expect(zlib.gunzipSync(gz!).toString()).toBe('const a = 1;\n'.repeat(500));
  });

  it('serves the new content once the file changes', async () => {
    const cache = createCompressedCache();
    const before = write('index.html', '<p>old</p>'.repeat(200), 1_000);
    await cache.get(before.file, before.stat, 'gzip');
    const after = write('index.html', '<p>new!</p>'.repeat(200), 2_000);
    expect(zlib.gunzipSync((await cache.get(after.file, after.stat, 'gzip'))!).toString()).toBe(
      '<p>new!</p>'.repeat(200),
    );
  });

  it('leaves files above the per-file cap to streaming', async () => {
    const cache = createCompressedCache(1024 * 1024, 100);
    const { file, stat } = write('big.js', 'x'.repeat(101), 1_000);
    expect(await cache.get(file, stat, 'br')).toBeNull();
  });

  it('drops the least recently used bodies beyond the byte cap, and still answers them', async () => {
    // Random bytes do not compress, so each body is about 2 kB and the cap holds one of them.
    const cache = createCompressedCache(3000);
    const noise = (): string =>
      Buffer.from(Array.from({ length: 2000 }, () => Math.floor(Math.random() * 256))).toString('latin1');
    const a = write('a.js', noise(), 1_000);
    const b = write('b.js', noise(), 1_000);
    const bodyA = await cache.get(a.file, a.stat, 'gzip');
    await cache.get(b.file, b.stat, 'gzip');
    const againA = await cache.get(a.file, a.stat, 'gzip');
    expect(againA).not.toBe(bodyA); // evicted, compressed anew
    expect(zlib.gunzipSync(againA!).equals(zlib.gunzipSync(bodyA!))).toBe(true);
  });

  it('does not remember a failed read', async () => {
    const cache = createCompressedCache();
    const { file, stat } = write('gone.js', 'y'.repeat(300), 1_000);
    fs.rmSync(file);
    await expect(cache.get(file, stat, 'br')).rejects.toThrow();
    fs.writeFileSync(file, 'y'.repeat(300));
    expect(zlib.brotliDecompressSync((await cache.get(file, stat, 'br'))!).toString()).toBe('y'.repeat(300));
  });
});
