/**
 * Pure refresh planning: the next FeedStatus after a fetch (or failed fetch), with backoff,
 * Retry-After, 410 Gone and permanent redirects. No I/O, no clock: `now` is passed in.
 */
import type { EngineErrorShape, FeedStatus } from '../../types';
import type { FetchResult } from '../../formats/fetcher';

/** Normal interval between fetches of a healthy feed, seconds. */
export const DEFAULT_INTERVAL = 30 * 60;
/** Backoff never exceeds a day… */
export const MAX_BACKOFF = 24 * 60 * 60;
/** …and a server's Retry-After is honoured up to a week. */
export const MAX_RETRY_AFTER = 7 * 24 * 60 * 60;

export type FetchOutcome =
  /** The upstream answered; `error` is set when its body could not be read (parse_error…). */
  | { kind: 'response'; result: FetchResult; bodyHash?: string; error?: EngineErrorShape }
  /** No upstream answer: proxy refusal, timeout, network. */
  | { kind: 'failure'; error: EngineErrorShape };

export interface PolicyOptions {
  /** Unix seconds. */
  now: number;
  interval?: number;
}

export interface StatusPlan {
  status: FeedStatus;
  /** Set when the feed moved permanently (all redirect hops 301/308) and the fetch succeeded. */
  newUrl?: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Seconds to wait after `failures` consecutive failures: interval × 2^failures, capped at a day. */
export function backoffSeconds(failures: number, interval = DEFAULT_INTERVAL): number {
  return Math.min(MAX_BACKOFF, interval * 2 ** Math.min(failures, 20));
}

/** Whether a feed should be fetched now (not dead, backoff/Retry-After elapsed). */
export function isDue(status: Pick<FeedStatus, 'dead' | 'nextFetchAfter'>, now: number): boolean {
  return !status.dead && status.nextFetchAfter <= now;
}

function failed(
  prev: FeedStatus,
  now: number,
  interval: number,
  code: string,
  message: string,
  httpStatus: number,
  retryAfter: number | null,
): FeedStatus {
  const failures = prev.failures + 1;
  let wait = backoffSeconds(failures, interval);
  if (retryAfter !== null && (httpStatus === 429 || httpStatus === 503))
    wait = Math.max(wait, Math.min(retryAfter, MAX_RETRY_AFTER));
  return {
    ...prev,
    lastFetched: now,
    error: message,
    errorCode: code,
    httpStatus,
    failures,
    nextFetchAfter: now + wait,
    dead: httpStatus === 410,
  };
}

/**
 * Computes the status after one fetch attempt. Success (2xx, 304): failures reset, validators
 * and body hash stored (kept on 304), next fetch after `interval`. HTTP errors, unreadable
 * bodies and fetch failures: failures + 1 and exponential backoff (Retry-After on 429/503 when
 * longer); 410 marks the feed dead. A permanent redirect yields `newUrl`. Pure and O(1).
 */
export function planStatus(prev: FeedStatus, outcome: FetchOutcome, opts: PolicyOptions): StatusPlan {
  const { now } = opts;
  const interval = opts.interval ?? DEFAULT_INTERVAL;
  if (outcome.kind === 'failure') {
    return { status: failed(prev, now, interval, outcome.error.code, outcome.error.message, 0, null) };
  }
  const r = outcome.result;
  const ok = r.notModified || (r.status >= 200 && r.status < 300);
  if (!ok) {
    const reason = REASONS[r.status] ?? '';
    const message = `The server answered HTTP ${r.status}${reason ? ` ${reason}` : ''}`;
    return { status: failed(prev, now, interval, 'http_status', message, r.status, r.retryAfter) };
  }
  if (outcome.error) {
    return { status: failed(prev, now, interval, outcome.error.code, outcome.error.message, r.status, null) };
  }
  const status: FeedStatus = {
    ...prev,
    lastFetched: now,
    lastSuccess: now,
    error: '',
    errorCode: '',
    httpStatus: r.status,
    etag: r.etag || (r.notModified ? prev.etag : ''),
    lastModified: r.lastModified || (r.notModified ? prev.lastModified : ''),
    failures: 0,
    nextFetchAfter: now + interval,
    dead: false,
    bodyHash: outcome.bodyHash ?? prev.bodyHash,
  };
  return r.permanentRedirect && r.finalUrl ? { status, newUrl: r.finalUrl } : { status };
}
