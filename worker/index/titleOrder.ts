/**
 * The live rows in title order, kept between queries for `ORDER BY title`: lower-cased title,
 * then the title as written, then pubDate desc, then id desc (sortByField's order); rows without
 * a title are left out (a null sorts last either way, in date order). Made on the first ask
 * (one sort of every titled row), then mended like the date order: rows appended, retitled or
 * redated since are sorted and put in place by binary search, dead ones filtered out. At 1M rows
 * sorting the matches of each query took ~0.5 s (300k unread); with the order kept a query is
 * a pass over it (~50 ms in Node). Renumbering (compaction, load) drops it.
 */

/** What the order is made from: the index's columns. */
export interface TitleSource {
  alive: Uint8Array;
  size: number;
  title(row: number): string;
  titleLower(row: number): string;
  pubDate(row: number): number;
  id(row: number): number;
}

export class TitleOrder {
  private order: Int32Array | null = null;
  private pending = new Set<number>();
  private stale = false;
  /** Whether the order was asked for (and not made) before. */
  private asked = false;

  constructor(private readonly source: () => TitleSource) {}

  /**
   * Titled live rows in title order, or null the first time it is asked for without `now`: a
   * title sort of a few matches is cheaper than ordering every row (~2 s at 1M in Node), so
   * the order is made from the second ask on (the user sorts by title again) or when most rows
   * are asked for. Cost: that sort once; then O(rows) per change.
   */
  rows(now = true): Int32Array | null {
    if (!this.order && !now && !this.asked) {
      this.asked = true;
      return null;
    }
    if (this.order && this.pending.size === 0 && !this.stale) return this.order;
    const s = this.source();
    const cmp = (a: number, b: number): number => {
      const la = s.titleLower(a);
      const lb = s.titleLower(b);
      if (la !== lb) return la < lb ? -1 : 1;
      const ta = s.title(a);
      const tb = s.title(b);
      if (ta !== tb) return ta < tb ? -1 : 1;
      return s.pubDate(b) - s.pubDate(a) || s.id(b) - s.id(a);
    };
    const keep = (r: number) => s.alive[r] === 1 && s.title(r) !== '';
    if (!this.order) {
      const rows: number[] = [];
      for (let r = 0; r < s.size; r++) if (keep(r)) rows.push(r);
      this.order = Int32Array.from(sortByTitle(rows, s, cmp));
    } else {
      const pending = this.pending;
      const base = this.stale ? this.order.filter((r) => keep(r) && !pending.has(r)) : this.order;
      const extra = sortByTitle([...pending].filter(keep), s, cmp);
      this.order = insertSorted(base, extra, cmp);
    }
    this.pending = new Set();
    this.stale = false;
    return this.order;
  }

  /** Whether the order is made (`rows` then only mends it). */
  made(): boolean {
    return this.order !== null;
  }

  /** A row was appended. */
  appended(row: number): void {
    if (this.order) this.pending.add(row);
  }

  /** A row's title or date changed. */
  changed(row: number): void {
    if (!this.order) return;
    this.pending.add(row);
    this.stale = true;
  }

  /** Rows died. */
  removed(): void {
    if (this.order) this.stale = true;
  }

  /** Rows were renumbered or replaced. */
  reset(): void {
    this.order = null;
    this.pending = new Set();
    this.stale = false;
  }

  /** Bytes held (the order, when made). */
  bytes(): number {
    return this.order?.byteLength ?? 0;
  }
}

// `rows` in `cmp`'s order. The lower-cased titles are read once each: the index slices them
// out of its joined strings on every read (titleColumn.ts), and a sort compares each row ~20
// times at 1M rows.
function sortByTitle(rows: number[], s: TitleSource, cmp: (a: number, b: number) => number): number[] {
  const lower = rows.map((r) => s.titleLower(r));
  const at = rows.map((_, i) => i);
  at.sort((i, j) => {
    const la = lower[i]!;
    const lb = lower[j]!;
    return la !== lb ? (la < lb ? -1 : 1) : cmp(rows[i]!, rows[j]!);
  });
  return at.map((i) => rows[i]!);
}

// `base` with the ascending `extra` put in place: each found by binary search from the last one's
// place, then copied in blocks. Cost: O(base + extra · log base) with few comparisons.
function insertSorted(base: Int32Array, extra: number[], cmp: (a: number, b: number) => number): Int32Array {
  if (extra.length === 0) return base;
  const out = new Int32Array(base.length + extra.length);
  let from = 0;
  let k = 0;
  for (const e of extra) {
    let lo = from;
    let hi = base.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(base[mid]!, e) <= 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(base.subarray(from, lo), k);
    k += lo - from;
    out[k++] = e;
    from = lo;
  }
  out.set(base.subarray(from), k);
  return out;
}
