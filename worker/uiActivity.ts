/**
 * The reader's input, as the UI reports it (`engine.interacting()` while a list scrolls or keys
 * move through it), so upkeep the reader never waits for holds off until the input pauses: the
 * snapshot write, the title join after it, the search index's idle merge. At a million articles
 * each is O(articles) (a 15 MB record, ~30 steps of 25 ms, a ~2.5 s merge) and on a two-core
 * phone or laptop the worker's core is the one the page's compositor and the browser's storage
 * threads would otherwise get during a fling.
 *
 * Work that answers the reader (a page, a query) does not wait. Nor does upkeep starve: a held
 * task goes ahead after `MAX_HOLD_MS` of steady input.
 *
 * Ingest (a refresh's or a sync's articles) is paced instead of held (`pace`, `worked`): while
 * input lasts, each write waits after the one before for `INGEST_PACE` times as long as that one
 * took, so a refresh keeps going at about a third of its speed and leaves the cores to the page.
 * A write is the worker's time plus the browser's storage thread's plus the collector's helpers:
 * at 200k articles, a refresh writing at full speed under a 4 s fling made 2–4 frames in 240 miss
 * their 25 ms against 1 for the list alone, every one of them off the CPU, not busy on it.
 */

/** Input holds upkeep off for this long after it (a fling's frames arrive every 16 ms). */
export const INPUT_HOLD_MS = 300;
/** Held upkeep goes ahead after this long even if input never pauses. */
export const MAX_HOLD_MS = 5_000;
/** While input lasts, an ingest write waits this many times as long as the last one took. */
export const INGEST_PACE = 5;
/** The longest an ingest write waits for its pace. */
export const MAX_PACE_MS = 1_000;

export class UiActivity {
  private until = 0;
  /** While input lasts, no ingest write starts before this time (see `pace`). */
  private paceUntil = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The UI saw input: upkeep waits until `holdMs` after it. */
  touch(holdMs = INPUT_HOLD_MS): void {
    // Bounded, so a bad argument can never hold upkeep off for longer than a pause would.
    const hold = Number.isFinite(holdMs) ? Math.min(Math.max(holdMs, 0), MAX_HOLD_MS) : INPUT_HOLD_MS;
    this.until = Math.max(this.until, this.now() + hold);
  }

  /** True while input holds upkeep off. */
  busy(): boolean {
    return this.now() < this.until;
  }

  /** An ingest write ended after `ms`: while input lasts, the next one waits INGEST_PACE × ms. */
  worked(ms: number): void {
    const wait = Number.isFinite(ms) ? Math.min(Math.max(ms, 0) * INGEST_PACE, MAX_PACE_MS) : 0;
    this.paceUntil = Math.max(this.paceUntil, this.now() + wait);
  }

  /**
   * Before an ingest write: at once when there is no input; otherwise resolves when the input
   * pauses or the pace the writes before set has passed, whichever comes first.
   */
  async pace(): Promise<void> {
    const left = this.paceUntil - this.now();
    if (left > 0 && this.busy()) await this.quiet(left);
  }

  /**
   * Resolves once the input has paused (at once when there is none), or after `maxMs` of input
   * that never pauses. Cost: one timer per pause it waits through.
   */
  async quiet(maxMs = MAX_HOLD_MS): Promise<void> {
    const deadline = this.now() + maxMs;
    for (;;) {
      const now = this.now();
      if (now >= this.until || now >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.until, deadline) - now));
    }
  }
}
