import type { ServerResponse } from 'node:http';

/**
 * Origins the page may `fetch()` besides its own. Empty on purpose: the AI feature talks to
 * `/api/ai/*` on this server, which holds the key. If a later feature must call a remote API
 * straight from the page, add its origin HERE (and nowhere else), e.g. 'https://api.example.com'.
 */
export const EXTRA_CONNECT_SOURCES: readonly string[] = [];

/** Embedded players the reader may show inside articles. */
const FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * Builds the Content-Security-Policy for the app. Scripts come only from our own origin (no
 * inline, no remote); feed images and media are remote by nature, so those are open.
 */
export function buildContentSecurityPolicy(extraConnect: readonly string[] = EXTRA_CONNECT_SOURCES): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
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
