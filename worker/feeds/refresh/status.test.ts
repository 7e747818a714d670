import { describe, expect, it } from 'vitest';
import { inBackoff, isFeedDue, NEVER_FETCHED, statusOf } from './status';

const now = 1_000_000;

describe('isFeedDue', () => {
  it('is due once the interval has passed since the last fetch', () => {
    const fetched = { ...NEVER_FETCHED, lastFetched: now - 600, nextFetchAfter: now + 1200 };
    expect(isFeedDue(fetched, now, 1800)).toBe(false);
    // A shorter configured interval applies at once, whatever nextFetchAfter says.
    expect(isFeedDue(fetched, now, 300)).toBe(true);
    expect(isFeedDue(NEVER_FETCHED, now, 1800)).toBe(true);
  });

  it('after failures waits for nextFetchAfter (backoff / Retry-After); never when dead', () => {
    const failing = { ...NEVER_FETCHED, lastFetched: now - 5000, failures: 2, nextFetchAfter: now + 10 };
    expect(isFeedDue(failing, now, 300)).toBe(false);
    expect(inBackoff(failing, now)).toBe(true);
    expect(isFeedDue(failing, now + 10, 300)).toBe(true);
    expect(inBackoff(failing, now + 10)).toBe(false);
    expect(isFeedDue({ ...NEVER_FETCHED, dead: true }, now, 300)).toBe(false);
  });
});

describe('statusOf', () => {
  it('keeps only status fields', () => {
    const s = statusOf({ ...NEVER_FETCHED, etag: '"x"', title: 'T', url: 'u' } as typeof NEVER_FETCHED);
    expect(s).toEqual({ ...NEVER_FETCHED, etag: '"x"' });
  });
});
