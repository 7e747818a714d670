import { afterEach, vi } from 'vitest';

// The node unit files of a worker share one module registry (vite.config.ts: `isolate: false`).
// After every test, put back what it may have changed that the next file would otherwise find:
// stubbed globals and environment variables, spies, fake timers.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
