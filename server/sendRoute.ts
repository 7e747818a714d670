import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from './respond.ts';
import * as relay from './relay.ts';
import type { SyncRequest } from './syncUpstream.ts';

/** Limits for {@link handleSend}. */
export type SendRouteOptions = relay.RelayOptions;

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
  const d = relay.parseEnvelopeObject(raw, 'send', '{ service, base, method, path, headers, body }');
  if (typeof d.service !== 'string' || !(SERVICES as string[]).includes(d.service))
    throw refuse(`"${String(d.service).slice(0, 40)}" is not a service Rivulet sends to.`);
  const service = d.service as SendService;
  const base = relay.parseWebAddress(d.base, 'Missing "base": the service address.');
  if (base.search || base.hash)
    throw relay.badEnvelope('The service address cannot have a query or a fragment.');
  const method = d.method;
  const path = d.path;
  if (typeof method !== 'string' || typeof path !== 'string')
    throw relay.badEnvelope('"method" and "path" are required.');
  if (!SEND_CALLS[service].includes(`${method} ${path}`))
    throw refuse(`${method} ${path.slice(0, 100)} is not a call the ${service} integration makes.`);
  const target = new URL(base.href.replace(/\/+$/, '') + path);
  // The base's own path may not climb out of itself ("/x/../api"): URL() already resolved dots,
  // so the final path must still end with the allowed one.
  if (!target.pathname.endsWith(path)) throw refuse('The service address has a path the relay cannot use.');
  relay.refuseOwnApi(target, localPort, 'send');
  const verb = method as 'GET' | 'POST'; // one of SEND_CALLS' methods
  return { service, target, method: verb, ...relay.parseHeadersAndBody(d, verb) };
}

const SEND_ROUTE: relay.RelayRoute = {
  path: '/api/send',
  failure: 'The send route failed.',
  maxRequestBytes: MAX_SEND_REQUEST_BYTES,
  parse: parseSendEnvelope,
  answerHeaders: (result) => ({
    'X-Upstream-Location': result.location || result.created,
    'X-Upstream-Retry-After': result.retryAfter,
  }),
};

/**
 * `POST /api/send` with `{ service, base, method, path, headers?, body? }`: one call of a
 * read-later integration (Wallabag, Readeck, Linkding, Readwise Reader), relayed like
 * `/api/sync` (see syncRoute.ts for the answer's shape) plus `X-Upstream-Retry-After` when the
 * service sent one. Only the calls in {@link SEND_CALLS} pass.
 */
export function handleSend(req: IncomingMessage, res: ServerResponse, opts: SendRouteOptions): Promise<void> {
  return relay.relay(req, res, SEND_ROUTE, opts);
}
