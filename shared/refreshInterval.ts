/**
 * The one rule for the automatic refresh interval, shared by the engine (`refresh.configure`
 * refuses anything else) and the page's settings check (src/settings/merge.ts drops anything
 * else, so a stored value the engine would refuse is never kept).
 */
export const REFRESH_INTERVAL = {
  /** Shortest interval, seconds: protects the sites being polled. */
  min: 60,
  /** Longest, seconds (a day): longer waits overflow browser timers and mean "off" anyway. */
  max: 86_400,
} as const;

/** Whether `seconds` is an interval the engine accepts (a finite number within the bounds). */
export function isRefreshInterval(seconds: unknown): seconds is number {
  return (
    typeof seconds === 'number' &&
    Number.isFinite(seconds) &&
    seconds >= REFRESH_INTERVAL.min &&
    seconds <= REFRESH_INTERVAL.max
  );
}
