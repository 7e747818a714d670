/** Sample statistics and the shape of a result row, shared by every benchmark page module. */

/** Median and spread of a set of samples. */
export interface Summary {
  median: number;
  p25: number;
  p75: number;
  p95: number;
  min: number;
  max: number;
  n: number;
}

/** One line of the results table: a subject beside its anchor from the same run. */
export interface BenchRow {
  bench: string;
  case: string;
  /** What is measured, e.g. 'ms (median)', 'items/s'. */
  unit: string;
  subject: Summary | null;
  anchor: Summary | null;
  anchorName: string;
  /** subject ÷ anchor of the medians (or of the metric the target names). */
  ratio: number | null;
  target: string;
  status: 'PASS' | 'MISS' | 'n/a' | 'info';
  note?: string;
}

// Linear interpolation between closest ranks.
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Summarises samples (any order). An empty list gives NaNs and n = 0. */
export function summarize(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  return {
    median: quantile(s, 0.5),
    p25: quantile(s, 0.25),
    p75: quantile(s, 0.75),
    p95: quantile(s, 0.95),
    min: s[0] ?? NaN,
    max: s[s.length - 1] ?? NaN,
    n: s.length,
  };
}

/** Applies `fn` to every statistic (e.g. ms → items/s). Order flips when `fn` is decreasing. */
export function mapSummary(s: Summary, fn: (v: number) => number): Summary {
  const v = [fn(s.min), fn(s.p25), fn(s.median), fn(s.p75), fn(s.p95), fn(s.max)];
  const flip = v[0]! > v[5]!;
  return {
    median: v[2]!,
    p25: flip ? v[3]! : v[1]!,
    p75: flip ? v[1]! : v[3]!,
    p95: flip ? fn(quantileOfFlip(s)) : v[4]!,
    min: Math.min(v[0]!, v[5]!),
    max: Math.max(v[0]!, v[5]!),
    n: s.n,
  };
}
// For a decreasing map the 95th percentile of the result is the 5th of the input; approximate
// it by the minimum, which is what 7–15 samples can tell.
const quantileOfFlip = (s: Summary): number => s.min;

/** A case's time budget (see `interleave`). */
export interface Budget {
  ms: number;
  minRuns: number;
  /** False: no warm-up pair (runs of seconds each have nothing left to warm). Default true. */
  warmUp?: boolean;
}

/**
 * Runs subject and anchor interleaved and counterbalanced (A B, B A, A B, …): one warm-up pair
 * (called with i = -1), then `runs` measured pairs, the anchor first in every odd pair. So each
 * side runs as often right after itself as right after the other, and whatever one side leaves
 * behind (garbage, a storage engine's background work, a warm cache) or a drift of the machine
 * during the pairs weighs on both alike. Each callback returns its own measurement (ms unless
 * the caller says otherwise); a callback that throws fails the whole benchmark. With a
 * `budget`, fewer pairs (never under `minRuns`) when the runs would take longer than
 * `budget.ms`, and no warm-up pair when it says so.
 */
export async function interleave(
  runs: number,
  subject: (i: number) => Promise<number>,
  anchor: ((i: number) => Promise<number>) | null,
  budget?: Budget,
): Promise<{ subject: number[]; anchor: number[] }> {
  const start = performance.now();
  if (budget?.warmUp !== false) {
    await subject(-1);
    if (anchor) await anchor(-1);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A time budget (large corpora): stop after `minRuns` pairs once it is spent.
    if (budget && i >= budget.minRuns && performance.now() - start > budget.ms) break;
    if (anchor && i % 2 === 1) {
      b.push(await anchor(i));
      a.push(await subject(i));
    } else {
      a.push(await subject(i));
      if (anchor) b.push(await anchor(i));
    }
  }
  return { subject: a, anchor: b };
}

/** PASS when `ok`, MISS otherwise; 'n/a' when either side could not be measured. */
export function verdict(ok: boolean | null): BenchRow['status'] {
  return ok === null ? 'n/a' : ok ? 'PASS' : 'MISS';
}

/**
 * How far a frame interval may read past a limit and still be a frame of that length: rAF
 * timestamps are frame begin times (multiples of the display's tick) read through a clock that
 * a cross-origin-isolated page gets coarsened to 5 µs with jitter, so a frame of exactly three
 * 16.667 ms ticks reads anywhere in 49.995–50.005 ms (seen in the 1M refresh rows: 50.005 in one
 * run, 49.995 in the control). Ten microseconds is two clock steps, far below any real overrun
 * (the next possible frame length is a tick longer).
 */
export const FRAME_CLOCK_SLACK_MS = 0.01;

/** Whether a frame interval of `ms` is longer than `limitMs` (see FRAME_CLOCK_SLACK_MS). */
export function frameOver(ms: number, limitMs: number): boolean {
  return ms > limitMs + FRAME_CLOCK_SLACK_MS;
}

/** Waits for the next frame to be presented (two rAFs: the frame after the DOM change). */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/**
 * Whether item `i` of a list is one of every `every`th that the anchor runs. The stride shifts
 * by one every 4 queries, so a kind whose items alternate (CJK words and CJK prefixes) is
 * sampled on both sides of the alternation.
 */
export function picked(i: number, every: number): boolean {
  return (i + (i >> 2)) % every === 0;
}
