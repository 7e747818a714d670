import { describe, expect, it } from 'vitest';
import type { FeedStatus } from '../../types';
import type { FetchResult } from '../../formats/fetcher';
import { backoffSeconds, DEFAULT_INTERVAL, isDue, MAX_BACKOFF, planStatus } from './refreshPolicy';

const NOW = 1_700_000_000;
const prev: FeedStatus = {
  lastFetched: 0,
  lastSuccess: 0,
  error: '',
  errorCode: '',
  httpStatus: 0,
  etag: '"e1"',
  lastModified: 'LM1',
  failures: 0,
  nextFetchAfter: 0,
  dead: false,
  bodyHash: 'h1',
};
const res = (over: Partial<FetchResult> = {}): FetchResult => ({
  status: 200,
  bytes: new Uint8Array(),
  contentType: '',
  etag: '',
  lastModified: '',
  retryAfter: null,
  finalUrl: 'https://e.com/feed',
  permanentRedirect: false,
  notModified: false,
  ...over,
});

describe('planStatus', () => {
  it('records a success and resets failures', () => {
    const { status, newUrl } = planStatus(
      { ...prev, failures: 3, error: 'x', errorCode: 'y' },
      { kind: 'response', result: res({ etag: '"e2"', lastModified: 'LM2' }), bodyHash: 'h2' },
      { now: NOW },
    );
    expect(status).toEqual({
      ...prev,
      lastFetched: NOW,
      lastSuccess: NOW,
      httpStatus: 200,
      etag: '"e2"',
      lastModified: 'LM2',
      failures: 0,
      nextFetchAfter: NOW + DEFAULT_INTERVAL,
      bodyHash: 'h2',
    });
    expect(newUrl).toBeUndefined();
  });

  it('keeps validators and hash on 304', () => {
    const { status } = planStatus(
      prev,
      { kind: 'response', result: res({ status: 304, notModified: true }) },
      { now: NOW },
    );
    expect(status).toMatchObject({
      httpStatus: 304,
      etag: '"e1"',
      lastModified: 'LM1',
      bodyHash: 'h1',
      failures: 0,
      error: '',
    });
  });

  it('backs off exponentially on HTTP errors, capped at a day', () => {
    let s = prev;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      s = planStatus(s, { kind: 'response', result: res({ status: 500 }) }, { now: NOW }).status;
      waits.push(s.nextFetchAfter - NOW);
    }
    expect(waits.slice(0, 3)).toEqual([DEFAULT_INTERVAL * 2, DEFAULT_INTERVAL * 4, DEFAULT_INTERVAL * 8]);
    expect(waits.at(-1)).toBe(MAX_BACKOFF);
    expect(s).toMatchObject({
      failures: 8,
      errorCode: 'http_status',
      httpStatus: 500,
      error: 'The server answered HTTP 500 Internal Server Error',
      lastSuccess: 0,
    });
  });

  it('honours Retry-After on 429 and 503 when longer than the backoff', () => {
    const long = planStatus(
      prev,
      { kind: 'response', result: res({ status: 429, retryAfter: 10 * 3600 }) },
      { now: NOW },
    ).status;
    expect(long.nextFetchAfter).toBe(NOW + 10 * 3600);
    const short = planStatus(
      prev,
      { kind: 'response', result: res({ status: 503, retryAfter: 5 }) },
      { now: NOW },
    ).status;
    expect(short.nextFetchAfter).toBe(NOW + backoffSeconds(1));
    const ignored = planStatus(
      prev,
      { kind: 'response', result: res({ status: 404, retryAfter: 99999 }) },
      { now: NOW },
    ).status;
    expect(ignored.nextFetchAfter).toBe(NOW + backoffSeconds(1));
  });

  it('marks 410 as dead', () => {
    const { status } = planStatus(prev, { kind: 'response', result: res({ status: 410 }) }, { now: NOW });
    expect(status.dead).toBe(true);
    expect(isDue(status, NOW + 10 * MAX_BACKOFF)).toBe(false);
  });

  it('moves the URL on a permanent redirect only when the fetch succeeded', () => {
    expect(
      planStatus(
        prev,
        { kind: 'response', result: res({ permanentRedirect: true, finalUrl: 'https://new/' }) },
        { now: NOW },
      ).newUrl,
    ).toBe('https://new/');
    expect(
      planStatus(
        prev,
        { kind: 'response', result: res({ status: 404, permanentRedirect: true, finalUrl: 'https://new/' }) },
        { now: NOW },
      ).newUrl,
    ).toBeUndefined();
  });

  it('records parse errors with the HTTP status, and fetch failures without one', () => {
    const parse = planStatus(
      prev,
      { kind: 'response', result: res(), error: { code: 'parse_error', message: 'bad XML' } },
      { now: NOW },
    ).status;
    expect(parse).toMatchObject({
      errorCode: 'parse_error',
      error: 'bad XML',
      httpStatus: 200,
      failures: 1,
      bodyHash: 'h1',
      lastSuccess: 0,
    });
    const down = planStatus(
      prev,
      { kind: 'failure', error: { code: 'timeout', message: 'slow' } },
      { now: NOW },
    ).status;
    expect(down).toMatchObject({ errorCode: 'timeout', httpStatus: 0, failures: 1, lastFetched: NOW });
  });

  it('isDue respects nextFetchAfter', () => {
    expect(isDue({ dead: false, nextFetchAfter: NOW }, NOW)).toBe(true);
    expect(isDue({ dead: false, nextFetchAfter: NOW + 1 }, NOW)).toBe(false);
  });
});
