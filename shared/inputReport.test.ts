import { describe, expect, it } from 'vitest';
import { inputReporter } from './inputReport';

/** A reporter every 100 ms on a clock the test moves, and the times it sent at. */
function onClock() {
  const clock = { t: 0 };
  const sent: number[] = [];
  const report = inputReporter(
    () => sent.push(clock.t),
    100,
    () => clock.t,
  );
  return { clock, sent, report };
}

describe('inputReporter', () => {
  it('sends the first input at once and then at most once per interval', () => {
    const { clock, sent, report } = onClock();
    for (clock.t = 0; clock.t <= 350; clock.t += 16) report();
    // Frames every 16 ms: each send is the first frame at least 100 ms after the one before.
    expect(sent).toEqual([0, 112, 224, 336]);
  });

  it('sends again at once after a pause', () => {
    const { clock, sent, report } = onClock();
    report();
    clock.t = 5_000;
    report();
    expect(sent).toEqual([0, 5_000]);
  });
});
