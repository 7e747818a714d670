import { defineConfig } from 'vitest/config';
import { peggyPlugin } from './peggyPlugin.ts';

// The bench's own unit tests (corpus, stats, report), outside the app's vitest projects:
// `npx vitest run -c bench/vitest.config.ts`.
export default defineConfig({
  plugins: [peggyPlugin()],
  test: { root: import.meta.dirname, include: ['**/*.test.ts', 'run/**/*.test.mjs'], environment: 'node' },
});
