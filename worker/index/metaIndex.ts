/**
 * The in-memory metadata index: one row per item, column-shaped (typed arrays for numbers,
 * plain arrays for strings) so filters and counts scan memory, never IndexedDB.
 * IMPORTANT: methods here run on every list, count and change; keep them O(changed rows) or,
 * for the cached orders, one sort per structural change.
 */
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import type { MetaIndexView } from './types';

/** The metadata of one item the index keeps. */
export interface IndexRow {
  id: number;
  feedId: number;
  pubDate: number;
  flags: number;
  title: string;
  author: string;
  link: string;
  /** Enclosure URL, '' when none. */
  enclosure: string;
  guid: string;
  /** Tag ids the item carries (absent or empty: none). */
  tags?: readonly number[];
}

/** The number columns of the live rows, in row order: all that lists and counts need. */
export interface NumberColumns {
  ids: Float64Array;
  feedIds: Int32Array;
  pubDates: Float64Array;
  flags: Uint8Array;
  /** Tag ids by item id, for the tagged live items only (tags are sparse). */
  tags?: ReadonlyMap<number, readonly number[]>;
}

/** The string columns of the same rows (what text filters, search and rules read). */
export interface TextColumns {
  titles: string[];
  authors: string[];
  links: string[];
  enclosures: string[];
  guids: string[];
}

/** Plain columns of the live rows, in row order (the snapshot body). */
export interface IndexColumns extends NumberColumns, TextColumns {}

/** Live items carrying one tag, and how many of them are unread. */
export interface TagCount {
  total: number;
  unread: number;
}

const NO_TAGS: readonly number[] = Object.freeze([]);

const EMPTY = new Int32Array(0);

/** The index: read through `MetaIndexView`, changed only by the engine core. */
export class MetaIndex implements MetaIndexView {
  private _version = 0;
  private size = 0;
  private live = 0;
  private cap = 0;
  private ids = new Float64Array(0);
  private feedIds = new Int32Array(0);
  private pubDates = new Float64Array(0);
  private flagBits = new Uint8Array(0);
  private alive = new Uint8Array(0);
  private titles: string[] = [];
  private titlesLower: string[] = [];
  private authors: string[] = [];
  private authorsLower: string[] = [];
  private links: string[] = [];
  private enclosures: string[] = [];
  private guids: string[] = [];
  private readonly rows = new Map<number, number>();
  // Tags are sparse (most items carry none), so they are kept by item id beside the columns,
  // which also spares renumbering them on compaction.
  private readonly tagsById = new Map<number, readonly number[]>();
  private readonly perTag = new Map<number, TagCount>();
  private readonly unreadPerFeed = new Map<number, number>();
  private unreadTotal = 0;
  private savedTotal = 0;
  private hiddenTotal = 0;
  /** Every live row newest first, hidden ones included (snapshot order). */
  private allByDate: Int32Array | null = null;
  /** Visible (not hidden) live rows newest first: what lists, filters and counts see. */
  private byDate: Int32Array | null = null;
  private hiddenByDate: Int32Array | null = null;
  private readonly byFeed = new Map<number, Int32Array>();
  /** The version right after a `load` without text columns; null once text is in (or was given). */
  private textPending: number | null = null;

  get version(): number {
    return this._version;
  }
  rowCount(): number {
    return this.size;
  }
  liveCount(): number {
    return this.live;
  }
  isLive(row: number): boolean {
    return this.alive[row] === 1;
  }
  rowOf(id: number): number {
    return this.rows.get(id) ?? -1;
  }
  id(row: number): number {
    return this.ids[row] ?? 0;
  }
  feedId(row: number): number {
    return this.feedIds[row] ?? 0;
  }
  pubDate(row: number): number {
    return this.pubDates[row] ?? 0;
  }
  flags(row: number): number {
    return this.flagBits[row] ?? 0;
  }
  title(row: number): string {
    return this.titles[row] ?? '';
  }
  titleLower(row: number): string {
    return this.titlesLower[row] ?? '';
  }
  author(row: number): string {
    return this.authors[row] ?? '';
  }
  authorLower(row: number): string {
    return this.authorsLower[row] ?? '';
  }
  link(row: number): string {
    return this.links[row] ?? '';
  }
  enclosure(row: number): string {
    return this.enclosures[row] ?? '';
  }
  guid(row: number): string {
    return this.guids[row] ?? '';
  }
  tags(row: number): readonly number[] {
    return this.tagsById.get(this.ids[row] ?? -1) ?? NO_TAGS;
  }

