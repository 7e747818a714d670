import { afterEach, describe, expect, it, vi } from 'vitest';
import { INPUT_HOLD_MS, MAX_HOLD_MS, UiActivity } from './uiActivity';

afterEach(() => {
  vi.useRealTimers();
});

/** A UiActivity on the fake clock, and whether `quiet()` has resolved. */
function setup() {
  vi.useFakeTimers();
  const ui = new UiActivity(() => Date.now());
  let resolved = false;
  const wait = (maxMs?: number) => {
    resolved = false;
    void ui.quiet(maxMs).then(() => (resolved = true));
  };
  return { ui, wait, resolved: () => resolved };
}

describe('UiActivity', () => {
  it('is quiet at once with no input', async () => {
    const { ui, wait, resolved } = setup();
    expect(ui.busy()).toBe(false);
    wait();
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved()).toBe(true);
  });

  it('holds until the input pauses for the hold, however long it went on', async () => {
    const { ui, wait, resolved } = setup();
    ui.touch();
    wait();
    // Input every 100 ms for a second: still held.
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(100);
      ui.touch();
    }
    expect(ui.busy()).toBe(true);
    expect(resolved()).toBe(false);
    await vi.advanceTimersByTimeAsync(INPUT_HOLD_MS - 1);
    expect(resolved()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved()).toBe(true);
    expect(ui.busy()).toBe(false);
  });

  it('never holds longer than the most it may, even with input that never pauses', async () => {
    const { ui, wait, resolved } = setup();
    ui.touch();
    wait();
    for (let t = 0; t < MAX_HOLD_MS - 100; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      ui.touch();
    }
    expect(resolved()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(resolved()).toBe(true);
    expect(ui.busy()).toBe(true);
  });

  it('bounds the hold a caller asks for, and ignores one that is not a number', async () => {
    const { ui } = setup();
    ui.touch(10 * 60_000);
    await vi.advanceTimersByTimeAsync(MAX_HOLD_MS);
    expect(ui.busy()).toBe(false);
    ui.touch(Number.NaN);
    expect(ui.busy()).toBe(true);
    await vi.advanceTimersByTimeAsync(INPUT_HOLD_MS);
    expect(ui.busy()).toBe(false);
    ui.touch(-5);
    expect(ui.busy()).toBe(false);
  });

  it('holds articles off for a run of input in all, not for each wait', async () => {
    vi.useFakeTimers();
    const ui = new UiActivity(() => Date.now());
    const done: number[] = [];
    const start = Date.now();
    const waitPaused = () => void ui.paused().then(() => done.push(Date.now() - start));
    // A fling: held until it pauses.
    ui.touch();
    waitPaused();
    await vi.advanceTimersByTimeAsync(200);
    ui.touch();
    await vi.advanceTimersByTimeAsync(INPUT_HOLD_MS - 1);
    expect(done).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual([200 + INPUT_HOLD_MS]);
    // Steady input after the pause starts a new run: a wait ends MAX_HOLD_MS into it, and later
    // waits in the same run do not wait at all.
    const runStart = Date.now() - start;
    ui.touch();
    waitPaused();
    for (let t = 0; t < MAX_HOLD_MS + 1_000; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      ui.touch();
      if (t === MAX_HOLD_MS + 500) waitPaused();
    }
    expect(done).toEqual([200 + INPUT_HOLD_MS, runStart + MAX_HOLD_MS, runStart + MAX_HOLD_MS + 600]);
    expect(ui.busy()).toBe(true);
  });
});
