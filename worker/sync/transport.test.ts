import { parseRetryAfter } from '../formats/fetcher';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors';
import {
  checkStatus,
  proxyTransport,
  retryAfterOf,
  splittingFetcher,
  syncError,
  waitText,
  type SyncAnswer,
} from './transport';

const answer = (status: number, text = '', retryAfter = ''): SyncAnswer => ({
  status,
  contentType: 'text/plain',
  location: '',
  retryAfter,
  text,
});

const thrown = (fn: () => unknown): EngineError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof EngineError) return err;
    throw err;
  }
  throw new Error('did not throw');
};

describe('checkStatus', () => {
  it('gives a 429 its own error that says how long the server asks to wait', () => {
    const err = thrown(() => checkStatus(answer(429, 'Too Many Requests', '120'), 'Item ids'));
    expect(err.code).toBe('sync_rate');
    expect(err.message).toBe(
      'Item ids: the server asks Rivulet to wait 2 minutes before trying again (HTTP 429, too many requests).',
    );
    expect(retryAfterOf(err)).toBe(120);
    const bare = thrown(() => checkStatus(answer(429), 'Item ids'));
    expect([bare.code, retryAfterOf(bare)]).toEqual(['sync_rate', null]);
    expect(bare.message).toContain('Try again later');
  });

  it("tells FreshRSS's API-off answer from a server in maintenance", () => {
    const off = thrown(() => checkStatus(answer(503, 'Service Unavailable!'), 'Google Reader API login'));
    expect(off.code).toBe('sync_not_api');
    expect(off.message).toContain('Settings → Authentication → Allow API access');
    const down = thrown(() => checkStatus(answer(503, 'maintenance', '5'), 'Fever API'));
    expect(down.code).toBe('sync_http');
    // A 5xx keeps its Retry-After for the retry policy.
    expect(retryAfterOf(down)).toBe(5);
  });
});

// The feed fetcher's parser reads a sync server's Retry-After too (one copy).
describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('words a wait in seconds, minutes or hours, rounded up', () => {
    expect([0, 1, 45, 119, 120, 121, 3600, 7200, 7201].map(waitText)).toEqual([
      'a moment',
      '1 second',
      '45 seconds',
      '119 seconds',
      '2 minutes',
      '3 minutes',
      '60 minutes',
      '2 hours',
      '3 hours',
    ]);
  });
});

describe('proxyTransport', () => {
  it('hands on Retry-After and names a too-large answer', async () => {
    const relayed = proxyTransport(() =>
      Promise.resolve(
        new Response('Too Many Requests', {
          headers: { 'X-Upstream-Status': '429', 'X-Upstream-Retry-After': '30' },
        }),
      ),
    );
    expect(await relayed({ url: 'https://rss.example/api', method: 'GET' })).toMatchObject({
      status: 429,
      retryAfter: '30',
    });
    const refused = proxyTransport(() =>
      Promise.resolve(
        Response.json(
          { error: { code: 'too_large', message: 'The response is larger than 10 MB once decompressed.' } },
          { status: 502 },
        ),
      ),
    );
    const err = await refused({ url: 'https://rss.example/api', method: 'GET' }).catch((e: unknown) => e);
    expect((err as EngineError).code).toBe('sync_too_large');
  });
});

describe('splittingFetcher', () => {
  /** A fake server: each id's answer is `sizes[id]` bytes; answers over `cap` are refused. */
  function server(sizes: Record<string, number>, cap: number) {
    const calls: string[][] = [];
    const fetch = (ids: string[]) => {
      calls.push(ids);
      const total = ids.reduce((sum, id) => sum + (sizes[id] ?? 1), 0);
      if (total > cap) return Promise.reject(syncError('sync_too_large', 'too large'));
      return Promise.resolve(ids);
    };
    return { calls, fetch };
  }

  it('splits a batch that comes back too large, and starts later batches smaller', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => String(i + 1));
    const { calls, fetch } = server(Object.fromEntries(ids.map((id) => [id, 10])), 40);
    const skipped: string[] = [];
    const all = splittingFetcher(8, fetch, (id) => skipped.push(id));
    expect(await all(ids)).toEqual(ids);
    expect(skipped).toEqual([]);
    // 8 refused, its halves of 4 pass; the last 4 go at the size that worked.
    expect(calls.map((c) => c.length)).toEqual([8, 4, 4, 4]);
    calls.length = 0;
    expect(await all(['1', '2', '3', '4', '5'])).toHaveLength(5);
    expect(calls.map((c) => c.length)).toEqual([4, 1]);
  });

  it('leaves out an article too large on its own and still brings the rest', async () => {
    const { fetch } = server({ '3': 100 }, 40);
    const skipped: string[] = [];
    const all = splittingFetcher(250, fetch, (id) => skipped.push(id));
    expect(await all(['1', '2', '3', '4', '5'])).toEqual(['1', '2', '4', '5']);
    expect(skipped).toEqual(['3']);
  });

  it('passes any other error on as it came', async () => {
    const all = splittingFetcher(
      10,
      () => Promise.reject(syncError('sync_http', 'HTTP 500', { status: 500 })),
      () => undefined,
    );
    await expect(all(['1', '2'])).rejects.toMatchObject({ code: 'sync_http' });
  });
});
