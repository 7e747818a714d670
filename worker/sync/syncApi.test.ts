import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryPause, withRetries } from './syncApi';
import { syncError } from './transport';

const http = (status: number, retryAfter?: number) =>
  syncError(status === 429 ? 'sync_rate' : 'sync_http', `HTTP ${status}`, {
    status,
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });

/** A call failing with `errors` in turn, then answering 'ok'; counts its attempts. */
function failing(...errors: Error[]) {
  const fn = vi.fn(() => {
    const err = errors.shift();
    return err ? Promise.reject(err) : Promise.resolve('ok');
  });
  return fn;
}

describe('withRetries', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('tries a network failure again, 250 ms then 500 ms later', async () => {
    const fn = failing(syncError('sync_network', 'cut'), syncError('sync_timeout', 'slow'));
    const done = withRetries(fn);
    await vi.advanceTimersByTimeAsync(749);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('does not ask a failing server again at once: a 5xx or 429 without Retry-After ends it', async () => {
    for (const err of [http(500), http(502), http(503), http(429)]) {
      const fn = failing(err);
      await expect(withRetries(fn)).rejects.toBe(err);
      expect(fn).toHaveBeenCalledTimes(1);
    }
  });

  it('waits as long as a short Retry-After asks, once', async () => {
    const fn = failing(http(429, 3));
    const done = withRetries(fn);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe('ok');

    const twice = failing(http(503, 1), http(503, 1));
    const failed = withRetries(twice).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect((await failed) as Error).toMatchObject({ code: 'sync_http' });
    expect(twice).toHaveBeenCalledTimes(2);
  });

  it('hands a long Retry-After to the person instead of waiting', async () => {
    const fn = failing(http(429, 600));
    await expect(withRetries(fn)).rejects.toMatchObject({ code: 'sync_rate' });
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('retryPause', () => {
  it('never retries a refusal that waiting does not change', () => {
    for (const code of ['sync_auth', 'sync_not_api', 'sync_bad_answer', 'sync_too_large'] as const)
      expect(retryPause(syncError(code, 'no'), 1, 250, false)).toBeNull();
    expect(retryPause(new Error('plain'), 1, 250, false)).toBeNull();
  });
});
