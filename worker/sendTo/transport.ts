/**
 * How the send-to clients reach a read-later service: through the companion server's
 * `POST /api/send`, which relays only the calls each integration needs (server/sendRoute.ts).
 * Like sync, the credentials never go to a page-side fetch of another origin, and services that
 * send no CORS headers work.
 */
import type { FetchImpl } from '../formats/fetcher';
import { EngineError } from '../errors';

/** The services Rivulet sends articles to. */
export type SendService = 'wallabag' | 'readeck' | 'linkding' | 'readwise';

/** The name people know each service by (used in messages: "Wallabag answered 401: …"). */
export const SERVICE_NAMES: Record<SendService, string> = {
  wallabag: 'Wallabag',
  readeck: 'Readeck',
  linkding: 'Linkding',
  readwise: 'Readwise Reader',
};

/**
 * Error codes of the send-to domain. `details` of every error from a service's answer carry
 * `{ service, status, detail }` so the UI can say which service answered what.
 */
export type SendErrorCode =
  /** The service refused the credentials (401/403, Wallabag's invalid_grant / invalid_client). */
  | 'send_auth'
  /** Too many requests (429); `details.retryAfter` holds the seconds to wait when given. */
  | 'send_rate'
  /** The address answered, but not with this API (web page, 404, redirect). */
  | 'send_not_api'
  /** Any other failure status (5xx, 400, …). */
  | 'send_http'
  /** The service (or the companion server) could not be reached, or did not answer in time. */
  | 'send_network'
  /** The form is incomplete or the address is not a web address. */
  | 'send_invalid'
  /** No target with that id. */
  | 'send_not_found';

/** What an error from a service's answer carries. */
export interface SendErrorDetails {
  service: string;
  status?: number;
  detail?: string;
  retryAfter?: number;
}

export function sendError(code: SendErrorCode, message: string, details?: SendErrorDetails): EngineError {
  return new EngineError(code, message, details);
}

/** One relayed call. `path` must be one the server allows for `service`. */
export interface SendCall {
  service: SendService;
  base: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What the service answered (any status). */
export interface SendAnswer {
  status: number;
  contentType: string;
  location: string;
  retryAfter: string;
  text: string;
}

export type SendTransport = (call: SendCall) => Promise<SendAnswer>;

/** A transport over the companion server's `/api/send`. Fails: `send_network`, `send_invalid`. */
export function relayTransport(fetchImpl: FetchImpl): SendTransport {
  return async (call) => {
    const name = SERVICE_NAMES[call.service];
    let res: Response;
    try {
      res = await fetchImpl('/api/send', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(call),
      });
    } catch (err) {
      throw sendError('send_network', `Rivulet's companion server is not reachable (${String(err)}).`, {
        service: name,
      });
    }
    const upstream = res.headers.get('X-Upstream-Status');
    if (res.ok && upstream !== null)
      return {
        status: Number(upstream),
        contentType: res.headers.get('X-Upstream-Content-Type') ?? '',
        location: res.headers.get('X-Upstream-Location') ?? '',
        retryAfter: res.headers.get('X-Upstream-Retry-After') ?? '',
        text: await res.text(),
      };
    let code = '';
    let message = `The companion server answered ${res.status}.`;
    try {
      const body = (await res.json()) as { error?: { code?: string; message?: string } };
      code = body.error?.code ?? '';
      message = body.error?.message ?? message;
    } catch {
      // not the API's error shape: keep the status message
    }
    if (code === 'timeout' || code === 'upstream_unreachable')
      throw sendError('send_network', `${name} could not be reached: ${message}`, {
        service: name,
        detail: message,
      });
    throw sendError('send_invalid', message, { service: name, detail: message });
  };
}

/** The most telling short text of an error answer: OAuth / DRF / Readeck JSON fields, else the text. */
export function detailOf(answer: SendAnswer): string {
  try {
    const data = JSON.parse(answer.text) as Record<string, unknown>;
    const parts: string[] = [];
    if (typeof data.error === 'string') parts.push(data.error);
    if (typeof data.error_description === 'string') parts.push(data.error_description);
    if (typeof data.detail === 'string') parts.push(data.detail);
    if (typeof data.message === 'string' && parts.length === 0) parts.push(data.message);
    if (parts.length) return parts.join(': ').slice(0, 200);
    return answer.text.slice(0, 200);
  } catch {
    const text = answer.text
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return text.slice(0, 120);
  }
}

function retrySeconds(value: string, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Throws the error for a failing answer: `send_auth` (401/403), `send_rate` (429 with the
 * seconds of `Retry-After`), `send_not_api` (redirect, 404/405, a web page), `send_http` else.
 * The message names the service and what it said: "Wallabag answered 401: invalid_grant".
 * `auth` makes any status a credentials failure (OAuth2 token endpoints answer 400 for those).
 */
export function failure(service: SendService, answer: SendAnswer, hint = '', auth = false): EngineError {
  const name = SERVICE_NAMES[service];
  const { status } = answer;
  const detail =
    status >= 300 && status < 400 ? `redirect to ${answer.location || 'another address'}` : detailOf(answer);
  const said = `${name} answered ${status}${detail ? `: ${detail}` : ''}`;
  const details: SendErrorDetails = { service: name, status, detail };
  if (auth || status === 401 || status === 403)
    return sendError('send_auth', `${said} — ${hint || 'check the token'}.`, details);
  if (status === 429) {
    const retryAfter = retrySeconds(answer.retryAfter, Date.now());
    return sendError(
      'send_rate',
      `${said} — try again${retryAfter !== undefined ? ` in ${retryAfter} s` : ' later'}.`,
      {
        ...details,
        ...(retryAfter !== undefined ? { retryAfter } : {}),
      },
    );
  }
  if ((status >= 300 && status < 400) || status === 404 || status === 405 || /html/i.test(answer.contentType))
    return sendError('send_not_api', `${said} — check the address.`, details);
  return sendError('send_http', `${said}.`, details);
}

/** The JSON of a 2xx answer, or `null` when it has none (204, empty body). */
export function okJson(service: SendService, answer: SendAnswer, hint = ''): unknown {
  if (answer.status < 200 || answer.status >= 300) throw failure(service, answer, hint);
  if (!answer.text.trim()) return null;
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    throw failure(service, { ...answer, status: answer.status, contentType: 'text/html' });
  }
}