  /** Live items per tag id (tags no live item carries are absent). O(tags). */
  tagCounts(): Map<number, TagCount> {
    const out = new Map<number, TagCount>();
    for (const [tag, c] of this.perTag) if (c.total > 0) out.set(tag, { ...c });
    return out;
  }

  /** Ids of the live items carrying `tagId`, newest first. O(live rows). */
  idsWithTag(tagId: number): number[] {
    const out: number[] = [];
    if (!this.perTag.get(tagId)?.total) return out;
    for (const row of this.rowsByDate()) if (this.tags(row).includes(tagId)) out.push(this.ids[row]!);
    return out;
  }

  /** Sets the tags of the items present; unknown ids are ignored. Does not reorder. */
  setTags(changes: Iterable<{ id: number; tags?: readonly number[] }>): void {
    for (const { id, tags } of changes) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      this.count(row, -1);
      this.putTags(id, tags);
      this.count(row, +1);
    }
    this._version++;
  }

  /**
   * Visible live rows newest first (pubDate desc, id desc): hidden rows (FLAG_HIDDEN) are left
   * out, so every list, filter and count built on it leaves them out too. One sort after each
   * structural change; a filter pass after a hide/unhide.
   */
  rowsByDate(): Int32Array {
    if (this.byDate) return this.byDate;
    const all = this.allRowsByDate();
    this.byDate =
      this.hiddenTotal === 0 ? all : all.filter((row) => (this.flagBits[row]! & FLAG_HIDDEN) === 0);
    return this.byDate;
  }

  /** Hidden live rows newest first (the Hidden list). Cached like `rowsByDate`. */
  hiddenRowsByDate(): Int32Array {
    if (this.hiddenByDate) return this.hiddenByDate;
    const all = this.allRowsByDate();
    this.hiddenByDate =
      this.hiddenTotal === 0 ? EMPTY : all.filter((row) => (this.flagBits[row]! & FLAG_HIDDEN) !== 0);
    return this.hiddenByDate;
  }

  /** Live hidden items. */
  hiddenCount(): number {
    return this.hiddenTotal;
  }

  /** Every live row newest first, hidden ones included (retention looks at both). */
  allRowsByDate(): Int32Array {
    if (this.allByDate) return this.allByDate;
    const out = new Int32Array(this.live);
    let n = 0;
    for (let row = 0; row < this.size; row++) if (this.alive[row] === 1) out[n++] = row;
    const pd = this.pubDates;
    const ids = this.ids;
    out.sort((a, b) => pd[b]! - pd[a]! || ids[b]! - ids[a]!);
    this.allByDate = out;
    return out;
  }

  /** Live rows of one feed newest first; derived from `rowsByDate()` and cached per feed. */
  rowsOfFeed(feedId: number): Int32Array {
    const cached = this.byFeed.get(feedId);
    if (cached) return cached;
    const all = this.rowsByDate();
    let n = 0;
    for (const row of all) if (this.feedIds[row] === feedId) n++;
    const out = n === 0 ? EMPTY : new Int32Array(n);
    let i = 0;
    if (n > 0) for (const row of all) if (this.feedIds[row] === feedId) out[i++] = row;
    this.byFeed.set(feedId, out);
    return out;
  }

  /** Unread live items per feed id (feeds with none are absent). O(feeds). */
  unreadByFeed(): Record<number, number> {
    const out: Record<number, number> = {};
    for (const [feed, n] of this.unreadPerFeed) if (n > 0) out[feed] = n;
    return out;
  }
  unreadCount(): number {
    return this.unreadTotal;
  }
  savedCount(): number {
    return this.savedTotal;
  }

  /** Ids of live rows whose flags satisfy `test`, newest first. O(live rows). */
  idsWhereFlags(test: (flags: number) => boolean): number[] {
    const out: number[] = [];
    for (const row of this.rowsByDate()) if (test(this.flagBits[row]!)) out.push(this.ids[row]!);
    return out;
  }

  /** Ids of the live rows of one feed. */
  idsOfFeed(feedId: number): number[] {
    return Array.from(this.rowsOfFeed(feedId), (row) => this.ids[row]!);
  }

  /** Inserts or updates rows by id. O(rows), plus one re-sort on the next ordered read. */
  upsert(items: Iterable<IndexRow>): void {
    for (const item of items) {
      const existing = this.rows.get(item.id);
      if (existing === undefined) {
        this.append(item);
      } else {
        this.count(existing, -1);
        this.write(existing, item);
        this.count(existing, +1);
      }
    }
    this.structuralChange();
  }

  /**
   * Sets the flags of the items present; unknown ids are ignored. Does not reorder; a change of
   * FLAG_HIDDEN drops the cached visible orders (one filter pass on the next read).
   */
  setFlags(changes: Iterable<{ id: number; flags: number }>): void {
    let visibility = false;
    for (const { id, flags } of changes) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      if (((this.flagBits[row]! ^ flags) & FLAG_HIDDEN) !== 0) visibility = true;
      this.count(row, -1);
      this.flagBits[row] = flags;
      this.count(row, +1);
    }
    if (visibility) {
      this.byDate = this.hiddenByDate = null;
      this.byFeed.clear();
    }
    this._version++;
  }

  /**
   * Removes items by id (unknown ids ignored); compacts when dead rows pass an eighth of the live
   * ones (a dead row still costs ~80 bytes of columns; compaction is one O(rows) copy, ~20 ms
   * per 100k rows, paid by the deletion that crosses the line).
   */
  remove(ids: Iterable<number>): void {
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      this.count(row, -1);
      this.alive[row] = 0;
      this.rows.delete(id);
      this.tagsById.delete(id);
      this.live--;
      // Drop the strings now so a dead row holds no memory until compaction.
      this.titles[row] = this.titlesLower[row] = this.authors[row] = this.authorsLower[row] = '';
      this.links[row] = this.enclosures[row] = this.guids[row] = '';
    }
    if (this.size - this.live > Math.max(1024, this.live / 8)) this.compact();
    this.structuralChange();
  }

  /**
   * Replaces the whole content with these columns (snapshot load, rebuild, compaction).
   * Bulk copies, not per-row appends: this is the cold-start path (~100k rows). `order`, when
   * given, must be the rows newest first (a validated snapshot's saved order): it spares the sort.
   * Without text columns every string reads '' until `attachText` (the two-step cold start).
   */
  load(cols: NumberColumns & Partial<TextColumns>, order?: Int32Array): void {
    const n = cols.ids.length;
    this.size = this.live = 0;
    // Loading fewer rows than the columns hold (a compaction) gives the spare capacity back.
    if (this.cap > roomFor(n)) this.cap = 0;
    this.grow(n);
    this.ids.set(cols.ids);
    this.feedIds.set(cols.feedIds);
    this.pubDates.set(cols.pubDates);
    this.flagBits.set(cols.flags);
    this.alive.fill(1, 0, n);
    this.alive.fill(0, n);
    this.setText(cols, n);

    this.size = this.live = n;
    this.rows.clear();
    this.tagsById.clear();
    this.perTag.clear();
    if (cols.tags) for (const [id, tags] of cols.tags) this.putTags(id, tags);
    this.unreadPerFeed.clear();
    this.unreadTotal = this.savedTotal = this.hiddenTotal = 0;
    for (let row = 0; row < n; row++) {
      this.rows.set(this.ids[row]!, row);
      this.count(row, +1);
    }
    this.structuralChange();
    if (order && order.length === n) this.allByDate = order;
    this.textPending = cols.titles ? null : this._version;
  }

  /**
   * Puts the string columns of the rows `load` took without them (same rows, same order).
   * False, changing nothing, when their length is not the row count or rows changed since the
   * load (then the caller must reload the whole index). O(total characters).
   */
  attachText(cols: TextColumns): boolean {
    const n = this.size;
    if (this.textPending !== this._version) return false;
    const lengths = [cols.titles, cols.authors, cols.links, cols.enclosures, cols.guids].map((c) => c.length);
    if (lengths.some((len) => len !== n)) return false;
    this.setText(cols, n);
    this._version++;
    this.textPending = null;
    return true;
  }

  private setText(cols: Partial<TextColumns>, n: number): void {
    this.titles = cols.titles?.slice(0, n) ?? [];
    this.authors = cols.authors?.slice(0, n) ?? [];
    this.links = cols.links?.slice(0, n) ?? [];
    this.enclosures = cols.enclosures?.slice(0, n) ?? [];
    this.guids = cols.guids?.slice(0, n) ?? [];
    this.titlesLower = lowerAll(this.titles);
    this.authorsLower = lowerAll(this.authors);
  }

  /**
   * The snapshot body: live rows as columns, plus their newest-first order numbered as in those
   * columns (dead rows squeezed out). O(live rows), plus a sort if the order is not cached.
   */
  packable(): { columns: IndexColumns; order: Int32Array } {
    const columns = this.columns();
    const byDate = this.allRowsByDate();
    if (this.live === this.size) return { columns, order: byDate.slice() };
    const renumber = new Int32Array(this.size);
    let next = 0;
    for (let row = 0; row < this.size; row++) if (this.alive[row] === 1) renumber[row] = next++;
    return { columns, order: Int32Array.from(byDate, (row) => renumber[row]!) };
  }

  /** Copies the live rows out as plain columns (structured-clonable). O(live rows). */
  columns(): IndexColumns {
    const live: number[] = [];
    for (let row = 0; row < this.size; row++) if (this.alive[row] === 1) live.push(row);
    const pick = (src: string[]) => live.map((row) => src[row] ?? '');
    return {
      ids: Float64Array.from(live, (row) => this.ids[row]!),
      feedIds: Int32Array.from(live, (row) => this.feedIds[row]!),
      pubDates: Float64Array.from(live, (row) => this.pubDates[row]!),
      flags: Uint8Array.from(live, (row) => this.flagBits[row]!),
      titles: pick(this.titles),
      authors: pick(this.authors),
      links: pick(this.links),
      enclosures: pick(this.enclosures),
      guids: pick(this.guids),
      tags: new Map(this.tagsById),
    };
  }

  // Squeezes dead rows out in place, keeping every string as it is. Not `load(columns())`: that
  // lowers the titles again with `lowerAll`, whose cells are slices of one joined string, two
  // bytes a character as soon as one title is CJK (a heap sampling of a full bench run showed
  // ~15 MB for the lower-cased columns that way, against ~10 MB as the cells ingest made).
  private compact(): void {
    const strings = [
      this.titles,
      this.titlesLower,
      this.authors,
      this.authorsLower,
      this.links,
      this.enclosures,
      this.guids,
    ];
    let w = 0;
    for (let r = 0; r < this.size; r++) {
      if (this.alive[r] !== 1) continue;
      if (w !== r) {
        this.ids[w] = this.ids[r]!;
        this.feedIds[w] = this.feedIds[r]!;
        this.pubDates[w] = this.pubDates[r]!;
        this.flagBits[w] = this.flagBits[r]!;
        this.alive[w] = 1;
        for (const column of strings) column[w] = column[r]!;
      }
      w++;
    }
    this.alive.fill(0, w);
    for (const column of strings) column.length = w;
    this.size = w;
    // Give spare capacity back (the columns are copied once more, at their new size).
    const cap = roomFor(w);
    if (this.cap > cap) {
      this.ids = this.ids.slice(0, cap);
      this.feedIds = this.feedIds.slice(0, cap);
      this.pubDates = this.pubDates.slice(0, cap);
      this.flagBits = this.flagBits.slice(0, cap);
      this.alive = this.alive.slice(0, cap);
      this.cap = cap;
    }
    this.rows.clear();
    for (let row = 0; row < w; row++) this.rows.set(this.ids[row]!, row);
    this.structuralChange();
  }

  private append(item: IndexRow): void {
    if (this.size === this.cap) this.grow(roomFor(this.cap + 1));
    const row = this.size++;
    this.alive[row] = 1;
    this.live++;
    this.rows.set(item.id, row);
    this.write(row, item);
    this.count(row, +1);
  }

  private write(row: number, item: IndexRow): void {
    this.ids[row] = item.id;
    this.feedIds[row] = item.feedId;
    this.pubDates[row] = item.pubDate;
    this.flagBits[row] = item.flags;
    this.titles[row] = item.title;
    this.titlesLower[row] = item.title.toLowerCase();
    this.authors[row] = item.author;
    this.authorsLower[row] = item.author.toLowerCase();
    this.links[row] = item.link;
    this.enclosures[row] = item.enclosure;
    this.guids[row] = item.guid;
    this.putTags(item.id, item.tags);
  }

  private putTags(id: number, tags: readonly number[] | undefined): void {
    if (tags && tags.length > 0) this.tagsById.set(id, tags.slice());
    else this.tagsById.delete(id);
  }

  // Adds (+1) or removes (-1) a live row's contribution to the unread/saved/hidden counters.
  // A hidden row counts only as hidden: it is in no unread or saved count.
  private count(row: number, sign: 1 | -1): void {
    const flags = this.flagBits[row]!;
    if ((flags & FLAG_HIDDEN) !== 0) {
      this.hiddenTotal += sign;
      return;
    }
    if ((flags & FLAG_READ) === 0) {
      const feed = this.feedIds[row]!;
      this.unreadPerFeed.set(feed, (this.unreadPerFeed.get(feed) ?? 0) + sign);
      this.unreadTotal += sign;
    }
    if ((flags & FLAG_SAVED) !== 0) this.savedTotal += sign;
    const tags = this.tagsById.get(this.ids[row]!);
    if (!tags) return;
    const unread = (flags & FLAG_READ) === 0 ? sign : 0;
    for (const tag of tags) {
      const c = this.perTag.get(tag);
      if (c) {
        c.total += sign;
        c.unread += unread;
      } else this.perTag.set(tag, { total: sign, unread });
    }
  }

  private grow(min: number): void {
    if (min <= this.cap) return;
    const copy = <A extends Float64Array | Int32Array | Uint8Array>(src: A, make: (n: number) => A) => {
      const next = make(min);
      next.set(src.subarray(0, this.size));
      return next;
    };
    this.ids = copy(this.ids, (n) => new Float64Array(n));
    this.feedIds = copy(this.feedIds, (n) => new Int32Array(n));
    this.pubDates = copy(this.pubDates, (n) => new Float64Array(n));
    this.flagBits = copy(this.flagBits, (n) => new Uint8Array(n));
    this.alive = copy(this.alive, (n) => new Uint8Array(n));
    this.cap = min;
  }

  private structuralChange(): void {
    this.allByDate = this.byDate = this.hiddenByDate = null;
    this.byFeed.clear();
    this._version++;
  }
}

