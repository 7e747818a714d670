import type { ServerResponse } from 'node:http';

/**
 * Origins the page may `fetch()` besides its own. The shared AI endpoint is reached through
 * `/api/ai/*` (same origin, key kept here), but a user may configure their OWN OpenAI-compatible
 * endpoint, called straight from the browser with their key: its origin cannot be known when
 * this header is built, so any https origin and loopback http (a local Ollama or LM Studio) are
 * allowed. The cost is small: scripts are still 'self' only, so only our own code can connect,
 * and img-src/media-src are already open to any origin. Endpoints without CORS use the relay
 * (`/api/ai/relay/*`). If a feature must call another http origin, add it HERE.
 */
export const EXTRA_CONNECT_SOURCES: readonly string[] = [
  'https:',
  'http://localhost:*',
  'http://127.0.0.1:*',
];

/** Embedded players the reader may show inside articles. */
const FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * Builds the Content-Security-Policy for the app. Scripts come only from our own origin (no
 * inline, no remote, no eval); feed images and media are remote by nature, so those are open.
 * `'wasm-unsafe-eval'` lets the engine compile its own WebAssembly (the substring scan of
 * worker/search/byteFinder.ts, bytes built into the worker's script); it allows no JS eval, and
 * without it the scan falls back to JS.
 */
export function buildContentSecurityPolicy(extraConnect: readonly string[] = EXTRA_CONNECT_SOURCES): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['connect-src', ["'self'", ...extraConnect]],
    // Mantine injects <style> elements at runtime.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ['*', 'data:', 'blob:']],
    ['media-src', ['*', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['frame-src', FRAME_SOURCES],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

const CSP = buildContentSecurityPolicy();

/** Sets the security headers every response of the companion server carries. Cheap: three setHeader calls. */
export function applySecurityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}
