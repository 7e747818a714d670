import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, allowMethod, proxyExchange, startUpstreamAnswer } from './respond.ts';
import { readRequestBody } from './requestBody.ts';
import { syncUpstream, type SyncRequest } from './syncUpstream.ts';

/** Limits for {@link handleSync}. */
export interface SyncRouteOptions {
  fetchTimeoutMs: number;
  maxBytes: number;
}

/** Largest request body the route accepts (a JSON envelope; edit-tag batches stay far below). */
export const MAX_SYNC_REQUEST_BYTES = 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const FORWARDED = ['authorization', 'content-type'] as const;

function bad(message: string): ApiError {
  return new ApiError(400, 'bad_url', message);
}

/** Validates the JSON envelope; throws `bad_url` / `bad_scheme` / `forbidden` with a reason. */
export function parseSyncEnvelope(raw: string, localPort: number | undefined): SyncRequest {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw bad('The sync request must be JSON: { target, method, headers, body }.');
  }
  if (typeof data !== 'object' || data === null) throw bad('The sync request must be a JSON object.');
  const d = data as Record<string, unknown>;
  if (typeof d.target !== 'string' || !d.target) throw bad('Missing "target": the server address to call.');
  let target: URL;
  try {
    target = new URL(d.target);
  } catch {
    throw bad(`"${d.target.slice(0, 200)}" is not an absolute web address.`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new ApiError(400, 'bad_scheme', `The address uses "${target.protocol}"; only http and https work.`);
  if (target.username || target.password) throw bad('Put the user name in the form, not in the address.');
  if (
    LOOPBACK.has(target.hostname) &&
    Number(target.port || 80) === localPort &&
    target.pathname.startsWith('/api')
  )
    throw new ApiError(403, 'forbidden', 'The sync route does not call its own API.');
  const method = d.method ?? 'GET';
  if (method !== 'GET' && method !== 'POST') throw bad('"method" must be GET or POST.');
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
  return { target, method, headers, body: d.body ?? '' };
}

/**
 * `POST /api/sync` with `{ target, method: 'GET'|'POST', headers?: { Authorization?,
 * Content-Type? }, body?: string }`: one call to a sync server (Fever / Google Reader API) for
 * the app. Success (the server answered, whatever its status) is 200 with the decompressed
 * upstream bytes, `X-Upstream-Status`, `X-Upstream-Content-Type` and, for an unfollowed
 * redirect, `X-Upstream-Location`. Refusals and failures are the API's JSON errors. Buffers at
 * most 1 MB of request and `maxBytes` of answer; one deadline covers the whole exchange.
 */
export async function handleSync(
  req: IncomingMessage,
  res: ServerResponse,
  opts: SyncRouteOptions,
): Promise<void> {
  if (!allowMethod(req.method, res, 'POST', '/api/sync')) return;
  await proxyExchange(res, 'The sync route failed.', async (signal) => {
    const envelope = parseSyncEnvelope(
      (await readRequestBody(req, MAX_SYNC_REQUEST_BYTES)).toString('utf8'),
      req.socket.localPort,
    );
    const result = await syncUpstream(envelope, { ...opts, signal });
    if (signal.aborted) return;
    startUpstreamAnswer(res, result.status, result.body.length);
    if (result.contentType) res.setHeader('X-Upstream-Content-Type', result.contentType);
    if (result.location) res.setHeader('X-Upstream-Location', result.location);
    res.end(result.body);
  });
}
