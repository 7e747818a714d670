import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAiHandler } from './ai.ts';
import { aiConfigFromEnv, type AiLimits, type AiServerConfig } from './aiConfig.ts';
import { handleFetch } from './fetchRoute.ts';
import { checkApiRequest } from './guard.ts';
import { handleSend } from './sendRoute.ts';
import { allowPrivateNetworksFromEnv, type AddressClassifier, type Resolver } from './privateNetworks.ts';
import { handleSync } from './syncRoute.ts';
import { ApiError, sendApiError } from './respond.ts';

/** Options for {@link createApiMiddleware}. */
export interface ApiOptions {
  /** Running inside Vite's dev server: accept any loopback Origin on the same port. */
  devOrigins?: boolean;
  /** Extra host names accepted in `Host` (see guard.ts). */
  allowedHosts?: readonly string[];
  /** Total deadline for one /api/fetch, headers and body included. Default 20 s. */
  fetchTimeoutMs?: number;
  /** Cap on a fetched body after decompression. Default 10 MB. */
  maxBytes?: number;
  /** The shared AI endpoint; `undefined` reads RIVULET_AI_* from the environment, null turns it off. */
  ai?: AiServerConfig | null;
  /** Timeouts and size caps of `/api/ai/*` (tests shorten them). */
  aiLimits?: Partial<AiLimits>;
  /**
   * URLs from feed content may reach loopback and private networks. Default: the
   * RIVULET_ALLOW_PRIVATE_NETWORKS environment variable (off when unset).
   */
  allowPrivateNetworks?: boolean;
  /** Name resolution of `/api/fetch` (tests map made-up names to local servers). */
  resolve?: Resolver;
  /** Which addresses `/api/fetch` treats as non-public (tests only; default: the real ranges). */
  classifyAddress?: AddressClassifier;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** A connect-style handler, as Vite's dev server and our own server use it. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

/**
 * Builds the handler for everything under `/api` (other paths go to `next()`). Every API
 * request passes the guard first (own Host, same Origin, same-site fetch) or gets 403 JSON.
 * Routes: `GET /api/fetch` (feed proxy), `/api/ai/*` (shared AI endpoint and relay, see ai.ts),
 * `/api/sync/*` (relay to the user's sync server, see syncRoute.ts), `/api/send` (read-later
 * integrations, only their own calls: sendRoute.ts); anything else 404
 * JSON. Used by the companion server and mounted in `vite dev`.
 */
export function createApiMiddleware(opts: ApiOptions = {}): Middleware {
  const fetchOptions = {
    fetchTimeoutMs: opts.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
    allowPrivateNetworks: opts.allowPrivateNetworks ?? allowPrivateNetworksFromEnv(),
    resolve: opts.resolve,
    classifyAddress: opts.classifyAddress,
  };
  const handleAi = createAiHandler({
    config: opts.ai === undefined ? aiConfigFromEnv() : opts.ai,
    limits: opts.aiLimits,
  });
  return (req, res, next) => {
    const path = pathOf(req.url);
    if (path !== '/api' && !path.startsWith('/api/')) {
      next();
      return;
    }
    const refusal = checkApiRequest(req, opts);
    if (refusal) {
      sendApiError(res, refusal);
      return;
    }
    if (path === '/api/fetch') {
      handleFetch(req, res, fetchOptions).catch((err: unknown) => next(err));
    } else if (path === '/api/sync') {
      handleSync(req, res, fetchOptions).catch((err: unknown) => next(err));
    } else if (path === '/api/send') {
      handleSend(req, res, fetchOptions).catch((err: unknown) => next(err));
    } else if (path === '/api/ai' || path.startsWith('/api/ai/')) {
      handleAi(req, res);
    } else {
      sendApiError(res, new ApiError(404, 'not_found', `No API route at ${path}.`));
    }
  };
}
