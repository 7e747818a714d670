import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { peggyPlugin } from '../scripts/lib/peggy.mjs';
import { ASCII_OUTPUT } from '../vite.config';

const here = fileURLToPath(new URL('.', import.meta.url));
/** Build output: under node_modules/.cache so git, ESLint and Prettier never see it. */
// RIVULET_BENCH_OUT lets two bench runs at once (say, two engineers on one machine) build apart.
export const benchOutDir =
  process.env.RIVULET_BENCH_OUT ??
  fileURLToPath(new URL('../node_modules/.cache/rivulet-bench', import.meta.url));

// A separate build for the benchmark page: the real engine worker (../worker/main.ts), the
// anchors' workers and a bare page that puts its entry points on `window.rivBench`.
export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  plugins: [peggyPlugin()],
  // Escaped to ASCII as the app's scripts are (../vite.config.ts).
  worker: { format: 'es', plugins: () => [peggyPlugin()], rolldownOptions: { output: ASCII_OUTPUT } },
  optimizeDeps: { exclude: ['@sqlite.org/sqlite-wasm'] },
  build: {
    outDir: benchOutDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Minified as the app's build is (Vite's default, Oxc): with 'esbuild', which Vite 8 keeps
    // only for compatibility, the engine worker came out at 815 KB against the app's 606 KB, and
    // a cold start compiles the worker's script every time (Chromium keeps no code cache for
    // module workers: each start's trace shows the compile, ~28 against ~51 ms).
    // RIVULET_BENCH_NOMINIFY=1 keeps function names and lines readable in the CPU profiles.
    minify: !process.env.RIVULET_BENCH_NOMINIFY,
    chunkSizeWarningLimit: 4000,
  },
});
