import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_INTERVAL_SECONDS, startSchedule } from './refreshSchedule';

describe('startSchedule', () => {
  let visible = true;
  beforeEach(() => {
    vi.useFakeTimers();
    visible = true;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const make = (intervalSeconds: number) => {
    const run = vi.fn();
    const s = startSchedule({ intervalSeconds, run, now: () => Date.now(), isVisible: () => visible });
    return { run, s };
  };

  it('does not run at start, then runs every interval', () => {
    const { run, s } = make(300);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299_000);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(run).toHaveBeenCalledTimes(3);
    s.stop();
  });

  it('waits while hidden and catches up once when shown after the interval', () => {
    const { run, s } = make(300);
    visible = false;
    vi.advanceTimersByTime(3 * 300_000);
    expect(run).not.toHaveBeenCalled();
    visible = true;
    s.visibilityChanged();
    expect(run).toHaveBeenCalledTimes(1);
    // The next run is one full interval after the catch-up, not sooner.
    vi.advanceTimersByTime(299_000);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    s.stop();
  });

  it('showing the tab before the interval passed does not run early', () => {
    const { run, s } = make(300);
    vi.advanceTimersByTime(100_000);
    s.visibilityChanged();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200_000);
    expect(run).toHaveBeenCalledTimes(1);
    s.stop();
  });

  it('a hidden tab shown again before the interval re-arms for the remainder', () => {
    const { run, s } = make(300);
    visible = false;
    vi.advanceTimersByTime(300_000); // due while hidden: nothing runs, nothing armed
    expect(run).not.toHaveBeenCalled();
    visible = true;
    s.visibilityChanged(); // interval passed: runs now
    expect(run).toHaveBeenCalledTimes(1);
    s.stop();
  });

  it('stop() ends every run', () => {
    const { run, s } = make(300);
    s.stop();
    vi.advanceTimersByTime(10 * 300_000);
    s.visibilityChanged();
    expect(run).not.toHaveBeenCalled();
  });

  it('clamps a tiny or broken interval to the minimum', () => {
    for (const bad of [0, 5, Number.NaN]) {
      const { run, s } = make(bad);
      vi.advanceTimersByTime(MIN_INTERVAL_SECONDS * 1000 - 1);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
      s.stop();
    }
  });
});
