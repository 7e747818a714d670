import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy screens are compiled on first import inside the test run, which on a loaded 2-core
// machine can take seconds; findBy*/waitFor must wait for that, not fail at the 1 s default.
configure({ asyncUtilTimeout: 10_000 });

// The DOM unit files of a worker share one window (vite.config.ts: `isolate: false`), and Vitest
// globals are off, so Testing Library registers no cleanup of its own. After every test: unmount
// what it rendered, and put back what the next file would otherwise find in the window — storage,
// portals left in the body, the address (stubs, spies and timers: tests/setupUnit.ts).
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  if (location.pathname !== '/' || location.search || location.hash) history.replaceState(null, '', '/');
});

// The window's own origin (happy-dom's http://localhost:3000) has no companion server in unit
// tests: its routes (`/api/ai/status` asked by every screen with AI) answer 404 at once, as on
// a static host, instead of a connection refused that Node prints for each. Tests that stub
// `fetch` themselves replace this; other origins go to the real fetch.
const realFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.origin === location.origin) return Promise.resolve(new Response('', { status: 404 }));
  return realFetch(input, init);
};
