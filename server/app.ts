import http from 'node:http';
import { type ApiOptions, createApiMiddleware } from './api.ts';
import { applySecurityHeaders } from './csp.ts';
import { createStaticHandler } from './staticFiles.ts';

/** Options for {@link createRivuletServer}. */
export interface RivuletServerOptions {
  /** The built app (`vite build` output). */
  distDir: string;
  /** Total deadline for one /api/fetch. Default 20 s. */
  fetchTimeoutMs?: number;
  /** Cap on a fetched body after decompression. Default 10 MB. */
  maxBytes?: number;
  /** Extra host names accepted in `Host` besides the loopback names. */
  allowedHosts?: readonly string[];
  /** The shared AI endpoint; omitted = from RIVULET_AI_* env vars, null = off. */
  ai?: ApiOptions['ai'];
  /** Limits of `/api/ai/*` (tests shorten them). */
  aiLimits?: ApiOptions['aiLimits'];
  /** Content URLs may reach private networks; omitted = RIVULET_ALLOW_PRIVATE_NETWORKS. */
  allowPrivateNetworks?: boolean;
  /** Name resolution and address classes of `/api/fetch` (tests). */
  resolve?: ApiOptions['resolve'];
  classifyAddress?: ApiOptions['classifyAddress'];
}

/**
 * Creates (does not start) the companion server: `/api/*` through the guarded API, everything
 * else from `distDir` with SPA fallback, and the security headers (CSP, nosniff, no-referrer) on
 * every response. Call `listen(port, host)` yourself; port 0 works for tests.
 */
export function createRivuletServer(opts: RivuletServerOptions): http.Server {
  const api = createApiMiddleware({
    fetchTimeoutMs: opts.fetchTimeoutMs,
    maxBytes: opts.maxBytes,
    allowedHosts: opts.allowedHosts,
    ai: opts.ai,
    aiLimits: opts.aiLimits,
    allowPrivateNetworks: opts.allowPrivateNetworks,
    resolve: opts.resolve,
    classifyAddress: opts.classifyAddress,
  });
  const serveStatic = createStaticHandler(opts.distDir);
  const fail = (res: http.ServerResponse, err: unknown): void => {
    console.error('rivulet: request failed:', err);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Internal error\n');
  };
  return http.createServer((req, res) => {
    applySecurityHeaders(res);
    api(req, res, (err) => {
      if (err !== undefined) {
        fail(res, err);
        return;
      }
      serveStatic(req, res).catch((e: unknown) => fail(res, e));
    });
  });
}
