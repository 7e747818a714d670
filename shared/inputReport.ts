/**
 * Reporting the reader's input to the engine (worker/uiActivity.ts) at most once per `everyMs`:
 * a fling fires a scroll event every frame, and one message per frame would itself be work on
 * both threads. The engine holds upkeep off for 300 ms after a report, so 100 ms between
 * reports keeps a steady scroll covered.
 */
export const INPUT_REPORT_MS = 100;

/** Returns the function to call on each input event; it calls `send` at most once per `everyMs`. */
export function inputReporter(
  send: () => void,
  everyMs = INPUT_REPORT_MS,
  now: () => number = () => performance.now(),
): () => void {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < everyMs) return;
    last = t;
    send();
  };
}
