/**
 * How the sync clients reach an account's server: every call goes through the companion
 * server's `POST /api/sync` (most servers send no CORS headers, and the credentials must not be
 * handed to a page-side fetch of another origin). Failures become EngineErrors with codes the
 * login screen turns into advice (see `SyncErrorCode`).
 */
import type { FetchImpl } from '../formats/fetcher';
import { EngineError } from '../errors';

/** Error codes of the sync domain, each with one cause people can act on. */
export type SyncErrorCode =
  /** The server (or the companion server) could not be reached: offline, DNS, refused, cut. */
  | 'sync_network'
  /** The HTTPS certificate was refused (expired, self-signed, wrong name). */
  | 'sync_tls'
  | 'sync_timeout'
  /** The address answered, but not with this API (an HTML page, 404): wrong URL or API off. */
  | 'sync_not_api'
  /** Wrong user name or password, or the stored token was revoked: log in again. */
  | 'sync_auth'
  /** Any other HTTP failure status (5xx, 429, …). */
  | 'sync_http'
  /** The server refused one change (a feed it cannot subscribe to, an unknown feed). */
  | 'sync_refused'
  /** The answer was not what the protocol promises (bad JSON, missing fields). */
  | 'sync_bad_answer'
  /** No account is connected, or the call needs a protocol feature this account lacks. */
  | 'sync_no_account'
  | 'sync_unsupported';

/** One call to the account's server. */
export interface SyncCall {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** What the server answered (any status). */
export interface SyncAnswer {
  status: number;
  contentType: string;
  /** Where an unfollowed redirect pointed ('' otherwise). */
  location: string;
  text: string;
}

/** Sends one call; the test and worker implementations both go through `/api/sync`. */
export type SyncTransport = (call: SyncCall) => Promise<SyncAnswer>;

export function syncError(code: SyncErrorCode, message: string, details?: unknown): EngineError {
  return new EngineError(code, message, details);
}

const TLS = /CERT|SSL|TLS|self[- ]signed|certificate/i;

/**
 * A transport over a FetchImpl that resolves server-relative paths against the companion
 * server (the engine's `proxy`). Cost: one round trip through the companion server.
 * Fails: `sync_network` (companion or server unreachable), `sync_tls`, `sync_timeout`,
 * `sync_http` for a refusal by the companion server (message included).
 */
export function proxyTransport(fetchImpl: FetchImpl): SyncTransport {
  return async (call) => {
    let res: Response;
    try {
      res = await fetchImpl('/api/sync', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          target: call.url,
          method: call.method,
          headers: call.headers ?? {},
          body: call.body,
        }),
      });
    } catch (err) {
      throw syncError('sync_network', `Rivulet's companion server is not reachable (${String(err)}).`);
    }
    const upstream = res.headers.get('X-Upstream-Status');
    if (res.ok && upstream !== null) {
      return {
        status: Number(upstream),
        contentType: res.headers.get('X-Upstream-Content-Type') ?? '',
        location: res.headers.get('X-Upstream-Location') ?? '',
        text: await res.text(),
      };
    }
    let code = '';
    let message = `The companion server answered ${res.status}.`;
    try {
      const body = (await res.json()) as { error?: { code?: string; message?: string } };
      code = body.error?.code ?? '';
      message = body.error?.message ?? message;
    } catch {
      // not our JSON error shape: keep the status message
    }
    if (code === 'timeout') throw syncError('sync_timeout', message);
    if (code === 'upstream_unreachable')
      throw syncError(TLS.test(message) ? 'sync_tls' : 'sync_network', message);
    if (code === 'bad_url' || code === 'bad_scheme') throw syncError('sync_not_api', message);
    throw syncError('sync_http', message, { status: res.status, code });
  };
}

/**
 * Parses a JSON answer of the account's API, turning the usual ways a wrong address shows up
 * into `sync_not_api` (HTML page, 404, redirect elsewhere), 401/403 into `sync_auth`, other
 * failures into `sync_http`, unparseable bodies into `sync_bad_answer`.
 */
export function jsonOf(answer: SyncAnswer, what: string): unknown {
  checkStatus(answer, what);
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    if (/^\s*</.test(answer.text) || /html/i.test(answer.contentType))
      throw syncError(
        'sync_not_api',
        `${what}: the address answered with a web page, not the API. Check the URL and that the API is enabled.`,
      );
    throw syncError('sync_bad_answer', `${what}: the server's answer is not valid JSON.`);
  }
}

/** Throws the matching error for a non-2xx answer; see `jsonOf`. */
export function checkStatus(answer: SyncAnswer, what: string): void {
  const { status } = answer;
  if (status >= 200 && status < 300) return;
  if (status >= 300 && status < 400)
    throw syncError(
      'sync_not_api',
      `${what}: the server redirects to ${answer.location || 'another address'}. Use that address instead.`,
    );
  if (status === 401 || status === 403)
    throw syncError('sync_auth', `${what}: the server refused the credentials (HTTP ${status}).`, { status });
  if (status === 404 || status === 405)
    throw syncError(
      'sync_not_api',
      `${what}: nothing answers at this address (HTTP ${status}). Check the URL and that the API is enabled.`,
      { status },
    );
  throw syncError('sync_http', `${what}: the server answered HTTP ${status}.`, { status });
}

/** `application/x-www-form-urlencoded` body from pairs (repeated keys allowed). */
export function form(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

/** A JSON field as text: strings as they are, numbers printed, anything else ''. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
