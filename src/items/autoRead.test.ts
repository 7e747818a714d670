import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatcher, ScrollPastTracker } from './autoRead';

const ids = (n: number) => (i: number) => (i < n ? 1000 + i : undefined);

describe('ScrollPastTracker', () => {
  it('reports rows that were seen and then left through the top', () => {
    const t = new ScrollPastTracker();
    expect(t.update(0, 9, ids(100))).toEqual([]);
    expect(t.update(3, 12, ids(100)).sort()).toEqual([1000, 1001, 1002]);
    expect(t.update(3, 12, ids(100))).toEqual([]);
  });
  it('does not mark rows jumped over without being seen', () => {
    const t = new ScrollPastTracker();
    t.update(0, 4, ids(1000));
    const past = t.update(900, 905, ids(1000));
    expect(past.sort()).toEqual([1000, 1001, 1002, 1003, 1004]);
    expect(past).not.toContain(1500);
  });
  it('reports each row once, even when scrolled back and past again', () => {
    const t = new ScrollPastTracker();
    t.update(0, 2, ids(10));
    expect(t.update(3, 5, ids(10))).toHaveLength(3);
    t.update(0, 5, ids(10));
    expect(t.update(6, 8, ids(10)).sort()).toEqual([1003, 1004, 1005]);
  });
  it('skips rows not loaded yet and starts over after reset', () => {
    const t = new ScrollPastTracker();
    t.update(0, 5, ids(2));
    expect(t.update(6, 7, ids(2)).sort()).toEqual([1000, 1001]);
    t.reset();
    t.update(0, 1, ids(2));
    expect(t.update(2, 3, ids(2))).toHaveLength(2);
  });
});

describe('createBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one de-duplicated batch after a quiet period', () => {
    const flush = vi.fn();
    const b = createBatcher(flush, { delayMs: 100 });
    b.add([1, 2]);
    vi.advanceTimersByTime(60);
    b.add([2, 3]);
    vi.advanceTimersByTime(60);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith([1, 2, 3]);
  });
  it('sends early when the batch is full, and flush/cancel work', () => {
    const flush = vi.fn();
    const b = createBatcher(flush, { delayMs: 100, max: 3 });
    b.add([1, 2, 3, 4]);
    expect(flush).toHaveBeenCalledWith([1, 2, 3, 4]);
    b.add([5]);
    b.flush();
    expect(flush).toHaveBeenLastCalledWith([5]);
    b.add([6]);
    b.cancel();
    vi.advanceTimersByTime(500);
    expect(flush).toHaveBeenCalledTimes(2);
  });
  it('never sends an empty batch', () => {
    const flush = vi.fn();
    const b = createBatcher(flush);
    b.add([]);
    b.flush();
    vi.advanceTimersByTime(1000);
    expect(flush).not.toHaveBeenCalled();
  });
});
