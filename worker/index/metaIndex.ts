/**
 * The in-memory metadata index: one row per item, column-shaped so filters and counts scan
 * memory, never IndexedDB. Numbers are typed arrays; titles are JS strings (read by every list
 * row, sort and LIKE); authors are dictionary codes (`Interned`); links, enclosures and guids are
 * packed UTF-8 (`PackedStrings`); the id → row map is a typed array (`SlotMap`). Bytes per row
 * before and after that layout: docs/architecture.md → "Index memory".
 * IMPORTANT: methods here run on every list, count and change; keep them O(changed rows) or,
 * for the cached orders, one sort per structural change.
 */
import { FLAG_HIDDEN } from '../../shared/flags';
import { SlotMap } from '../search/slotMap';
import { firstTrueFrom } from './firstTrue';
import { IndexRows } from './indexRows';
import type { PackedTextColumns, TextColumns } from './stringColumns';
import { Counts } from './counts';
import { DateOrders } from './dateOrders';
import { TextMarks } from './textMarks';
import { TitleOrder } from './titleOrder';
import { roomFor } from './capacity';
import type { TagCount } from './tagColumns';
import type { IndexColumns, IndexRow, MetaIndexView, NumberColumns, TextMark } from './types';

export type { TagCount } from './tagColumns';
export type { PackedTextColumns, TextColumns } from './stringColumns';
export type { IndexColumns, IndexRow, NumberColumns, TextMark } from './types';

/** The index: read through `MetaIndexView`, changed only by the engine core. */
export class MetaIndex extends IndexRows implements MetaIndexView {
  private _version = 0;
  private _numbering = 0;
  private _textVersion = 0;
  private readonly slots = new SlotMap();
  /** True after `load` until the first id lookup (the slot map is made then, see `rows`). */
  private slotsOwed = false;
  private readonly counts = new Counts();
  private readonly tagCols = this.counts.tags;
  private readonly orders = new DateOrders(() => ({
    size: this.size,
    live: this.live,
    hidden: this.counts.hidden,
    alive: this.alive,
    ids: this.ids,
    pubDates: this.pubDates,
    flags: this.flagBits,
    feedIds: this.feedIds,
  }));
  private readonly titles = new TitleOrder(() => ({
    size: this.size,
    alive: this.alive,
    title: (row) => this.text.title(row),
    titleLower: (row) => this.text.titleLower(row),
    pubDate: (row) => this.pubDates[row]!,
    id: (row) => this.ids[row]!,
  }));
  /** The text version right after a `load` without text columns; null once text is in (or was given). */
  private textPending: number | null = null;
  /** Which rows the snapshot's text record holds (textMarks.ts). */
  private readonly marks = new TextMarks();

  get version(): number {
    return this._version;
  }
  /** Bumped when rows are renumbered (a load or a compaction): a row number kept from before names another row. */
  get numbering(): number {
    return this._numbering;
  }
  /** Bumped when rows or their strings change, not by flags or tags (snapshot.ts reuses its text record). */
  get textVersion(): number {
    return this._textVersion;
  }
  /**
   * The row of item `id`, or -1. Until rows change after a `load` (appends and removals use the
   * map), the id column is searched first: loaded ids nearly always ascend, and making the map
   * for a cold start's first pages was ~25 ms at 1M rows. An id the search misses asks the map.
   */
  rowOf(id: number): number {
    return this.rowOfNear(id, 0);
  }
  /** `rowOf` for ids asked in ascending order, searching out from the last answer (`near`) first. */
  rowOfNear(id: number, near: number): number {
    if (this.slotsOwed && near >= 0 && near < this.size) {
      const ids = this.ids;
      const row = firstTrueFrom(near, this.size, (r) => ids[r]! >= id);
      if (row < this.size && ids[row] === id) return row;
    }
    return this.rows.get(id);
  }
  tags(row: number): readonly number[] {
    return this.tagCols.of(this.ids[row] ?? -1);
  }

  /** Live items per tag id (tags no live item carries are absent). O(tags). */
  tagCounts(): Map<number, TagCount> {
    return this.tagCols.counts();
  }

  /**
   * Ids of the live items carrying `tagId`, hidden ones included (deleting a tag takes it off
   * those too), newest first. O(tagged items) when none carries it, else O(live rows).
   */
  idsWithTag(tagId: number): number[] {
    return this.tagCols.carried(tagId) ? this.tagCols.idsWith(tagId, this.allRowsByDate(), this.ids) : [];
  }

  /** Sets the tags of the items present; unknown ids are ignored. Does not reorder. */
  setTags(changes: Iterable<{ id: number; tags?: readonly number[] }>): void {
    for (const { id, tags } of changes) {
      const row = this.rowOf(id);
      if (row < 0) continue;
      this.count(row, -1);
      this.tagCols.put(id, tags);
      this.count(row, +1);
    }
    this._version++;
  }

  /** Visible live rows newest first (pubDate desc, id desc); see `DateOrders`. Cached. */
  rowsByDate(): Int32Array {
    return this.orders.visibleRows();
  }

