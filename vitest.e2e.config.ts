import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: the built app (dist/) served by the real companion server, driven in real
 * Chromium through playwright-core. `npm test` builds first; run alone with `npm run e2e`.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: one browser per file, two files at a time.
    maxWorkers: 2,
    fileParallelism: true,
    // The files of a worker share one module registry: playwright-core, the page objects and the
    // fixture servers are imported once per worker, not once per file (import time 48 s → 4 s
    // summed). Each file launches its own browser and servers in its hooks and keeps its state in
    // its own module, which is still evaluated per file.
    isolate: false,
    // A real browser on two loaded cores can miss a wait now and then; one retry keeps CI honest
    // without hiding a real break (a broken path fails twice). `npm test` lists every test that
    // needed the retry, so flakiness stays visible.
    retry: 1,
    // expect.poll gives up after 1 s by default; each poll here is a round trip to a browser on
    // two loaded cores (e.g. the service worker's notification list), so they get the same kind
    // of margin as the page objects' waits. A poll that passes still returns as soon as it does.
    expect: { poll: { timeout: 10_000 } },
  },
});
