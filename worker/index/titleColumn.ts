/**
 * The index's titles, held as a few long joined strings instead of one string per row
 * (docs/architecture.md → "Index memory"). A row's title and its lower-cased form are read by
 * slicing (`title(row)`): a young string the reader drops, where a column of a million cells was
 * a million old-generation objects that every major GC of the engine worker marked again. In
 * Node, a full GC with two columns of 1M title cells took ~110 ms against ~3 ms without them,
 * and at 1M articles the worker's GC was 8 s of a refresh-while-scrolling step (profiled), on
 * the cores the page's frames need.
 *
 * Layout: segments, each the original titles of some rows joined (`orig`), the same lower-cased
 * (`text`, the same string when lowering changes nothing), and where each row sits (`rows`,
 * `starts`: `findIn`'s `JoinedRows`). Per row, the segment (`segOf`) and the cell in it
 * (`cellOf`): 6 bytes. Rows written since the last join (an ingest's), rewritten ones, and titles
 * whose lowering cannot be joined (a length change, 'İ'; the context-dependent final sigma) are
 * loose: one string in a map, lower-cased when read, checked one by one until `join` takes them
 * (a background step).
 * Latin-1 titles and wider ones (CJK, ...) are joined apart: V8 stores a string with one wide
 * character two bytes a character.
 */
import { findIn, joinedTitlesOf, WIDE, type JoinedRows, type JoinedTitles } from './joinedTitles';

/** `segOf` for a row that is in no segment (its title is in `loose`, or '' when not there). */
const LOOSE = 0xffff;
/** `segOf` for a row `join` has taken (while it joins them). */
const JOINING = 0xfffe;
/**
 * Segments are numbered in a Uint16Array below JOINING. Each join adds at most two (a small
 * refresh joins small ones) and a load makes two, so only a tab open for months of refreshes
 * could reach this; `joinRows` then joins everything again.
 */
const MAX_SEGMENTS = JOINING;

// Whether a title lowered inside a joined string comes out as lowered alone, at the same length.
const joinable = (title: string): boolean =>
  !title.includes('\u03a3') && title.toLowerCase().length === title.length;

/**
 * One joined segment. Its lower-cased text is made when first read (`text`), for a segment a
 * load took as it was stored (`lowered` null): at 1M articles lowering the ~60 MB of Latin-1
 * titles a start loads took ~150–250 ms of the engine's thread before any filter, title or not,
 * could answer. The engine lowers what is left in background steps once the start is done
 * (`lowerNext`); a title filter before that lowers what it scans.
 */
class Segment implements JoinedRows {
  counts?: Map<number, number>;
  constructor(
    /** The original titles, joined as `text` is (same offsets). */
    readonly orig: string,
    private lowered: string | null,
    readonly rows: Int32Array,
    readonly starts: Int32Array,
    /** Cells still naming their row (rewritten and dropped rows leave theirs behind). */
    public live: number,
  ) {}

  get text(): string {
    return (this.lowered ??= lowerInPlace(this.orig, this.starts));
  }

  /** Whether `text` is still to be made. */
  get unlowered(): boolean {
    return this.lowered === null;
  }
}

/**
 * `orig` lower-cased at the same length. Only Latin-1 segments are lowered late, and no Latin-1
 * character lowers to another length; a segment a damaged store filled with wider characters is
 * lowered cell by cell instead, a cell whose lowering changes its length kept as it is (its row
 * then matches as written), so every offset stays right.
 */
function lowerInPlace(orig: string, starts: Int32Array): string {
  const lower = orig.toLowerCase();
  if (lower.length === orig.length && !orig.includes('\u03a3')) return lower === orig ? orig : lower;
  const cells: string[] = [];
  for (let c = 0; c + 1 < starts.length; c++) {
    const cell = orig.slice(starts[c], starts[c + 1]);
    const low = cell.toLowerCase();
    cells.push(low.length === cell.length ? low : cell);
  }
  return cells.join('');
}

export class TitleColumn {
  private segs: (Segment | null)[] = [];
  private segOf = new Uint16Array(0);
  private cellOf = new Int32Array(0);
  private loose = new Map<number, string>();
  /** Loose rows `join` takes next, oldest first (from `head`; stale entries are skipped). */
  private queue: number[] = [];
  private head = 0;
  private n = 0;

  /** `maxSegments` below MAX_SEGMENTS: for tests of what happens there. */
  constructor(private readonly maxSegments = MAX_SEGMENTS) {}

  /** Rows (one past the highest written). */
  get length(): number {
    return this.n;
  }

  title(row: number): string {
    const s = row < this.n ? this.segOf[row]! : LOOSE;
    if (s >= JOINING) return this.loose.get(row) ?? '';
    const seg = this.segs[s]!;
    const c = this.cellOf[row]!;
    return seg.orig.slice(seg.starts[c], seg.starts[c + 1]);
  }

  titleLower(row: number): string {
    const s = row < this.n ? this.segOf[row]! : LOOSE;
    if (s >= JOINING) return (this.loose.get(row) ?? '').toLowerCase();
    const seg = this.segs[s]!;
    const c = this.cellOf[row]!;
    return seg.text.slice(seg.starts[c], seg.starts[c + 1]);
  }

