import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, allowMethod, proxyExchange, startUpstreamAnswer } from './respond.ts';
import { assertHttpScheme, fetchUpstream } from './upstream.ts';

/** Limits for {@link handleFetch}. */
export interface FetchRouteOptions {
  fetchTimeoutMs: number;
  maxBytes: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Parses `?url=`; throws `bad_url` / `bad_scheme` with a message people can act on. */
function targetFrom(req: IncomingMessage): URL {
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const raw = query.get('url');
  if (!raw)
    throw new ApiError(400, 'bad_url', 'Missing "url" parameter: pass the absolute address to fetch.');
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    throw new ApiError(400, 'bad_url', `"${raw.slice(0, 200)}" is not an absolute web address.`);
  }
  assertHttpScheme(target, 'The address');
  // Fetching our own API through the proxy would let a request re-enter past the guard.
  if (LOOPBACK.has(target.hostname) && Number(target.port || 80) === req.socket.localPort) {
    if (target.pathname.startsWith('/api'))
      throw new ApiError(403, 'forbidden', 'The proxy does not fetch its own API.');
  }
  return target;
}

/** Copies an upstream header to an `X-Upstream-*` header when present and representable. */
function copyHeader(res: ServerResponse, name: string, value: string | string[] | undefined): void {
  const v = Array.isArray(value) ? value.join(', ') : value;
  if (v === undefined) return;
  try {
    res.setHeader(name, v);
  } catch {
    // A value node refuses to re-send (control characters) is dropped rather than failing the fetch.
  }
}

/**
 * `GET /api/fetch?url=<absolute http(s) url>`: fetches a feed or page for the app. Success (the
 * site answered, whatever its status) is 200 with the decompressed upstream bytes and
 * `X-Upstream-Status`, `X-Upstream-Content-Type`, `X-Upstream-ETag`, `X-Upstream-Last-Modified`,
 * `X-Upstream-Retry-After`, `X-Final-Url`, `X-Permanent-Redirect: 1`. Refusals and failures are
 * JSON errors (see ApiErrorCode). Buffers at most `maxBytes`; cancels upstream if the client leaves.
 */
export async function handleFetch(
  req: IncomingMessage,
  res: ServerResponse,
  opts: FetchRouteOptions,
): Promise<void> {
  if (!allowMethod(req.method, res, 'GET', '/api/fetch')) return;
  await proxyExchange(res, 'The proxy failed unexpectedly.', async (signal) => {
    const target = targetFrom(req);
    const result = await fetchUpstream(target, {
      timeoutMs: opts.fetchTimeoutMs,
      maxBytes: opts.maxBytes,
      ifNoneMatch: firstHeader(req.headers['if-none-match']),
      ifModifiedSince: firstHeader(req.headers['if-modified-since']),
      signal,
    });
    if (signal.aborted) return;
    startUpstreamAnswer(res, result.status, result.body.length);
    copyHeader(res, 'X-Upstream-Content-Type', result.headers['content-type']);
    copyHeader(res, 'X-Upstream-ETag', result.headers.etag);
    copyHeader(res, 'X-Upstream-Last-Modified', result.headers['last-modified']);
    copyHeader(res, 'X-Upstream-Retry-After', result.headers['retry-after']);
    res.setHeader('X-Final-Url', result.finalUrl);
    if (result.permanentRedirect) res.setHeader('X-Permanent-Redirect', '1');
    res.end(result.body);
  });
}
