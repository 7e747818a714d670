import type { TextMark } from './types';

/**
 * Which index rows the stored snapshot text record holds (snapshotWrite.ts decides from it
 * whether a tail of appended rows is enough or everything is written again). Rows below
 * `baseRows` are in the record; `epoch` moves when one of them is rewritten or removed, or rows
 * are renumbered (a load, a compaction), and every earlier mark is then refused.
 */
export class TextMarks {
  private epoch = 0;
  private baseRows = 0;

  /**
   * Marks the rows below `rows` as the ones a snapshot text record holds, and returns the mark.
   * O(1).
   */
  base(rows: number): TextMark {
    this.baseRows = Math.max(this.baseRows, rows);
    return { epoch: this.epoch, rows };
  }

  /** Row `row` was rewritten or removed: a mark holding it is no longer good. */
  touched(row: number): void {
    if (row < this.baseRows) this.renumbered();
  }

  /** Rows were renumbered or replaced: every mark is refused. */
  renumbered(): void {
    this.epoch++;
    this.baseRows = 0;
  }

  /**
   * The live rows (`alive[row] === 1`) from `mark.rows` up to `size`, in row order, or null when
   * a row the mark covers changed since or more than `max` live rows were appended (the caller
   * then writes everything; a first import's million rows are not listed for nothing). The
   * snapshot's live rows are then the mark's live rows followed by these. O(rows appended).
   */
  appended(mark: TextMark, size: number, alive: Uint8Array, max: number): Int32Array | null {
    if (mark.epoch !== this.epoch) return null;
    const out: number[] = [];
    for (let row = mark.rows; row < size; row++) if (alive[row] === 1 && out.push(row) > max) return null;
    return Int32Array.from(out);
  }
}