  /** Sets one row's title (a row past the end extends the column; rows between are ''). */
  write(row: number, title: string): void {
    this.extend(row + 1);
    this.unlink(row);
    if (title === '') return;
    this.loose.set(row, title);
    this.queue.push(row);
  }

  /** The row's title becomes '' (a dead row, before compaction). */
  drop(row: number): void {
    if (row < this.n) this.unlink(row);
  }

  /** Replaces everything with `titles` (joined at once). */
  load(titles: readonly string[]): void {
    this.clear(titles.length);
    const rows: number[] = [];
    const texts: string[] = [];
    titles.forEach((title, r) => {
      if (title === '') return;
      rows.push(r);
      texts.push(title);
    });
    this.joinRows(rows, texts);
  }

  /**
   * Replaces everything with the titles of a snapshot (`fitsJoined` must hold): each width's
   * string (each part's, with `parts`) becomes one segment as it is, without a string per row. A string whose lowering
   * cannot be done joined (rare: 'İ', 'Σ') is cut into titles and joined as `load` does.
   */
  loadJoined(j: JoinedTitles): void {
    const n = j.ends.length;
    this.clear(n);
    let first = 0;
    const base: [number, number] = [0, 0];
    for (const part of j.parts ?? [{ text: j.text, rows: n }]) {
      for (const w of [0, 1]) this.loadSegment(j, part.text[w]!, w, first, first + part.rows, base[w]!);
      first += part.rows;
      base[0] += part.text[0].length;
      base[1] += part.text[1].length;
    }
  }

  // The titles of width `w` among rows [from, to) of `j`, whose offsets past `base` are into
  // `orig`, as one segment (or joined as `load` does when lowering changes lengths).
  private loadSegment(
    j: JoinedTitles,
    orig: string,
    w: number,
    from: number,
    to: number,
    base: number,
  ): void {
    // Typed, counted first: at 1M rows a growing array of row numbers and a callback a row took
    // ~150–190 ms in Node against ~45–52 ms for these passes (bare loops of the same shape).
    let count = 0;
    for (let r = from; r < to; r++) if (j.wide[r] === w) count++;
    if (count === 0) return;
    const rows = new Int32Array(count);
    const starts = new Int32Array(count + 1);
    for (let r = from, c = 0; r < to; r++)
      if (j.wide[r] === w) {
        rows[c] = r;
        starts[++c] = j.ends[r]! - base;
      }
    // Latin-1 titles (w 0) lower at their length: lowered when first read. Wider ones are
    // checked now (a length change, 'İ', or a final sigma is joined as `load` does).
    let lower: string | null = null;
    if (w === 1) {
      lower = orig.toLowerCase();
      if (lower.length !== orig.length || orig.includes('\u03a3')) {
        const texts = Array.from(rows, (_, c) => orig.slice(starts[c], starts[c + 1]));
        this.joinRows(
          Array.from(rows).filter((_, c) => texts[c] !== ''),
          texts.filter((t) => t !== ''),
        );
        return;
      }
      if (lower === orig) lower = orig;
    }
    const s = this.segs.length;
    const { segOf, cellOf } = this;
    for (let c = 0; c < count; c++) {
      segOf[rows[c]!] = s;
      cellOf[rows[c]!] = c;
    }
    this.segs.push(new Segment(orig, lower, rows, starts, count));
  }

  /**
   * Lowers the next segment a load left unlowered (see `Segment`); false when none is left.
   * Cost: one `toLowerCase` of that segment (a snapshot part's Latin-1 titles, ~4 MB at 1M).
   */
  lowerNext(): boolean {
    const seg = this.segs.find((g) => g?.unlowered);
    if (!seg) return false;
    void seg.text;
    return this.segs.some((g) => g?.unlowered);
  }

  /** The rows `keep`, in that order, joined as a snapshot stores them. */
  packed(keep: Int32Array): JoinedTitles {
    return joinedTitlesOf(Array.from(keep, (r) => this.title(r)));
  }

  /** Row `keep[i]` becomes row i (`keep` ascending); joined again. */
  compact(keep: Int32Array): void {
    this.loadJoined(this.packed(keep));
  }

  /**
   * Joins up to `max` loose titles (the oldest first) into segments; titles whose lowering
   * cannot be joined stay loose. Returns whether queued rows are left. Cost: O(characters of
   * those titles).
   */
  join(max: number): boolean {
    const rows: number[] = [];
    const texts: string[] = [];
    const { queue, segOf } = this;
    const limit = Math.max(1, max);
    while (this.head < queue.length && rows.length < limit) {
      const row = queue[this.head++]!;
      // Skipped: a row joined already, dropped since, or queued twice (taken: JOINING).
      if (segOf[row] !== LOOSE) continue;
      const title = this.loose.get(row);
      if (title === undefined) continue;
      segOf[row] = JOINING;
      rows.push(row);
      texts.push(title);
    }
    if (this.head >= queue.length) {
      this.queue = [];
      this.head = 0;
    }
    this.joinRows(rows, texts);
    return this.head < this.queue.length;
  }

