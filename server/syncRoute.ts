import type { IncomingMessage, ServerResponse } from 'node:http';
import * as relay from './relay.ts';
import type { SyncRequest } from './syncUpstream.ts';

/** Limits for {@link handleSync}. */
export type SyncRouteOptions = relay.RelayOptions;

/** Largest request body the route accepts (a JSON envelope; edit-tag batches stay far below). */
export const MAX_SYNC_REQUEST_BYTES = 1024 * 1024;

/** Validates the JSON envelope; throws `bad_url` / `bad_scheme` / `forbidden` with a reason. */
export function parseSyncEnvelope(raw: string, localPort: number | undefined): SyncRequest {
  const d = relay.parseEnvelopeObject(raw, 'sync', '{ target, method, headers, body }');
  const target = relay.parseWebAddress(d.target, 'Missing "target": the server address to call.');
  relay.refuseOwnApi(target, localPort, 'sync');
  const method = d.method ?? 'GET';
  if (method !== 'GET' && method !== 'POST') throw relay.badEnvelope('"method" must be GET or POST.');
  return { target, method, ...relay.parseHeadersAndBody(d, method) };
}

const SYNC_ROUTE: relay.RelayRoute = {
  path: '/api/sync',
  failure: 'The sync route failed.',
  maxRequestBytes: MAX_SYNC_REQUEST_BYTES,
  parse: parseSyncEnvelope,
  answerHeaders: (result) => ({
    'X-Upstream-Location': result.location,
    // A 429 (or a 503 in maintenance) says how long to wait; the app honours it (bounded).
    'X-Upstream-Retry-After': result.retryAfter,
  }),
};

/**
 * `POST /api/sync` with `{ target, method: 'GET'|'POST', headers?: { Authorization?,
 * Content-Type? }, body?: string }`: one call to a sync server (Fever / Google Reader API) for
 * the app. Success (the server answered, whatever its status) is 200 with the decompressed
 * upstream bytes, `X-Upstream-Status`, `X-Upstream-Content-Type`, `X-Upstream-Retry-After`
 * when the server sent `Retry-After`, and, for an unfollowed redirect, `X-Upstream-Location`.
 * Refusals and failures are the API's JSON errors. Buffers at most 1 MB of request and
 * `maxBytes` of answer; one deadline covers the whole exchange.
 */
export function handleSync(req: IncomingMessage, res: ServerResponse, opts: SyncRouteOptions): Promise<void> {
  return relay.relay(req, res, SYNC_ROUTE, opts);
}
