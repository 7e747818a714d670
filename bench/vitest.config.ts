import { defineConfig } from 'vitest/config';
import { peggyPlugin } from '../scripts/lib/peggy.mjs';

// The bench's own unit tests (corpus, stats, report) alone: `npx vitest run -c bench/vitest.config.ts`.
// `npm test` runs the same files inside the app's node project (vite.config.ts).
export default defineConfig({
  plugins: [peggyPlugin()],
  test: { root: import.meta.dirname, include: ['**/*.test.ts', 'run/**/*.test.mjs'], environment: 'node' },
});
