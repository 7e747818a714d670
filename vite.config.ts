import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { peggyPlugin } from './scripts/lib/peggy.mjs';
import { precompressPlugin } from './scripts/lib/precompress.ts';
import { serviceWorkerPlugin } from './scripts/lib/serviceWorker.ts';

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

/** Test files below `dir` (relative paths), walked with no glob library: a config-time helper. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.(tsx?|mjs)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Unit files share one module registry per worker (`isolate: false`), and the DOM files one
 * document: a fresh happy-dom window and a fresh import of React, Mantine and the app for each of
 * ~120 DOM files cost ~120 s of the ~180 s they took, and re-importing the engine for each of ~190
 * node files ~70 s of ~160 s. A file that replaces modules (`vi.mock`) needs a registry of its
 * own, so those run isolated in the `*-mocks` projects. The setup files reset what a test leaves
 * behind (tests/setupUnit.ts: stubs, spies, timers; src/testing/setupDom.ts: rendered trees,
 * storage, the document).
 */
const mockingFiles = process.env.VITEST
  ? ['src', 'worker', 'shared', 'server', 'scripts', 'tests', 'bench', 'grammar']
      .flatMap(testFiles)
      .filter((f) => /\bvi\.(mock|doMock|unmock)\(/.test(readFileSync(f, 'utf8')))
  : // `vite build` and `vite dev` load this file too and have no use for the scan.
    [];
const mockingDomFiles = mockingFiles.filter((f) => f.startsWith('src/'));
const mockingNodeFiles = mockingFiles.filter((f) => !f.startsWith('src/'));

const nodeProject = {
  environment: 'node' as const,
  setupFiles: ['tests/setupUnit.ts'],
  include: [
    'worker/**/*.test.ts',
    'shared/**/*.test.ts',
    'server/**/*.test.ts',
    'scripts/**/*.test.ts',
    'tests/integration/**/*.test.ts',
    'tests/fixtures/**/*.test.ts',
    'bench/*.test.ts',
    'bench/src/**/*.test.ts',
    'bench/run/**/*.test.mjs',
    'grammar/**/*.test.ts',
  ],
};

const domProject = {
  environment: 'happy-dom' as const,
  // happy-dom misreports element names to DOMPurify; this shim makes sanitiser tests honest.
  setupFiles: ['tests/setupUnit.ts', 'src/reader/testing/happyDomCompat.ts', 'src/testing/setupDom.ts'],
};

/**
 * Scripts escape what is not ASCII (`\u2026` for `…`). One character outside Latin-1 (a `→`, a
 * Chinese category name) made Chromium decode the whole script to UTF-16 and V8 scan it as such:
 * the engine worker, compiled at every start (no code cache for module workers), took ~11–15 ms
 * less from `new Worker` to its module evaluated once escaped (median of 22 imports each on this
 * machine, three runs), for 0.1% more bytes.
 */
export const ASCII_OUTPUT = { charset: 'ascii' } as const;

export default defineConfig({
  plugins: [react(), peggyPlugin(), apiPlugin(), serviceWorkerPlugin(), precompressPlugin()],
  worker: { format: 'es', plugins: () => [peggyPlugin()], rolldownOptions: { output: ASCII_OUTPUT } },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: ASCII_OUTPUT },
  },
  server: { host: '127.0.0.1' },
  test: {
    // Fuzz and property tests do real work; a loaded 2-core CI box must not turn them into flakes.
    testTimeout: 20_000,
    // Vitest leaves one core free by default (cores - 1 workers), which on a two-core CI box runs
    // the unit files one at a time: 430 s where two workers take about 300 s.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { ...nodeProject, name: 'node', isolate: false, exclude: mockingNodeFiles },
      },
      {
        extends: true,
        test: { ...nodeProject, name: 'node-mocks', include: mockingNodeFiles },
      },
      {
        extends: true,
        test: {
          ...domProject,
          name: 'dom',
          isolate: false,
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: mockingDomFiles,
        },
      },
      {
        extends: true,
        test: { ...domProject, name: 'dom-mocks', include: mockingDomFiles },
      },
    ],
  },
});
