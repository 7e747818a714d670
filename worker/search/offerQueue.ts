/**
 * The texts ingest offered (textFeed.ts) that wait to be indexed (textIndex.ts), with the
 * characters they hold: past QUEUE_CAP_CHARS the text index drains at once, which bounds the
 * queue's memory.
 */
import { backgroundTask } from '../backgroundTask';
import type { OfferedText } from './textFeed';

/** Milliseconds of indexing per task when draining in the background. */
const DRAIN_SLICE_MS = 1;
/** Queued text (characters) that is indexed without waiting for a pause: bounds the queue's memory. */
const QUEUE_CAP_CHARS = 16 * 1024 * 1024;

const charsOf = (item: OfferedText) => item.plainLower.length + item.title.length + item.author.length;

export class OfferQueue {
  private items: OfferedText[] = [];
  /** Characters of text queued (title, author and body), for QUEUE_CAP_CHARS. */
  private chars = 0;

  get length(): number {
    return this.items.length;
  }

  /** True once the queue holds QUEUE_CAP_CHARS of text. */
  get full(): boolean {
    return this.chars >= QUEUE_CAP_CHARS;
  }

  push(item: OfferedText): void {
    this.items.push(item);
    this.chars += charsOf(item);
  }

  clear(): void {
    this.items = [];
    this.chars = 0;
  }

  /**
   * Hands every queued item to `index`, in order, items queued meanwhile included. While
   * `urgent()` is false it works in slices of ~1 ms, each in a background task, so the writer's
   * caller goes on first and an IndexedDB answer to the next ingest waits at most one slice; an
   * urgent caller (a waiting query) takes everything at once. `between` runs after each slice.
   *
   * A slice goes on past its millisecond while the queue still holds QUEUE_CAP_CHARS of text not
   * indexed: an ingest that writes faster than 1 ms slices index (a first import of 1M articles
   * on Chromium's SQLite-backed IndexedDB) then waits for the index, instead of the queue growing
   * without bound (it held ~500 MB of text at the end of such an import, the worker's heap at
   * 883 MB against its 400 MB budget).
   */
  async drain(index: (item: OfferedText) => void, urgent: () => boolean, between: () => void): Promise<void> {
    let next = 0;
    // Characters of the items indexed since the last `consume`.
    let done = 0;
    const over = () => this.chars - done >= QUEUE_CAP_CHARS;
    while (next < this.items.length) {
      if (!urgent() && !over()) {
        await backgroundTask();
        // Consume what was indexed so far (the queue may have grown meanwhile).
        this.consume(next);
        next = 0;
        done = 0;
        if (this.items.length === 0) break;
      }
      const until = urgent() ? Infinity : performance.now() + DRAIN_SLICE_MS;
      do {
        const item = this.items[next++] as OfferedText;
        index(item);
        done += charsOf(item);
      } while (next < this.items.length && ((next & 7) !== 0 || performance.now() < until || over()));
      between();
    }
    this.clear();
  }

  // Drops the first `n` queued items (indexed) and their characters from the count.
  private consume(n: number): void {
    for (let i = 0; i < n; i++) this.chars -= charsOf(this.items[i] as OfferedText);
    this.items = this.items.slice(n);
  }
}
