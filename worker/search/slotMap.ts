/**
 * Item id → text store slot. Item ids are IndexedDB autoincrement integers, mostly dense, so
 * they index a typed array (4 bytes per id up to the highest) instead of a Map (~30 bytes per
 * entry); ids that would make the array much larger than the entry count (a database whose ids
 * started high, odd values) go to a Map. Both give the same answers.
 */

import type { IdColumn } from '../index/narrowColumns';

// The array may span this many ids per entry (plus a floor) before ids go to the Map instead.
const SPREAD = 4;
const FLOOR = 1 << 16;

export class SlotMap {
  /** slot + 1 per id; 0 = absent. */
  private dense = new Int32Array(0);
  private readonly sparse = new Map<number, number>();
  private count = 0;

  /** Entries held. */
  get size(): number {
    return this.count;
  }

  /** The slot of `id`, or -1. O(1). */
  get(id: number): number {
    if (id >= 0 && id < this.dense.length && Number.isInteger(id)) return (this.dense[id] as number) - 1;
    return this.sparse.get(id) ?? -1;
  }

  has(id: number): boolean {
    return this.get(id) >= 0;
  }

  /** Maps `id` to `slot` (≥ 0), replacing any earlier slot. Amortised O(1). */
  set(id: number, slot: number): void {
    if (this.fitsDense(id)) {
      if (id >= this.dense.length) this.grow(id);
      if (this.dense[id] === 0) this.count++;
      this.dense[id] = slot + 1;
      return;
    }
    if (!this.sparse.has(id)) this.count++;
    this.sparse.set(id, slot);
  }

  /** Forgets `id`; returns whether it was there. */
  delete(id: number): boolean {
    if (id >= 0 && id < this.dense.length && Number.isInteger(id)) {
      if (this.dense[id] === 0) return false;
      this.dense[id] = 0;
      this.count--;
      return true;
    }
    const had = this.sparse.delete(id);
    if (had) this.count--;
    return had;
  }

  /** Every id held (ascending for the array part, then the Map's in insertion order). */
  *keys(): IterableIterator<number> {
    const dense = this.dense;
    for (let id = 0; id < dense.length; id++) if (dense[id] !== 0) yield id;
    yield* this.sparse.keys();
  }

  /**
   * Replaces everything with `ids[i] → i` for i < n, in one pass with the array sized once (the
   * index's cold-start load: `set` row by row grew the array a dozen times and took ~25 ms of a
   * 1M-row load together with the counts). Same answers as `clear()` and `set` in order.
   */
  assign(ids: IdColumn, n: number): void {
    this.clear();
    let max = -1;
    for (let i = 0; i < n; i++) {
      const id = ids[i]!;
      if (id > max && Number.isInteger(id) && id < 0x7fffffff) max = id;
    }
    // The largest id the array may hold for n entries, as `fitsDense` would allow by the end.
    const limit = Math.max(FLOOR, SPREAD * (n + 1));
    if (max >= 0) this.dense = new Int32Array(Math.min(max, limit - 1) + 1);
    const dense = this.dense;
    for (let i = 0; i < n; i++) {
      const id = ids[i]!;
      if (id >= 0 && id < dense.length && Number.isInteger(id)) {
        if (dense[id] === 0) this.count++;
        dense[id] = i + 1;
      } else {
        if (!this.sparse.has(id)) this.count++;
        this.sparse.set(id, i);
      }
    }
  }

  clear(): void {
    this.dense = new Int32Array(0);
    this.sparse.clear();
    this.count = 0;
  }

  private fitsDense(id: number): boolean {
    return (
      Number.isInteger(id) &&
      id >= 0 &&
      id < 0x7fffffff &&
      (id < this.dense.length || id < Math.max(FLOOR, SPREAD * (this.count + 1)))
    );
  }

  private grow(id: number): void {
    const next = new Int32Array(Math.min(0x7fffffff, Math.max(1024, id + 1, this.dense.length * 1.5)));
    next.set(this.dense);
    // Ids the Map took while the array was shorter move in: `get` reads the array first, so one
    // left in the Map below the array's end would read as absent.
    for (const [sid, slot] of this.sparse)
      if (Number.isInteger(sid) && sid >= 0 && sid < next.length) {
        next[sid] = slot + 1;
        this.sparse.delete(sid);
      }
    this.dense = next;
  }
}