  /** Hidden live rows newest first (the Hidden list). Cached like `rowsByDate`. */
  hiddenRowsByDate(): Int32Array {
    return this.orders.hidden();
  }

  /** Live hidden items. */
  hiddenCount(): number {
    return this.counts.hidden;
  }

  /** Every live row newest first, hidden ones included (retention looks at both). */
  allRowsByDate(): Int32Array {
    return this.orders.allRows();
  }

  /** Live rows with a title in title order, kept between calls; null as TitleOrder.rows says. */
  rowsByTitle(now = true): Int32Array | null {
    return this.titles.rows(now);
  }

  /** Whether the title order is made (TitleOrder.made). */
  hasTitleOrder(): boolean {
    return this.titles.made();
  }

  /** Visible live rows of one feed newest first; cached per feed. */
  rowsOfFeed(feedId: number): Int32Array {
    return this.orders.ofFeed(feedId);
  }
  /** `rowsOfFeed` of each feed: those not cached are listed together (DateOrders.ofFeeds). */
  rowsOfFeeds(feedIds: readonly number[]): Int32Array[] {
    return this.orders.ofFeeds(feedIds);
  }

  /** Unread live items per feed id (feeds with none are absent). O(feeds). */
  unreadByFeed(): Record<number, number> {
    return this.counts.unreadByFeed();
  }
  unreadCount(): number {
    return this.counts.unread;
  }
  savedCount(): number {
    return this.counts.saved;
  }

  /** Ids of live rows whose flags satisfy `test`, newest first. O(live rows). */
  idsWhereFlags(test: (flags: number) => boolean): number[] {
    const out: number[] = [];
    for (const row of this.rowsByDate()) if (test(this.flagBits[row]!)) out.push(this.ids[row]!);
    return out;
  }

  /** Inserts or updates rows by id. O(rows), plus one re-sort on the next ordered read. */
  upsert(items: Iterable<IndexRow>): void {
    for (const item of items) {
      const existing = this.rows.get(item.id);
      if (existing < 0) {
        this.append(item);
        this.orders.appended(this.size - 1);
        this.titles.appended(this.size - 1);
      } else {
        if (this.pubDates[existing] !== item.pubDate || this.text.title(existing) !== item.title)
          this.titles.changed(existing);
        // A new date moves the row; a new feed or hidden bit changes only the derived orders.
        if (this.pubDates[existing] !== item.pubDate) this.orders.moved(existing);
        else this.orders.visibilityChanged();
        if (this.feedIds[existing] !== item.feedId) this.feedRows.moved(existing);
        this.count(existing, -1);
        this.marks.touched(existing);
        this.write(existing, item);
        this.count(existing, +1);
      }
    }
    this.rowsChanged();
  }

