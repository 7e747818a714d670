import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** What the companion server sends compressed (server/mime.ts isCompressible, by extension). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost (as the server decides). */
const MIN_BYTES = 1024;

/** Every file under `dir` worth a compressed copy (source maps are left to the on-demand path). */
async function compressible(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if ((await stat(file)).size >= MIN_BYTES) found.push(file);
  }
  return found;
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each text file
 * of a build, which server/staticFiles.ts sends instead of compressing on every request. Why at
 * build time: Brotli 11 over the app's scripts is seconds of CPU, and every new server (each
 * `npm start`, each end-to-end file with its own server) would otherwise pay it again before its
 * first page. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = await compressible(dir);
  const jobs = files.flatMap((file) => [
    () =>
      pipeline(
        createReadStream(file),
        zlib.createBrotliCompress({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
        createWriteStream(`${file}.br`),
      ),
    () => pipeline(createReadStream(file), zlib.createGzip({ level: 9 }), createWriteStream(`${file}.gz`)),
  ]);
  // As many at once as libuv has threads for zlib, so the build uses the cores it has.
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return files;
}

/**
 * Pre-compresses the finished build (see precompressDir). Runs last, after the service worker
 * plugin has written sw.js's version, so every copy matches the file it stands for; the copies
 * are not in the precache list (the browser never asks for them by name).
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'rivulet-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config || config.build.watch) return;
        await precompressDir(resolve(config.root, config.build.outDir));
      },
    },
  };
}
