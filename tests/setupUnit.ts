import { afterEach, vi } from 'vitest';

// Every unit project loads this first. The files of a worker share one module registry
// (vite.config.ts: `isolate: false`), so after every test put back what it may have changed that
// the next file would otherwise find: stubbed globals and environment variables, spies, fake
// timers. The DOM projects reset their document on top (src/testing/setupDom.ts).
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