  /**
   * Sets the flags of the items present; unknown ids are ignored. Does not reorder; a change of
   * FLAG_HIDDEN drops the cached visible orders (one filter pass on the next read).
   */
  setFlags(changes: Iterable<{ id: number; flags: number }>): void {
    let visibility = false;
    for (const { id, flags } of changes) {
      const row = this.rowOf(id);
      if (row < 0) continue;
      if (((this.flagBits[row]! ^ flags) & FLAG_HIDDEN) !== 0) visibility = true;
      this.count(row, -1);
      this.flagBits[row] = flags;
      this.count(row, +1);
    }
    if (visibility) this.orders.visibilityChanged();
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
      if (row < 0) continue;
      this.count(row, -1);
      this.alive[row] = 0;
      this.rows.delete(id);
      this.tagCols.drop(id);
      this.live--;
      this.marks.touched(row);
      this.text.drop(row);
    }
    this.orders.removed();
    this.titles.removed();
    if (this.size - this.live > Math.max(1024, this.live / 8)) this.compact();
    this.rowsChanged();
  }

  /**
   * Replaces the whole content with these columns (snapshot load, rebuild, compaction), in bulk:
   * the cold-start path. `order`, when given, must be the rows newest first (a validated
   * snapshot's saved order): it spares the sort. Without text columns every string reads ''
   * until `attachText` (the two-step cold start); with `hashesLater` the key hashes are not in
   * `cols` (an empty array) until `takeKeyHashes`.
   */
  load(cols: NumberColumns & Partial<TextColumns>, order?: Int32Array, { hashesLater = false } = {}): void {
    const n = cols.ids.length;
    this.loadNumbers(cols, hashesLater);
    this.text.load(cols.titles ? (cols as TextColumns) : null, n, this.cap);

    this.counts.clear();
    if (cols.tags) for (const [id, tags] of cols.tags) this.tagCols.put(id, tags);
    // The id → row map is made at the first lookup: a cold start's first pages look up no id, and
    // at 1M rows the map is ~10 ms of the load.
    this.slots.clear();
    this.slotsOwed = true;
    this.counts.addAll(this.ids, this.feedIds, this.flagBits, n, (id) => this.rows.get(id));
    this.structuralChange();
    if (order && order.length === n) this.orders.adopt(order);
    // Rows, not flags or tags (a start's flag log is applied before the text arrives).
    this.textPending = cols.titles ? null : this._textVersion;
  }

  /**
   * Puts the string columns of the rows `load` took without them (same rows, same order), as
   * plain strings or as the snapshot's packed form. False, changing nothing, when their length
   * is not the row count, the packed form is malformed, or rows changed since the load (then the
   * caller must reload the whole index). O(total characters).
   */
  attachText(cols: TextColumns | PackedTextColumns): boolean {
    const n = this.size;
    if (this.textPending !== this._textVersion) return false;
    if ('refs' in cols) {
      if (!this.text.loadPacked(cols, n, this.cap)) return false;
    } else {
      const lengths = [cols.titles, cols.authors, cols.links, cols.enclosures, cols.guids].map(
        (c) => c.length,
      );
      if (lengths.some((len) => len !== n)) return false;
      this.text.load(cols, n, this.cap);
    }
    this.titles.reset();
    this._version++;
    this._textVersion++;
    this.textPending = null;
    this.marks.renumbered();
    return true;
  }

  /** The rows below `rows` (default: every row now) as the snapshot's text record holds them (`TextMarks.base`). */
  textBase(rows = this.size): TextMark {
    return this.marks.base(rows);
  }

  /** Live rows appended since `mark`, or null (`TextMarks.appended`). */
  appendedSince(mark: TextMark, max = Infinity): Int32Array | null {
    return this.marks.appended(mark, this.size, this.alive, max);
  }

  /** The string columns of `rows`, in that order, in the packed form. O(rows). */
  packedText(rows: Int32Array): PackedTextColumns {
    return this.text.packed(rows);
  }

  /**
   * The snapshot body: live rows as number columns and the packed string columns, plus their
   * newest-first order numbered as in those columns (dead rows squeezed out). O(live rows), plus
   * a sort if the order is not cached.
   */
  packable(): { columns: NumberColumns; text: PackedTextColumns; order: Int32Array };
  packable(withText: boolean): { columns: NumberColumns; text: PackedTextColumns | null; order: Int32Array };
  packable(withText = true): { columns: NumberColumns; text: PackedTextColumns | null; order: Int32Array } {
    const keep = this.liveRows();
    const text = withText ? this.text.packed(keep) : null;
    const columns = this.numberColumns(keep);
    const byDate = this.allRowsByDate();
    if (this.live === this.size) return { columns, text, order: byDate.slice() };
    const renumber = new Int32Array(this.size);
    for (let i = 0; i < keep.length; i++) renumber[keep[i]!] = i;
    const order = new Int32Array(byDate.length);
    for (let i = 0; i < byDate.length; i++) order[i] = renumber[byDate[i]!]!;
    return { columns, text, order };
  }

  /** Copies the live rows out as plain columns (structured-clonable). O(live rows). */
  columns(): IndexColumns {
    const keep = this.liveRows();
    return { ...this.numberColumns(keep), ...this.text.plain(keep) };
  }

  private numberColumns(keep: Int32Array): NumberColumns {
    return { ...this.numbersAt(keep), tags: this.tagCols.all() };
  }

  // Squeezes dead rows out in place (the strings: `StringColumns.compact`).
  private compact(): void {
    const keep = this.liveRows();
    const w = keep.length;
    // Gives spare capacity back (the columns are copied once more, at their new size).
    this.squeezeNumbers(keep, roomFor(w));
    this.text.compact(keep, this.cap);
    this.slots.assign(this.ids, w);
    this.slotsOwed = false;
    this.structuralChange();
  }

  private append(item: IndexRow): void {
    if (this.size === this.cap) this.grow(roomFor(this.cap + 1));
    const rows = this.rows; // before the new row counts: an owed map covers the rows before it
    const row = this.size++;
    this.alive[row] = 1;
    this.live++;
    rows.set(item.id, row);
    this.write(row, item);
    this.count(row, +1);
  }

  private write(row: number, item: IndexRow): void {
    this.writeNumbers(row, item.id, item.feedId, item.pubDate);
    this.flagBits[row] = item.flags;
    this.keyHashes[row] = item.keyHash;
    this.text.write(row, item);
    this.tagCols.put(item.id, item.tags);
  }

  // Adds (+1) or removes (-1) a live row's contribution to the counts.
  private count(row: number, sign: 1 | -1): void {
    this.counts.add(this.ids[row]!, this.feedIds[row]!, this.flagBits[row]!, sign);
  }

  /**
   * The id → row map, made from the id column if `load` left it owed. Every lookup goes through
   * here, and the first one comes before any row is appended or dies after the load, so the
   * map is made from rows that are all live.
   */
  private get rows(): SlotMap {
    if (this.slotsOwed) {
      this.slots.assign(this.ids, this.size);
      this.slotsOwed = false;
    }
    return this.slots;
  }

  private structuralChange(): void {
    this._numbering++;
    this.marks.renumbered();
    this.orders.reset();
    this.feedRows.reset();
    this.titles.reset();
    this.rowsChanged();
  }

  // Rows were added, changed or removed (the orders were told which).
  private rowsChanged(): void {
    this._version++;
    this._textVersion++;
  }
}
