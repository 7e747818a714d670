import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import peggy from 'peggy';

/**
 * Compiles `*.peggy` grammars to ES modules at build and test time, so no generated
 * parser is ever committed. The module has named exports `parse` and `SyntaxError`.
 */
function peggyPlugin(): Plugin {
  return {
    name: 'rivulet-peggy',
    transform(code, id) {
      if (!id.endsWith('.peggy')) return null;
      const source = peggy.generate(code, {
        output: 'source',
        format: 'es',
        grammarSource: id,
      });
      return { code: source, map: null };
    },
  };
}

/** Mounts the companion server's `/api` routes inside `vite dev`. */
function apiPlugin(): Plugin {
  return {
    name: 'rivulet-api',
    async configureServer(server) {
      const { createApiMiddleware } = await import('./server/api.ts');
      server.middlewares.use(createApiMiddleware({ devOrigins: true }));
    },
  };
}

/** Files copied from public/ that the app shell needs offline. */
const SW_PUBLIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
];

/** FNV-1a, enough to tell builds apart (file names carry content hashes already). */
function swHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * Builds the service worker (src/pwa/sw.ts) as /sw.js with its precache list; a tiny plugin
 * instead of vite-plugin-pwa, which brings Workbox and its build tooling for what is here a
 * few dozen lines, and a hand-made worker keeps the cache rules in plain sight. The list is
 * every file of the build (hashed assets, the engine worker, index.html) plus the public files,
 * and the version is derived from it, so each changed build is a new worker and the page can
 * offer "update available".
 * Build only (`vite dev` never registers the worker, see src/pwa/pwaState.ts). Fails the build
 * if the worker chunk is missing or imports other chunks (it must stay one classic script).
 */
function serviceWorkerPlugin(entry = 'src/pwa/sw.ts'): Plugin {
  return {
    name: 'rivulet-service-worker',
    apply: 'build',
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
      const precache = [...files, ...SW_PUBLIC_FILES];
      const version = swHash(precache.join('\n'));
      sw.code = sw.code
        .replaceAll('__RIVULET_PRECACHE__', JSON.stringify(precache))
        .replaceAll('__RIVULET_SW_VERSION__', JSON.stringify(version));
    },
  };
}

export default defineConfig({
  plugins: [react(), peggyPlugin(), apiPlugin(), serviceWorkerPlugin()],
  worker: { format: 'es', plugins: () => [peggyPlugin()] },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: { host: '127.0.0.1' },
  test: {
    // Fuzz and property tests do real work; a loaded 2-core CI box must not turn them into flakes.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'worker/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/fixtures/**/*.test.ts',
            'bench/*.test.ts',
            'bench/src/**/*.test.ts',
            'bench/run/**/*.test.mjs',
            'grammar/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // happy-dom misreports element names to DOMPurify; this shim makes sanitiser tests honest.
          setupFiles: ['src/reader/testing/happyDomCompat.ts', 'src/testing/setupDom.ts'],
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
        },
      },
    ],
  },
});
