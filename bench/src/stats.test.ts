import { describe, expect, it } from 'vitest';
import { frameOver, interleave, mapSummary, picked, summarize, verdict } from './stats';

describe('bench stats', () => {
  it('summarises with interpolated quantiles regardless of order', () => {
    const s = summarize([5, 1, 3, 2, 4]);
    expect(s).toMatchObject({ median: 3, p25: 2, p75: 4, min: 1, max: 5, n: 5 });
    expect(s.p95).toBeCloseTo(4.8);
    expect(summarize([]).n).toBe(0);
    expect(Number.isNaN(summarize([]).median)).toBe(true);
  });

  it('stops after the minimum pairs once a time budget is spent, never before', async () => {
    const slow = () => new Promise<number>((r) => setTimeout(() => r(1), 5));
    const spent = await interleave(10, slow, slow, { ms: 0, minRuns: 3 });
    expect(spent.subject).toHaveLength(3);
    expect(spent.anchor).toHaveLength(3);
    const roomy = await interleave(4, slow, slow, { ms: 60_000, minRuns: 2 });
    expect(roomy.subject).toHaveLength(4);
  });

  it('maps a decreasing function with the spread flipped (ms → items/s)', () => {
    const rate = mapSummary(summarize([100, 200, 400]), (ms) => 1000 / ms);
    expect(rate.median).toBe(5);
    expect(rate.p25).toBeLessThan(rate.p75);
    expect(rate.min).toBe(2.5);
    expect(rate.max).toBe(10);
  });

  it('interleaves subject and anchor after one warm-up pair, the anchor first in odd pairs', async () => {
    const order: string[] = [];
    const res = await interleave(
      2,
      (i) => (order.push(`A${i}`), Promise.resolve(i)),
      (i) => (order.push(`B${i}`), Promise.resolve(10 + i)),
    );
    expect(order).toEqual(['A-1', 'B-1', 'A0', 'B0', 'B1', 'A1']);
    expect(res).toEqual({ subject: [0, 1], anchor: [10, 11] });
  });

  it('skips the warm-up pair when the budget says so', async () => {
    const order: string[] = [];
    await interleave(
      2,
      (i) => (order.push(`A${i}`), Promise.resolve(i)),
      (i) => (order.push(`B${i}`), Promise.resolve(i)),
      { ms: 60_000, minRuns: 1, warmUp: false },
    );
    expect(order).toEqual(['A0', 'B0', 'B1', 'A1']);
  });

  it('samples every nth item of a list on both sides of an alternation', () => {
    const every4 = Array.from({ length: 200 }, (_, i) => i).filter((i) => picked(i, 4));
    expect(every4.length).toBeGreaterThanOrEqual(48);
    expect(every4.length).toBeLessThanOrEqual(52);
    // The last 20 queries alternate word / prefix (odd i): both are sampled.
    const tail = every4.filter((i) => i >= 180);
    expect(tail.some((i) => i % 2 === 0)).toBe(true);
    expect(tail.some((i) => i % 2 === 1)).toBe(true);
    expect(Array.from({ length: 10 }, (_, i) => i).every((i) => picked(i, 1))).toBe(true);
  });

  it('fails the whole benchmark when a side throws', async () => {
    await expect(
      interleave(
        1,
        () => Promise.resolve(1),
        () => Promise.reject(new Error('boom')),
      ),
    ).rejects.toThrow('boom');
  });

  it('counts a frame as over a limit only past the clock jitter', () => {
    // Three 16.667 ms ticks as a cross-origin-isolated page reads them.
    for (const ms of [49.995, 50, 50.005]) expect(frameOver(ms, 50)).toBe(false);
    // The next lengths a frame can have: half a tick and a tick longer.
    for (const ms of [58.33, 66.67]) expect(frameOver(ms, 50)).toBe(true);
    expect(frameOver(25.02, 25)).toBe(true);
    expect(frameOver(16.7, 25)).toBe(false);
  });

  it('gives n/a when a side is missing', () => {
    expect(verdict(null)).toBe('n/a');
    expect(verdict(true)).toBe('PASS');
    expect(verdict(false)).toBe('MISS');
  });
});