/**
 * Capacity for `n` rows: doubling while small, then a quarter more each time, so the columns of
 * a 100k index carry at most ~25% spare (doubling left up to 100%: 131,072 → 262,144 slots, ~3 MB
 * of typed arrays, once an account passed 131k items). A copy per quarter is cheap (~1 ms).
 */
function roomFor(n: number): number {
  let cap = 1024;
  while (cap < n) cap = cap < 65_536 ? cap * 2 : cap + Math.ceil(cap / 4);
  return cap;
}

/**
 * Lower-cases a column. One toLowerCase over the joined column is several times faster than one
 * per cell (the cold-start path), and gives the same cells unless a cell's length changes
 * (e.g. 'İ') or the context-sensitive capital sigma is present (final 'ς' depends on the
 * neighbour, which joining changes); then each cell is lowered on its own.
 */
function lowerAll(column: string[]): string[] {
  const joined = column.join('');
  const lower = joined.toLowerCase();
  if (lower.length !== joined.length || joined.includes('\u03a3')) return column.map((s) => s.toLowerCase());
  const out = new Array<string>(column.length);
  let start = 0;
  for (let i = 0; i < column.length; i++) {
    const end = start + column[i]!.length;
    out[i] = lower.slice(start, end);
    start = end;
  }
  return out;
}
