/**
 * The index's cached row orders, newest first (pubDate desc, id desc): every live row, the
 * visible ones (FLAG_HIDDEN left out, so every list, filter and count built on them leaves hidden
 * rows out too), the hidden ones, and the visible rows per feed. One sort after each structural
 * change; a filter pass after a hide/unhide.
 */
import { FLAG_HIDDEN } from '../../shared/flags';

/** What the orders are computed from: the index's current columns. */
export interface OrderSource {
  size: number;
  live: number;
  hidden: number;
  alive: Uint8Array;
  ids: Float64Array;
  pubDates: Float64Array;
  flags: Uint8Array;
  feedIds: Int32Array;
}

const EMPTY = new Int32Array(0);

export class DateOrders {
  private all: Int32Array | null = null;
  private visible: Int32Array | null = null;
  private hiddenRows: Int32Array | null = null;
  private readonly byFeed = new Map<number, Int32Array>();

  constructor(private readonly source: () => OrderSource) {}

  /** Every live row, hidden ones included. */
  allRows(): Int32Array {
    if (this.all) return this.all;
    const { size, live, alive, pubDates: pd, ids } = this.source();
    const out = new Int32Array(live);
    let n = 0;
    for (let row = 0; row < size; row++) if (alive[row] === 1) out[n++] = row;
    out.sort((a, b) => pd[b]! - pd[a]! || ids[b]! - ids[a]!);
    this.all = out;
    return out;
  }

  /** Visible live rows. */
  visibleRows(): Int32Array {
    if (this.visible) return this.visible;
    const all = this.allRows();
    const { hidden, flags } = this.source();
    this.visible = hidden === 0 ? all : all.filter((row) => (flags[row]! & FLAG_HIDDEN) === 0);
    return this.visible;
  }

  /** Hidden live rows (the Hidden list). */
  hidden(): Int32Array {
    if (this.hiddenRows) return this.hiddenRows;
    const all = this.allRows();
    const { hidden, flags } = this.source();
    this.hiddenRows = hidden === 0 ? EMPTY : all.filter((row) => (flags[row]! & FLAG_HIDDEN) !== 0);
    return this.hiddenRows;
  }

  /** Visible live rows of one feed; derived from `visibleRows()` and cached per feed. */
  ofFeed(feedId: number): Int32Array {
    const cached = this.byFeed.get(feedId);
    if (cached) return cached;
    const all = this.visibleRows();
    const { feedIds } = this.source();
    let n = 0;
    for (const row of all) if (feedIds[row] === feedId) n++;
    const out = n === 0 ? EMPTY : new Int32Array(n);
    let i = 0;
    if (n > 0) for (const row of all) if (feedIds[row] === feedId) out[i++] = row;
    this.byFeed.set(feedId, out);
    return out;
  }

  /** Takes `order` as every live row's order (a validated snapshot's). */
  adopt(order: Int32Array): void {
    this.all = order;
  }

  /** After a hide/unhide: the visible orders are recomputed, the full order kept. */
  visibilityChanged(): void {
    this.visible = this.hiddenRows = null;
    this.byFeed.clear();
  }

  /** After rows were added, removed or moved. */
  reset(): void {
    this.all = null;
    this.visibilityChanged();
  }
}