  /** Loose rows: checked one by one by `matches`. */
  unjoined(): number {
    return this.loose.size;
  }

  /** 1 per row whose lower-cased title contains `needle` (lower-cased), over every row. */
  matches(needle: string): Uint8Array {
    const hits = new Uint8Array(this.n);
    if (needle === '') return hits.fill(1);
    const { segOf, cellOf } = this;
    this.segs.forEach((seg, s) => {
      if (!seg) return;
      // A row's cell counts only while the row still points at it (a rewrite leaves it behind);
      // with every cell live there is nothing to ask (~15% of a common word's scan at 1M).
      if (seg.live === seg.rows.length) findIn(seg, needle, hits);
      else findIn(seg, needle, hits, (row, cell) => segOf[row] === s && cellOf[row] === cell);
    });
    for (const [row, title] of this.loose) hits[row] = title.toLowerCase().includes(needle) ? 1 : 0;
    return hits;
  }

  // Empties the column and makes room for `rows` rows, all ''.
  private clear(rows: number): void {
    this.segs = [];
    this.loose = new Map();
    this.queue = [];
    this.head = 0;
    this.n = 0;
    this.segOf = new Uint16Array(0);
    this.cellOf = new Int32Array(0);
    this.extend(rows);
  }

  private extend(rows: number): void {
    if (rows <= this.n) return;
    if (rows > this.segOf.length) {
      const cap = Math.max(rows, Math.ceil(this.segOf.length * 1.25), 64);
      const segOf = new Uint16Array(cap).fill(LOOSE);
      segOf.set(this.segOf.subarray(0, this.n));
      const cellOf = new Int32Array(cap);
      cellOf.set(this.cellOf.subarray(0, this.n));
      this.segOf = segOf;
      this.cellOf = cellOf;
    } else this.segOf.fill(LOOSE, this.n, rows);
    this.n = rows;
  }

  // Takes the row out of its segment or the loose map (its title is then '').
  private unlink(row: number): void {
    const s = this.segOf[row]!;
    if (s === LOOSE) {
      this.loose.delete(row);
      return;
    }
    this.segOf[row] = LOOSE;
    const seg = this.segs[s]!;
    // A segment mostly left behind by rewrites is given back: its live rows go loose (joined
    // again by the next steps), so dead characters never outweigh live ones.
    if (--seg.live * 2 < seg.rows.length) this.release(s);
  }

  private release(s: number): void {
    const seg = this.segs[s]!;
    seg.rows.forEach((row, c) => {
      if (this.segOf[row] !== s || this.cellOf[row] !== c) return;
      this.segOf[row] = LOOSE;
      this.loose.set(row, seg.orig.slice(seg.starts[c], seg.starts[c + 1]));
      this.queue.push(row);
    });
    this.segs[s] = null;
    while (this.segs.length && this.segs[this.segs.length - 1] === null) this.segs.pop();
  }

  // Joins `texts` (the titles of `rows`, which are in no segment) into one segment per width and
  // takes them out of the loose map; rows whose lowering cannot be joined stay (or go) loose.
  private joinRows(rows: number[], texts: string[]): void {
    const narrow: number[] = [];
    const wide: number[] = [];
    texts.forEach((t, i) => (WIDE.test(t) ? wide : narrow).push(i));
    for (let group of [narrow, wide]) {
      if (group.length === 0) continue;
      let text = group.map((i) => texts[i]!).join('');
      let lower = text.toLowerCase();
      if (lower.length !== text.length || text.includes('\u03a3')) {
        // Rare: join the rows that lower alone as they do joined; the rest stay loose.
        const take: number[] = [];
        for (const i of group) {
          if (joinable(texts[i]!)) take.push(i);
          else {
            this.segOf[rows[i]!] = LOOSE;
            this.loose.set(rows[i]!, texts[i]!);
          }
        }
        if (take.length === 0) continue;
        group = take;
        text = group.map((i) => texts[i]!).join('');
        lower = text.toLowerCase();
      }
      if (this.segs.length >= Math.min(this.maxSegments, MAX_SEGMENTS)) {
        // Never reached in practice (a join makes at most two); start over from one join of all.
        const all = Array.from({ length: this.n }, (_, r) => this.title(r));
        rows.forEach((r, i) => (all[r] = texts[i]!));
        this.load(all);
        return;
      }
      const s = this.segs.length;
      const starts = new Int32Array(group.length + 1);
      const segRows = new Int32Array(group.length);
      let at = 0;
      const loose = this.loose;
      group.forEach((i, c) => {
        const r = rows[i]!;
        starts[c] = at;
        at += texts[i]!.length;
        segRows[c] = r;
        this.segOf[r] = s;
        this.cellOf[r] = c;
        if (loose.size) loose.delete(r);
      });
      starts[group.length] = at;
      this.segs.push(new Segment(text, lower === text ? text : lower, segRows, starts, group.length));
    }
  }
}
