import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, allowMethod, proxyExchange, startUpstreamAnswer } from './respond.ts';
import { readRequestBody } from './requestBody.ts';
import { syncUpstream, type SyncRequest } from './syncUpstream.ts';

/** Limits for {@link handleSend}. */
export interface SendRouteOptions {
  fetchTimeoutMs: number;
  maxBytes: number;
}

/** The read-later services the relay speaks to. */
export type SendService = 'wallabag' | 'readeck' | 'linkding' | 'readwise';

/**
 * Every call an integration needs, and nothing else: `METHOD path` joined onto the service's base
 * URL. This table is what keeps `/api/send` from being an open proxy: a page can only make the
 * companion server log in to, test, or save a link on one of these four APIs.
 */
export const SEND_CALLS: Record<SendService, readonly string[]> = {
  // OAuth2 password and refresh grants; the user (connection test); creating an entry.
  wallabag: ['POST /oauth/v2/token', 'GET /api/user.json', 'POST /api/entries.json'],
  readeck: ['GET /api/profile', 'POST /api/bookmarks'],
  // Linkding's Django routes end in a slash; without it Django redirects and the POST is lost.
  linkding: ['GET /api/user/profile/', 'POST /api/bookmarks/'],
  readwise: ['GET /api/v2/auth/', 'POST /api/v3/save/'],
};

const SERVICES = Object.keys(SEND_CALLS) as SendService[];
/** Largest request body the route accepts (a JSON envelope around one link). */
export const MAX_SEND_REQUEST_BYTES = 64 * 1024;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const FORWARDED = ['authorization', 'content-type'] as const;

const bad = (message: string) => new ApiError(400, 'bad_url', message);
const refuse = (message: string) => new ApiError(403, 'forbidden', message);

/** One validated send call: the service it is for and the sync relay's request. */
export interface SendEnvelope extends SyncRequest {
  service: SendService;
}

/**
 * Validates `{ service, base, method, path, headers?, body? }`. `base` is the service's address
 * as the user configured it (http/https, no credentials, query or fragment; a path prefix such as
 * `/wallabag` is kept); `method path` must be one of {@link SEND_CALLS} for that service. Throws
 * `bad_url` / `bad_scheme` for a malformed envelope and `forbidden` for a call the service
 * does not need or a target that is the companion server's own API.
 */
export function parseSendEnvelope(raw: string, localPort: number | undefined): SendEnvelope {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw bad('The send request must be JSON: { service, base, method, path, headers, body }.');
  }
  if (typeof data !== 'object' || data === null) throw bad('The send request must be a JSON object.');
  const d = data as Record<string, unknown>;
  if (typeof d.service !== 'string' || !(SERVICES as string[]).includes(d.service))
    throw refuse(`"${String(d.service).slice(0, 40)}" is not a service Rivulet sends to.`);
  const service = d.service as SendService;
  if (typeof d.base !== 'string' || !d.base) throw bad('Missing "base": the service address.');
  let base: URL;
  try {
    base = new URL(d.base);
  } catch {
    throw bad(`"${d.base.slice(0, 200)}" is not an absolute web address.`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new ApiError(400, 'bad_scheme', `The address uses "${base.protocol}"; only http and https work.`);
  if (base.username || base.password) throw bad('Put the user name in the form, not in the address.');
  if (base.search || base.hash) throw bad('The service address cannot have a query or a fragment.');
  const method = d.method;
  const path = d.path;
  if (typeof method !== 'string' || typeof path !== 'string') throw bad('"method" and "path" are required.');
  if (!SEND_CALLS[service].includes(`${method} ${path}`))
    throw refuse(`${method} ${path.slice(0, 100)} is not a call the ${service} integration makes.`);
  const target = new URL(base.href.replace(/\/+$/, '') + path);
  // The base's own path may not climb out of itself ("/x/../api"): URL() already resolved dots,
  // so the final path must still end with the allowed one.
  if (!target.pathname.endsWith(path)) throw refuse('The service address has a path the relay cannot use.');
  if (
    LOOPBACK.has(target.hostname) &&
    Number(target.port || 80) === localPort &&
    target.pathname.startsWith('/api')
  )
    throw refuse('The send route does not call its own API.');
  const headers: Record<string, string> = {};
  if (d.headers !== undefined) {
    if (typeof d.headers !== 'object' || d.headers === null) throw bad('"headers" must be an object.');
    for (const [name, value] of Object.entries(d.headers as Record<string, unknown>)) {
      const lower = name.toLowerCase();
      if (!(FORWARDED as readonly string[]).includes(lower))
        throw bad(`Header "${name}" cannot be sent; only Authorization and Content-Type are forwarded.`);
      if (typeof value !== 'string' || /[\r\n]/.test(value)) throw bad(`Header "${name}" has a bad value.`);
      headers[lower] = value;
    }
  }
  if (d.body !== undefined && typeof d.body !== 'string') throw bad('"body" must be a string.');
  if (method === 'GET' && d.body) throw bad('A GET request has no body.');
  return { service, target, method: method as 'GET' | 'POST', headers, body: d.body ?? '' };
}

/**
 * `POST /api/send` with `{ service, base, method, path, headers?, body? }`: one call of a
 * read-later integration (Wallabag, Readeck, Linkding, Readwise Reader), relayed like
 * `/api/sync` (see syncRoute.ts for the answer's shape) plus `X-Upstream-Retry-After` when the
 * service sent one. Only the calls in {@link SEND_CALLS} pass.
 */
export async function handleSend(
  req: IncomingMessage,
  res: ServerResponse,
  opts: SendRouteOptions,
): Promise<void> {
  if (!allowMethod(req.method, res, 'POST', '/api/send')) return;
  await proxyExchange(res, 'The send route failed.', async (signal) => {
    const envelope = parseSendEnvelope(
      (await readRequestBody(req, MAX_SEND_REQUEST_BYTES)).toString('utf8'),
      req.socket.localPort,
    );
    const result = await syncUpstream(envelope, { ...opts, signal });
    if (signal.aborted) return;
    startUpstreamAnswer(res, result.status, result.body.length);
    if (result.contentType) res.setHeader('X-Upstream-Content-Type', result.contentType);
    const location = result.location || result.created;
    if (location) res.setHeader('X-Upstream-Location', location);
    if (result.retryAfter) res.setHeader('X-Upstream-Retry-After', result.retryAfter);
    res.end(result.body);
  });
}
