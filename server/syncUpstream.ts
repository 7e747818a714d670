import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { ApiError } from './respond.ts';
import { USER_AGENT } from './upstream.ts';
import { readUpstreamBody } from './upstreamBody.ts';

/** One validated call to a sync server. `headers` holds only authorization / content-type. */
export interface SyncRequest {
  target: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string;
}

/** What the sync server answered (the last response; redirects only within its origin). */
export interface SyncResult {
  status: number;
  contentType: string;
  /** Set when the answer is a redirect that was not followed (another origin, or a POST). */
  location: string;
  /** The answer's `Retry-After` (seconds or an HTTP date), '' when absent. */
  retryAfter: string;
  /** `Location` of an answer that is not a redirect (201/202: the new resource), resolved; ''. */
  created: string;
  body: Buffer;
}

/** Options for {@link syncUpstream}. */
export interface SyncUpstreamOptions {
  fetchTimeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_SAME_ORIGIN_REDIRECTS = 3;

function send(req: SyncRequest, url: URL, signal: AbortSignal): Promise<IncomingMessage> {
  const lib = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    'User-Agent': USER_AGENT,
    Accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
    'Accept-Encoding': 'gzip, deflate, br',
    ...req.headers,
  };
  if (req.method === 'POST') headers['Content-Length'] = String(Buffer.byteLength(req.body));
  return new Promise((resolve, reject) => {
    const out = lib.request(url, { method: req.method, headers, signal, agent: false }, resolve);
    out.on('error', reject);
    out.end(req.method === 'POST' ? req.body : undefined);
  });
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
}

function clean(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value.join(', ') : (value ?? '');
  return /[\r\n\0]/.test(v) ? '' : v;
}

/**
 * Sends one sync call: the caller's method, body, Authorization and Content-Type, plus our
 * User-Agent. Redirects are followed only for GET and only within the target's origin (the
 * credentials never leave it); any other redirect is handed back with its `location`. One
 * deadline covers connecting, every hop and the body; the body is capped at `maxBytes` after
 * decompression. Throws ApiError `timeout`, `too_large`, `upstream_unreachable` (with the
 * network or TLS error code in the message, e.g. `CERT_HAS_EXPIRED`).
 */
export async function syncUpstream(req: SyncRequest, opts: SyncUpstreamOptions): Promise<SyncResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.fetchTimeoutMs);
  const onOuter = (): void => controller.abort();
  opts.signal?.addEventListener('abort', onOuter, { once: true });
  try {
    let url = req.target;
    for (let hop = 0; ; hop++) {
      const res = await send(req, url, controller.signal);
      const status = res.statusCode ?? 0;
      const location = clean(res.headers.location);
      if (REDIRECTS.has(status) && location) {
        let next: URL | null = null;
        try {
          next = new URL(location, url);
        } catch {
          next = null;
        }
        const follow =
          next !== null &&
          req.method === 'GET' &&
          next.origin === req.target.origin &&
          hop < MAX_SAME_ORIGIN_REDIRECTS;
        if (follow && next) {
          res.destroy();
          url = next;
          continue;
        }
        res.destroy();
        return {
          status,
          contentType: clean(res.headers['content-type']),
          location: next?.href ?? location,
          retryAfter: '',
          created: '',
          body: Buffer.alloc(0),
        };
      }
      const body = await readUpstreamBody(res, opts.maxBytes, controller.signal);
      let created = '';
      try {
        created = location ? new URL(location, url).href : '';
      } catch {
        created = '';
      }
      const contentType = clean(res.headers['content-type']);
      return {
        status,
        contentType,
        location: '',
        retryAfter: clean(res.headers['retry-after']),
        created,
        body,
      };
    }
  } catch (err) {
    if (timedOut)
      throw new ApiError(
        504,
        'timeout',
        `The server did not answer within ${Math.round(opts.fetchTimeoutMs / 1000)} s.`,
      );
    if (err instanceof ApiError) throw err;
    throw new ApiError(502, 'upstream_unreachable', `Could not reach the server: ${describe(err)}`);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuter);
    controller.abort();
  }
}
