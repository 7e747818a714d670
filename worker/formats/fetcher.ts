/**
 * Conditional feed fetching through the companion server's `/api/fetch` proxy (the page cannot
 * fetch other origins itself). `directFetch` stands in for the proxy in Node (CLI, tests).
 */
import { EngineError } from '../errors';

export interface FetchResult {
  /** Upstream HTTP status (200, 304, 404, 410, 429, …). */
  status: number;
  bytes: Uint8Array;
  contentType: string;
  etag: string;
  lastModified: string;
  /** Seconds to wait before retrying (Retry-After as delta or HTTP date), null when absent. */
  retryAfter: number | null;
  finalUrl: string;
  /** Every redirect hop was 301/308: the subscription should move to `finalUrl`. */
  permanentRedirect: boolean;
  notModified: boolean;
}

export type FetchImpl = (input: string, init?: RequestInit) => Promise<Response>;

export interface FetchOptions {
  etag?: string;
  lastModified?: string;
  signal?: AbortSignal;
  /** Injectable for tests; defaults to the global fetch. */
  fetchImpl?: FetchImpl;
  /** Origin of the companion server; '' (default) means same origin. */
  base?: string;
}

/** Parses Retry-After (delta seconds or HTTP date) into seconds from `now`; null when absent/bad. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  const v = (value ?? '').trim();
  if (v === '') return null;
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

const PROXY_CODES = new Set([
  'bad_url',
  'bad_scheme',
  'forbidden',
  'private_address',
  'too_many_redirects',
  'timeout',
  'too_large',
  'upstream_unreachable',
]);

async function proxyError(res: Response): Promise<EngineError> {
  let code = 'proxy_error';
  let message = `The feed proxy answered HTTP ${res.status}`;
  try {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string')
      code = PROXY_CODES.has(body.error.code) ? body.error.code : body.error.code || code;
    if (typeof body.error?.message === 'string' && body.error.message) message = body.error.message;
  } catch {
    // Not JSON: keep the generic message.
  }
  return new EngineError(code, message, { proxyStatus: res.status });
}

function networkError(err: unknown, signal?: AbortSignal): EngineError {
  if (signal?.aborted || (err instanceof Error && err.name === 'AbortError')) {
    return new EngineError('aborted', 'The fetch was cancelled');
  }
  return new EngineError(
    'network',
    `Could not reach the feed proxy: ${err instanceof Error ? err.message : String(err)}`,
  );
}

/**
 * Fetches `url` through `/api/fetch`, sending If-None-Match / If-Modified-Since when given.
 * Resolves for every upstream answer (including 304, 404, 410, 429: check `status`). Costs one
 * request and holds the whole body in memory (the proxy caps its size). Throws EngineError:
 * the proxy's code (`bad_url`, `forbidden`, `timeout`, `too_large`, …) when it refused or failed,
 * `network` when the proxy itself is unreachable, `aborted` when `signal` fired.
 */
export async function fetchFeed(url: string, opts: FetchOptions = {}): Promise<FetchResult> {
  const fetchImpl = opts.fetchImpl ?? ((input, init) => fetch(input, init));
  const headers: Record<string, string> = {};
  if (opts.etag) headers['If-None-Match'] = opts.etag;
  if (opts.lastModified) headers['If-Modified-Since'] = opts.lastModified;
  let res: Response;
  let bytes: Uint8Array;
  try {
    res = await fetchImpl(`${opts.base ?? ''}/api/fetch?url=${encodeURIComponent(url)}`, {
      headers,
      signal: opts.signal,
    });
    if (res.status !== 200) throw await proxyError(res);
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw networkError(err, opts.signal);
  }
  const h = res.headers;
  const status = Number(h.get('X-Upstream-Status') ?? '200') || 200;
  return {
    status,
    bytes,
    contentType: h.get('X-Upstream-Content-Type') ?? '',
    etag: h.get('X-Upstream-ETag') ?? '',
    lastModified: h.get('X-Upstream-Last-Modified') ?? '',
    retryAfter: parseRetryAfter(h.get('X-Upstream-Retry-After')),
    finalUrl: h.get('X-Final-Url') || url,
    permanentRedirect: h.get('X-Permanent-Redirect') === '1',
    notModified: status === 304,
  };
}
