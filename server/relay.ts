import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, allowMethod, proxyExchange, startUpstreamAnswer } from './respond.ts';
import { readRequestBody } from './requestBody.ts';
import { syncUpstream, type SyncRequest, type SyncResult } from './syncUpstream.ts';

/**
 * The relay that `/api/sync` and `/api/send` share: the app posts a JSON envelope naming one
 * call, the companion server makes it and hands the answer back as it came. The routes differ
 * only in which calls their envelope allows (see syncRoute.ts and sendRoute.ts).
 */

/** Limits of a relay route. */
export interface RelayOptions {
  fetchTimeoutMs: number;
  maxBytes: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const FORWARDED = ['authorization', 'content-type'] as const;

export const badEnvelope = (message: string) => new ApiError(400, 'bad_url', message);

/** The envelope as an object; `shape` is what the message says it should look like. */
export function parseEnvelopeObject(raw: string, what: string, shape: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw badEnvelope(`The ${what} request must be JSON: ${shape}.`);
  }
  if (typeof data !== 'object' || data === null)
    throw badEnvelope(`The ${what} request must be a JSON object.`);
  return data as Record<string, unknown>;
}

/** An absolute http(s) address without credentials; `missing` is the message when it is absent. */
export function parseWebAddress(value: unknown, missing: string): URL {
  if (typeof value !== 'string' || !value) throw badEnvelope(missing);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badEnvelope(`"${value.slice(0, 200)}" is not an absolute web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ApiError(400, 'bad_scheme', `The address uses "${url.protocol}"; only http and https work.`);
  if (url.username || url.password) throw badEnvelope('Put the user name in the form, not in the address.');
  return url;
}

/** Refuses a target that is the companion server's own API (the relay must not call itself). */
export function refuseOwnApi(target: URL, localPort: number | undefined, what: string): void {
  if (
    LOOPBACK.has(target.hostname) &&
    Number(target.port || 80) === localPort &&
    target.pathname.startsWith('/api')
  )
    throw new ApiError(403, 'forbidden', `The ${what} route does not call its own API.`);
}

/** The forwarded headers (Authorization and Content-Type only) and the body of a `method` call. */
export function parseHeadersAndBody(
  d: Record<string, unknown>,
  method: 'GET' | 'POST',
): Pick<SyncRequest, 'headers' | 'body'> {
  const headers: Record<string, string> = {};
  if (d.headers !== undefined) {
    if (typeof d.headers !== 'object' || d.headers === null)
      throw badEnvelope('"headers" must be an object.');
    for (const [name, value] of Object.entries(d.headers as Record<string, unknown>)) {
      const lower = name.toLowerCase();
      if (!(FORWARDED as readonly string[]).includes(lower))
        throw badEnvelope(
          `Header "${name}" cannot be sent; only Authorization and Content-Type are forwarded.`,
        );
      if (typeof value !== 'string' || /[\r\n]/.test(value))
        throw badEnvelope(`Header "${name}" has a bad value.`);
      headers[lower] = value;
    }
  }
  if (d.body !== undefined && typeof d.body !== 'string') throw badEnvelope('"body" must be a string.');
  if (method === 'GET' && d.body) throw badEnvelope('A GET request has no body.');
  return { headers, body: d.body ?? '' };
}

/** What makes one relay route: its path, its envelope and the extra answer headers it sends. */
export interface RelayRoute {
  path: string;
  /** The 500 message when the relay itself fails. */
  failure: string;
  maxRequestBytes: number;
  parse: (raw: string, localPort: number | undefined) => SyncRequest;
  /** `X-Upstream-*` headers beyond status and content type; empty values are left out. */
  answerHeaders: (result: SyncResult) => Record<string, string>;
}

/**
 * Serves one relay call: `POST` only, the envelope read (bounded) and checked, the upstream
 * called under one deadline, then 200 with the upstream bytes, `X-Upstream-Status`,
 * `X-Upstream-Content-Type` and the route's own headers. Refusals are the API's JSON errors.
 */
export async function relay(
  req: IncomingMessage,
  res: ServerResponse,
  route: RelayRoute,
  opts: RelayOptions,
): Promise<void> {
  if (!allowMethod(req.method, res, 'POST', route.path)) return;
  await proxyExchange(res, route.failure, async (signal) => {
    const raw = (await readRequestBody(req, route.maxRequestBytes)).toString('utf8');
    const result = await syncUpstream(route.parse(raw, req.socket.localPort), { ...opts, signal });
    if (signal.aborted) return;
    startUpstreamAnswer(res, result.status, result.body.length);
    if (result.contentType) res.setHeader('X-Upstream-Content-Type', result.contentType);
    for (const [name, value] of Object.entries(route.answerHeaders(result)))
      if (value) res.setHeader(name, value);
    res.end(result.body);
  });
}
