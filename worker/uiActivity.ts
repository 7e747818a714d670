/**
 * The reader's input, as the UI reports it (`engine.interacting()` while a list scrolls or keys
 * move through it), so upkeep the reader never waits for holds off until the input pauses: the
 * snapshot write, the title join after it, the search index's idle merge. At a million articles
 * each is O(articles) (a 15 MB record, ~30 steps of 25 ms, a ~2.5 s merge) and on a two-core
 * phone or laptop the worker's core is the one the page's compositor and the browser's storage
 * threads would otherwise get during a fling.
 *
 * Work that answers the reader (a page, a query) does not wait. Nor does upkeep starve: a held
 * task goes ahead after `MAX_HOLD_MS` of steady input. Articles arriving (a refresh's ingest,
 * worker/items/ingest.ts) wait for a pause too, but for `MAX_HOLD_MS` of a run of input in all
 * (`paused`): a fling holds them off, and steady scrolling through a long refresh slows it only
 * for its first seconds.
 */

/** Input holds upkeep off for this long after it (a fling's frames arrive every 16 ms). */
export const INPUT_HOLD_MS = 300;
/** Held upkeep goes ahead after this long even if input never pauses. */
export const MAX_HOLD_MS = 5_000;

export class UiActivity {
  private until = 0;
  // When the input going on now began (a touch after a pause starts a new run of input).
  private runStart = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The UI saw input: upkeep waits until `holdMs` after it. */
  touch(holdMs = INPUT_HOLD_MS): void {
    // Bounded, so a bad argument can never hold upkeep off for longer than a pause would.
    const hold = Number.isFinite(holdMs) ? Math.min(Math.max(holdMs, 0), MAX_HOLD_MS) : INPUT_HOLD_MS;
    const now = this.now();
    if (now >= this.until) this.runStart = now;
    this.until = Math.max(this.until, now + hold);
  }

  /** True while input holds upkeep off. */
  busy(): boolean {
    return this.now() < this.until;
  }

  /**
   * Resolves once the input has paused (at once when there is none), or after `maxMs` of input
   * that never pauses. Cost: one timer per pause it waits through.
   */
  async quiet(maxMs = MAX_HOLD_MS): Promise<void> {
    return this.waitUntil(() => this.now() + maxMs);
  }

  /**
   * Resolves once the input has paused, or once the input going on now has lasted `maxMs`: then
   * at once, until a pause ends that run of input. For writes the reader did not ask to wait
   * for but that must keep going (a refresh's articles): a fling holds them off, steady input
   * holds them for `maxMs` in all rather than for `maxMs` each.
   */
  async paused(maxMs = MAX_HOLD_MS): Promise<void> {
    return this.waitUntil(() => this.runStart + maxMs);
  }

  private async waitUntil(latest: () => number): Promise<void> {
    const deadline = latest();
    for (;;) {
      const now = this.now();
      if (now >= this.until || now >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.until, deadline) - now));
    }
  }
}
