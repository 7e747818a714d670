import { describe, expect, it } from 'vitest';
import { inputReporter } from './inputReport';

describe('inputReporter', () => {
  it('sends the first input at once and then at most once per interval', () => {
    let t = 0;
    const sent: number[] = [];
    const report = inputReporter(
      () => sent.push(t),
      100,
      () => t,
    );
    for (t = 0; t <= 350; t += 16) report();
    // Frames every 16 ms over 350 ms: sends at 0, the first frame ≥ 100, ≥ 212, ≥ 320.
    expect(sent).toEqual([0, 112, 224, 336]);
  });

  it('sends again at once after a pause', () => {
    let t = 0;
    const sent: number[] = [];
    const report = inputReporter(
      () => sent.push(t),
      100,
      () => t,
    );
    report();
    t = 5_000;
    report();
    expect(sent).toEqual([0, 5_000]);
  });
});
