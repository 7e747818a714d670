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
