import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** Files copied from public/ that the app shell needs offline. */
export const SW_PUBLIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
];

/** Length of the version string written into sw.js (hex digits of a SHA-256). */
const VERSION_LENGTH = 16;
/**
 * Stands in for the version until every file is on disk. It has the version's exact length, so
 * replacing it in the written sw.js leaves the source map's columns true.
 */
export const VERSION_PLACEHOLDER = 'v'.repeat(VERSION_LENGTH);

/**
 * The cache version of a build: a hash over every precached file's path and bytes. Hashed file
 * names alone are not enough: index.html, the manifest and the icons keep fixed names, and a
 * change to one of them must still reach installed apps as a new worker.
 */
export function swVersion(files: ReadonlyArray<{ path: string; bytes: Uint8Array }>): string {
  const hash = createHash('sha256');
  for (const { path, bytes } of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(path);
    hash.update('\0');
    hash.update(String(bytes.byteLength));
    hash.update('\0');
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, VERSION_LENGTH);
}

/**
 * Builds the service worker (src/pwa/sw.ts) as /sw.js with its precache list. A small plugin
 * instead of vite-plugin-pwa: that brings Workbox and its build tooling for what is here a few
 * dozen lines, and a hand-made worker keeps the cache rules in plain sight. The list is every
 * file of the build (hashed assets, the engine worker, index.html) plus the public files; the
 * version is a hash of their contents, written once everything is on disk (closeBundle), so any
 * changed file is a new worker and the page can offer "update available".
 * Build only (`vite dev` never registers the worker, see src/pwa/pwaState.ts). Fails the build
 * if the worker chunk is missing or imports other chunks (it must stay one classic script).
 */
export function serviceWorkerPlugin(entry = 'src/pwa/sw.ts'): Plugin {
  let config: ResolvedConfig | undefined;
  let precache: string[] = [];
  return {
    name: 'rivulet-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: entry, fileName: 'sw.js' });
    },
    transformIndexHtml() {
      return [
        { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
        {
          tag: 'link',
          attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
          injectTo: 'head',
        },
      ];
    },
    generateBundle(_options, bundle) {
      const sw = bundle['sw.js'];
      if (!sw || sw.type !== 'chunk') return this.error('service worker chunk sw.js is missing');
      if (sw.imports.length > 0 || sw.dynamicImports.length > 0)
        return this.error(`sw.js must not import other chunks (it imports ${sw.imports.join(', ')})`);
      // index.html is emitted by Vite's own HTML step, which may run after this hook.
      const files = [...new Set([...Object.keys(bundle), 'index.html'])]
        .filter((name) => name !== 'sw.js' && !name.endsWith('.map'))
        .map((name) => `/${name}`)
        .sort();
      precache = [...files, ...SW_PUBLIC_FILES];
      sw.code = sw.code
        .replaceAll('__RIVULET_PRECACHE__', JSON.stringify(precache))
        .replaceAll('__RIVULET_SW_VERSION__', JSON.stringify(VERSION_PLACEHOLDER));
    },
    closeBundle() {
      if (!config || precache.length === 0) return;
      const outDir = resolve(config.root, config.build.outDir);
      const files = precache.map((path) => ({ path, bytes: readFileSync(join(outDir, path)) }));
      const swPath = join(outDir, 'sw.js');
      const code = readFileSync(swPath, 'utf8');
      if (!code.includes(VERSION_PLACEHOLDER)) throw new Error('sw.js lost its version placeholder');
      writeFileSync(swPath, code.replaceAll(VERSION_PLACEHOLDER, swVersion(files)));
    },
  };
}
