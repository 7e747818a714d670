/**
 * When to run the automatic refresh: every `intervalSeconds` while the tab is visible, and as
 * soon as a hidden tab becomes visible again once the interval has passed. Pure timing logic
 * (timers and clock injected) so it can be tested with fake timers.
 */
import { REFRESH_INTERVAL } from '../../shared/refreshInterval';

export interface ScheduleOptions {
  intervalSeconds: number;
  /** Starts the work (e.g. `refresh.due()`); failures are the caller's to report. */
  run: () => void;
  /** Milliseconds clock. */
  now?: () => number;
  isVisible?: () => boolean;
}

export interface Schedule {
  /** Call when the page's visibility changes. */
  visibilityChanged(): void;
  /** Stops every timer; the schedule never runs again. */
  stop(): void;
}

/** Shortest interval honoured, seconds (the engine's rule; a corrupt setting must not hammer every site). */
export const MIN_INTERVAL_SECONDS = REFRESH_INTERVAL.min;

/**
 * Starts a schedule; the first run is one interval after the start (start-up itself does not
 * refresh). Runs that fall due while the tab is hidden wait for it to become visible. Cost: one
 * pending timer.
 */
export function startSchedule(opts: ScheduleOptions): Schedule {
  const now = opts.now ?? Date.now;
  const isVisible = opts.isVisible ?? (() => document.visibilityState !== 'hidden');
  const intervalMs = Math.max(MIN_INTERVAL_SECONDS, opts.intervalSeconds || 0) * 1000;
  let last = now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const arm = (delay: number) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, delay));
  };
  const fire = () => {
    last = now();
    opts.run();
    arm(intervalMs);
  };
  function tick() {
    timer = null;
    if (stopped) return;
    // Hidden: nothing is armed until the tab shows again (visibilityChanged catches up).
    if (isVisible()) fire();
  }
  arm(intervalMs);

  return {
    visibilityChanged() {
      if (stopped || !isVisible()) return;
      const since = now() - last;
      if (since >= intervalMs) fire();
      else if (timer === null) arm(intervalMs - since);
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
