import { describe, expect, it } from 'vitest';
import { OfferQueue } from './offerQueue';
import type { OfferedText } from './textFeed';

const text = (id: number, chars = 10): OfferedText => ({
  id,
  feedId: 1,
  pubDate: 0,
  title: '',
  author: '',
  plainLower: 'x'.repeat(chars),
});

describe('OfferQueue', () => {
  it('drains in order, with items queued during a background drain, and is empty after', async () => {
    const q = new OfferQueue();
    for (let id = 1; id <= 3; id++) q.push(text(id));
    const seen: number[] = [];
    let slices = 0;
    await q.drain(
      (item) => {
        seen.push(item.id);
        if (item.id === 2) q.push(text(9));
      },
      () => false,
      () => slices++,
    );
    expect(seen).toEqual([1, 2, 3, 9]);
    expect(q.length).toBe(0);
    expect(slices).toBeGreaterThan(0);
  });

  it('an urgent drain takes everything without yielding', async () => {
    const q = new OfferQueue();
    for (let id = 1; id <= 100; id++) q.push(text(id));
    const seen: number[] = [];
    let yielded = false;
    void Promise.resolve().then(() => (yielded = true));
    const done = q.drain(
      (item) => {
        if (!yielded) seen.push(item.id);
      },
      () => true,
      () => undefined,
    );
    await done;
    expect(seen).toHaveLength(100);
  });

  it('a background slice goes on while the queue holds 16 Mi characters not indexed', async () => {
    const q = new OfferQueue();
    const Mi = 1024 * 1024;
    // 24 Mi characters: the first slice indexes until fewer than 16 Mi are left (9 items, then on
    // to the end of its group of 8), where a slice of 1 ms stops after 8 (each item takes ~1 ms).
    for (let id = 1; id <= 24; id++) q.push(text(id, Mi));
    let seen = 0;
    let firstSlice = -1;
    await q.drain(
      () => {
        const until = performance.now() + 1;
        while (performance.now() < until);
        seen++;
      },
      () => false,
      () => {
        if (firstSlice < 0) firstSlice = seen;
      },
    );
    expect(seen).toBe(24);
    expect(firstSlice).toBeGreaterThanOrEqual(9);
  });

  it('is full at 16 Mi characters of text, and not after a clear', () => {
    const q = new OfferQueue();
    q.push(text(1, 16 * 1024 * 1024 - 1));
    expect(q.full).toBe(false);
    q.push(text(2, 1));
    expect(q.full).toBe(true);
    q.clear();
    expect(q.full).toBe(false);
    expect(q.length).toBe(0);
  });
});
