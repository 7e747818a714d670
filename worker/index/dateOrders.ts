/**
 * The index's cached row orders, newest first (pubDate desc, id desc): every live row, the
 * visible ones (FLAG_HIDDEN left out, so every list, filter and count built on them leaves hidden
 * rows out too), the hidden ones, and the visible rows per feed. The full order is mended after
 * appends, moves and removals and sorted again only after a renumbering; the others are one
 * filter pass over it.
 */
import { FLAG_HIDDEN } from '../../shared/flags';
import { feedSlots } from './feedSet';
import { mergeByDate } from './mergeByDate';
import type { DateColumn, FeedColumn, IdColumn } from './narrowColumns';

/** What the orders are computed from: the index's current columns. */
export interface OrderSource {
  size: number;
  live: number;
  hidden: number;
  alive: Uint8Array;
  ids: IdColumn;
  pubDates: DateColumn;
  flags: Uint8Array;
  feedIds: FeedColumn;
}

const EMPTY = new Int32Array(0);

export class DateOrders {
  private all: Int32Array | null = null;
  /** Rows to (re)insert into `all` on the next read: appended, or moved by a new pubDate. */
  private pending = new Set<number>();
  /** Whether `all` may hold dead or moved rows (filtered out on the next read). */
  private stale = false;
  private visible: Int32Array | null = null;
  private hiddenRows: Int32Array | null = null;
  private readonly byFeed = new Map<number, Int32Array>();

  constructor(private readonly source: () => OrderSource) {}

  /**
   * Every live row, hidden ones included. After appends, moves and removals the kept order is
   * mended (dead and moved rows filtered out, the new ones sorted and merged in: O(rows) with no
   * comparator on the big side) rather than sorted again: at 1M rows a full sort is ~0.5 s, and
   * a refresh appending feed after feed asked for one after every feed.
   */
  allRows(): Int32Array {
    if (this.all && this.pending.size === 0 && !this.stale) return this.all;
    const src = this.source();
    const { live, alive, pubDates: pd, ids } = src;
    const newer = (a: number, b: number) => pd[b]! - pd[a]! || ids[b]! - ids[a]!;
    let out: Int32Array;
    if (this.all) {
      const pending = this.pending;
      const base = this.stale ? this.all.filter((r) => alive[r] === 1 && !pending.has(r)) : this.all;
      const extra = Int32Array.from([...pending].filter((r) => alive[r] === 1)).sort(newer);
      out = base.length + extra.length === live ? mergeByDate(base, extra, pd, ids) : fullOrder(src, newer);
    } else out = fullOrder(src, newer);
    this.all = out;
    this.pending = new Set();
    this.stale = false;
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

  /**
   * Visible live rows of one feed, cached per feed (`ofFeeds`).
   */
  ofFeed(feedId: number): Int32Array {
    return this.byFeed.get(feedId) ?? this.ofFeeds([feedId])[0]!;
  }

  /**
   * Visible live rows of each feed, cached per feed. The feeds not cached are counted together in
   * one pass in row order (a group's dozen feeds were a dozen passes over every row); a feed of
   * under 1/32 of the rows is then listed in a second such pass and sorted on its own, larger
   * ones in one walk of `visibleRows()`. Filtering the date order for every feed read the feed
   * column in date order (a random walk: 20–40 ms at 1M rows on a cold start); the row-order pass
   * is sequential (~2 ms) and sorting 30k rows costs about what filtering 1M does.
   */
  ofFeeds(feeds: readonly number[]): Int32Array[] {
    const missing = [...new Set(feeds)].filter((f) => !this.byFeed.has(f));
    if (missing.length > 0) this.list(missing);
    return feeds.map((f) => this.byFeed.get(f)!);
  }

  // Lists the visible rows of each of `feeds` (none cached) into `byFeed`.
  private list(feeds: number[]): void {
    const { size, live, alive, feedIds, flags, pubDates: pd, ids } = this.source();
    const slotOf = feedSlots(feeds);
    const visible = (row: number) => alive[row] === 1 && (flags[row]! & FLAG_HIDDEN) === 0;
    const counts = new Int32Array(feeds.length);
    for (let row = 0; row < size; row++) {
      const k = slotOf(feedIds[row]!);
      if (k >= 0 && visible(row)) counts[k]!++;
    }
    const lists = Array.from(counts, (n) => (n > 0 ? new Int32Array(n) : EMPTY));
    const small = (k: number) => counts[k]! * 32 < live;
    const filled = new Int32Array(feeds.length);
    if (feeds.some((_, k) => counts[k]! > 0 && small(k))) {
      for (let row = 0; row < size; row++) {
        const k = slotOf(feedIds[row]!);
        if (k >= 0 && small(k) && visible(row)) lists[k]![filled[k]!++] = row;
      }
      lists.forEach((rows, k) => small(k) && rows.sort((a, b) => pd[b]! - pd[a]! || ids[b]! - ids[a]!));
    }
    if (feeds.some((_, k) => counts[k]! > 0 && !small(k)))
      for (const row of this.visibleRows()) {
        const k = slotOf(feedIds[row]!);
        if (k >= 0 && !small(k)) lists[k]![filled[k]!++] = row;
      }
    feeds.forEach((f, k) => this.byFeed.set(f, lists[k]!));
  }

  /** Takes `order` as every live row's order (a validated snapshot's). */
  adopt(order: Int32Array): void {
    this.all = order;
    this.pending = new Set();
    this.stale = false;
  }

  /** A row was appended (it joins the order on the next read). */
  appended(row: number): void {
    if (this.all) this.pending.add(row);
    this.visibilityChanged();
  }

  /** A row's pubDate changed (it moves on the next read). */
  moved(row: number): void {
    if (this.all) {
      this.pending.add(row);
      this.stale = true;
    }
    this.visibilityChanged();
  }

  /** Rows died (filtered out of the order on the next read; the derived orders are made again). */
  removed(): void {
    this.stale = this.all !== null;
    this.visibilityChanged();
  }

  /** After a hide/unhide: the visible orders are recomputed, the full order kept. */
  visibilityChanged(): void {
    this.visible = this.hiddenRows = null;
    this.byFeed.clear();
  }

  /** After rows were renumbered or replaced. */
  reset(): void {
    this.all = null;
    this.pending = new Set();
    this.stale = false;
    this.visibilityChanged();
  }
}

// Every live row sorted newest first.
function fullOrder(src: OrderSource, newer: (a: number, b: number) => number): Int32Array {
  const out = new Int32Array(src.live);
  let n = 0;
  for (let row = 0; row < src.size; row++) if (src.alive[row] === 1) out[n++] = row;
  return out.sort(newer);
}
