/**
 * How the sync clients reach an account's server: every call goes through the companion
 * server's `POST /api/sync` (most servers send no CORS headers, and the credentials must not be
 * handed to a page-side fetch of another origin). Failures become EngineErrors with codes the
 * login screen turns into advice (see `SyncErrorCode`).
 */
import { parseRetryAfter, type FetchImpl } from '../formats/fetcher';
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
  /** Any other HTTP failure status (5xx, 400, …). */
  | 'sync_http'
  /**
   * Too many requests (429): the server asks Rivulet to wait; `details.retryAfter` holds the
   * seconds it named, when it named them.
   */
  | 'sync_rate'
  /**
   * The answer is larger than the companion server relays (10 MB once decompressed). Batched
   * fetches split the batch and ask again (see `splittingFetcher`).
   */
  | 'sync_too_large'
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
  /** The server's `Retry-After` as it came (seconds or an HTTP date), '' when absent. */
  retryAfter: string;
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
 * `sync_too_large` (the answer is over the companion server's cap), `sync_http` for another
 * refusal by the companion server (message included).
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
        retryAfter: res.headers.get('X-Upstream-Retry-After') ?? '',
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
    if (code === 'too_large') throw syncError('sync_too_large', message, { status: res.status, code });
    throw syncError('sync_http', message, { status: res.status, code });
  };
}

/**
 * Parses a JSON answer of the account's API, turning the usual ways a wrong address shows up
 * into `sync_not_api` (HTML page, 404, redirect elsewhere, FreshRSS's "API off" 503), 401/403
 * into `sync_auth`, 429 into `sync_rate`, other failures into `sync_http`, unparseable bodies
 * into `sync_bad_answer`.
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
  // FreshRSS answers every API call with this exact 503 while its API is switched off (both
  // greader.php and fever.php); a 503 of a server in maintenance says something else.
  if (status === 503 && answer.text.trim() === 'Service Unavailable!')
    throw syncError(
      'sync_not_api',
      `${what}: the server answered "Service Unavailable!" (HTTP 503), which is what FreshRSS answers while its API is turned off. Turn it on in FreshRSS under Settings → Authentication → Allow API access (an administrator's setting), then try again.`,
      { status },
    );
  const wait = parseRetryAfter(answer.retryAfter);
  const details = { status, ...(wait === null ? {} : { retryAfter: wait }) };
  if (status === 429)
    throw syncError(
      'sync_rate',
      wait === null
        ? `${what}: the server refuses more requests for now (HTTP 429, too many requests). Try again later.`
        : `${what}: the server asks Rivulet to wait ${waitText(wait)} before trying again (HTTP 429, too many requests).`,
      details,
    );
  throw syncError('sync_http', `${what}: the server answered HTTP ${status}.`, details);
}

/** A wait in words: "a moment", "1 second", "45 seconds", "3 minutes", "2 hours" (rounded up). */
export function waitText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 1) return 'a moment';
  if (seconds < 120) return unit(Math.ceil(seconds), 'second');
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

/** The seconds a `sync_rate` / `sync_http` error's server asked to wait, null when it named none. */
export function retryAfterOf(err: unknown): number | null {
  const details = err instanceof EngineError ? err.details : undefined;
  const value =
    typeof details === 'object' && details !== null && 'retryAfter' in details ? details.retryAfter : null;
  return typeof value === 'number' ? value : null;
}

/** `application/x-www-form-urlencoded` body from pairs (repeated keys allowed). */
export function form(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

/** A JSON field as text: strings as they are, numbers printed, anything else ''. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * `splittingFetcher`'s `onTooLarge` for a client: the id goes on `list` (the sync says how many
 * were left out, worker/sync/sync.ts) and in the console. Left out, not lost: the server keeps
 * the article, unchanged, and the next sync asks again.
 */
export function leaveOutInto(list: string[]): (id: string) => void {
  return (id) => {
    list.push(id);
    console.warn(`Rivulet: article ${id} is too large to import through the companion server`);
  };
}

/**
 * Fetches items by id in batches of at most `maxBatch` through `fetch`. A batch whose answer is
 * larger than the companion server relays (`sync_too_large`: long articles, 10 MB) is split in
 * halves and asked again, down to a single id; an id too large even alone is left out and handed
 * to `onTooLarge`, and the rest still arrives. After a batch had to be split, later batches (of
 * this and later calls) start at half its size, so a run of long articles costs one refusal,
 * not one per batch. Any other error ends the fetch as it came.
 */
export function splittingFetcher<T>(
  maxBatch: number,
  fetch: (ids: string[]) => Promise<T[]>,
  onTooLarge: (id: string) => void,
): (ids: string[]) => Promise<T[]> {
  let size = maxBatch;
  const part = async (ids: string[], out: T[], top: boolean): Promise<void> => {
    try {
      out.push(...(await fetch(ids)));
    } catch (err) {
      if (!(err instanceof EngineError) || err.code !== 'sync_too_large') throw err;
      if (ids.length === 1) return onTooLarge(ids[0]!);
      const half = Math.ceil(ids.length / 2);
      if (top) size = Math.min(size, half);
      await part(ids.slice(0, half), out, false);
      await part(ids.slice(half), out, false);
    }
  };
  return async (ids) => {
    const out: T[] = [];
    for (let i = 0; i < ids.length;) {
      const batch = ids.slice(i, i + size);
      await part(batch, out, true);
      i += batch.length;
    }
    return out;
  };
}
