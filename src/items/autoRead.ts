/**
 * autoRead while scrolling: rows that were on screen and then scrolled past the top of the
 * list are marked read, in debounced batches (never every loaded row at once, never rows the
 * person jumped over without seeing).
 */

/**
 * Remembers which rows have been on screen; `update` with the new visible range returns the
 * rows that were seen and are now above it. Each row is reported once. Cost per update:
 * O(visible rows + rows remembered), both small.
 */
export class ScrollPastTracker {
  private seen = new Map<number, number>();
  private reported = new Set<number>();

  /**
   * `first`..`last` is the visible index range (inclusive); `idAt(i)` the id at index i or
   * undefined for rows not loaded. Returns ids scrolled past since the last call.
   */
  update(first: number, last: number, idAt: (index: number) => number | undefined): number[] {
    const past: number[] = [];
    for (const [id, index] of this.seen) {
      if (index < first) {
        past.push(id);
        this.seen.delete(id);
        this.reported.add(id);
      }
    }
    for (let i = Math.max(0, first); i <= last; i++) {
      const id = idAt(i);
      if (id !== undefined && !this.reported.has(id)) this.seen.set(id, i);
    }
    return past;
  }

  /** Forgets everything (the list was reloaded). */
  reset(): void {
    this.seen.clear();
    this.reported.clear();
  }
}

/** Collects ids and hands them to `flush` in one call after `delayMs` of quiet (or `max` ids). */
export interface Batcher {
  add(ids: readonly number[]): void;
  /** Sends what is pending now. */
  flush(): void;
  /** Drops what is pending (unmount without writing is not wanted: call flush first). */
  cancel(): void;
}

/** Creates a debounced batcher; ids are de-duplicated within a batch. */
export function createBatcher(
  flush: (ids: number[]) => void,
  { delayMs = 600, max = 500 }: { delayMs?: number; max?: number } = {},
): Batcher {
  let pending = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const ids = [...pending];
    pending = new Set();
    flush(ids);
  };
  return {
    add(ids) {
      for (const id of ids) pending.add(id);
      if (pending.size >= max) return send();
      clearTimeout(timer);
      if (pending.size > 0) timer = setTimeout(send, delayMs);
    },
    flush: send,
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = new Set();
    },
  };
}
