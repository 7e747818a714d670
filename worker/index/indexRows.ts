/**
 * The index's row storage and its plain readers (metaIndex.ts adds the id map, counts, orders
 * and every change): one typed column per number field, the string columns (`StringColumns`),
 * and an `alive` byte per row (removed rows stay as dead rows until a compaction).
 */
import { FLAG_HIDDEN } from '../../shared/flags';
import { roomFor } from './capacity';
import { FeedRows } from './feedRows';
import {
  DATES,
  FEEDS,
  IDS,
  holds,
  readyFor,
  resized,
  widened,
  type DateColumn,
  type FeedColumn,
  type IdColumn,
} from './narrowColumns';
import { StringColumns, type RefField } from './stringColumns';
import type { NumberColumns } from './types';

export abstract class IndexRows {
  protected size = 0;
  protected live = 0;
  protected cap = 0;
  // Narrow until a value does not fit (narrowColumns.ts).
  protected ids: IdColumn = new Uint32Array(0);
  protected feedIds: FeedColumn = new Uint16Array(0);
  protected pubDates: DateColumn = new Int32Array(0);
  protected flagBits = new Uint8Array(0);
  private keyHashCol: Uint32Array = new Uint32Array(0);
  /** True after a load that left the key hashes for later, until `takeKeyHashes`. */
  private hashesOwed = false;
  protected alive = new Uint8Array(0);
  protected readonly text = new StringColumns();
  /** Each feed's rows (renumbering must `reset` them; a feed change in place, `moved`). */
  protected readonly feedRows = new FeedRows();

  /**
   * The key hash per row (`IndexRow.keyHash`). Only ingest's duplicate check, snapshot writes,
   * growth and compaction read it, and none of those runs while a cold start still owes them
   * (the index gate holds every write until the load is done): asking then is a bug, and throws.
   */
  protected get keyHashes(): Uint32Array {
    if (this.hashesOwed) throw new Error('Rivulet: key hashes asked for before the load read them');
    return this.keyHashCol;
  }
  protected set keyHashes(col: Uint32Array) {
    this.keyHashCol = col;
  }

  /** Whether a load left the key hashes for later and they have not been taken yet. */
  keyHashesOwed(): boolean {
    return this.hashesOwed;
  }

  /**
   * Takes the key hashes a load left for later (`load` with `hashesLater`): one per row loaded.
   * False, changing nothing, when none are owed or their count is not the row count.
   */
  takeKeyHashes(hashes: Uint32Array): boolean {
    if (!this.hashesOwed || hashes.length !== this.size) return false;
    this.keyHashCol = hashes.length === this.cap ? hashes : resized(hashes, this.cap, this.size);
    this.hashesOwed = false;
    return true;
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
  dateColumns(): { pubDates: DateColumn; ids: IdColumn } {
    return { pubDates: this.pubDates, ids: this.ids };
  }
  rowColumns(): { feedIds: FeedColumn; flags: Uint8Array } {
    return { feedIds: this.feedIds, flags: this.flagBits };
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
    return this.text.title(row);
  }
  titleLower(row: number): string {
    return this.text.titleLower(row);
  }
  titleMatches(needle: string): Uint8Array {
    return this.text.titleMatches(needle);
  }
  /** See StringColumns.joinTitles: joins up to `max` more titles for native scans. */
  joinTitles(max: number): boolean {
    return this.text.joinTitles(max);
  }
  /** Rows a title scan checks one by one. */
  titlesUnjoined(): number {
    return this.text.titlesUnjoined();
  }
  author(row: number): string {
    return row < this.size ? this.text.author(row) : '';
  }
  authorLower(row: number): string {
    return row < this.size ? this.text.authorLower(row) : '';
  }
  authorTest(test: (author: string, lower: string) => boolean): (row: number) => boolean {
    return this.text.authorTest(test);
  }
  authorCodes(): Int32Array {
    return this.text.authorCodes();
  }
  authorOfCode(code: number): string {
    return this.text.authorOfCode(code);
  }
  authorCount(): number {
    return this.text.authorCount();
  }
  link(row: number): string {
    return row < this.size ? this.text.link(row) : '';
  }
  linkIncludes(row: number, part: string): boolean {
    return row < this.size && this.text.linkIncludes(row, part);
  }
  enclosure(row: number): string {
    return row < this.size ? this.text.enclosure(row) : '';
  }
  refLike(
    field: RefField,
    needleLower: string,
  ): { test: (row: number) => boolean; all: () => Uint8Array } | null {
    const scan = this.text.refLike(field, needleLower);
    return (
      scan && {
        test: (row) => row < this.size && scan.test(row),
        all: () => scan.all(this.size),
      }
    );
  }
  guid(row: number): string {
    return row < this.size ? this.text.guid(row) : '';
  }
  /**
   * Live items of one feed, hidden ones included: what reading the feed's records returns. One
   * pass over the feed's rows (`FeedRows`); a running count per feed would cost every row of a
   * cold-start load a map update (~13 ms at 1M) for a figure only a large mark-read asks for.
   */
  feedSize(feedId: number): number {
    const { rows, n: listed } = this.feedRows.of(feedId, this.feedIds, this.size);
    let n = 0;
    for (let i = 0; i < listed; i++) {
      const row = rows[i]!;
      if (this.alive[row] === 1 && this.feedIds[row] === feedId) n++;
    }
    return n;
  }

  /**
   * The live rows of `feedId`, each once, in row order (not by date: `rowsOfFeed` is the
   * feed's list, newest first). With `hidden`, hidden rows too: the feed's articles as its
   * records hold them; without, the ones a list shows. One pass over the feed's rows
   * (`FeedRows`), where the date order of a feed not asked for since the last change is a pass
   * over every row.
   */
  liveRowsOfFeed(feedId: number, { hidden }: { hidden: boolean }): number[] {
    const out: number[] = [];
    const { feedIds, alive, flagBits } = this;
    const { rows, n } = this.feedRows.of(feedId, feedIds, this.size);
    for (let i = 0; i < n; i++) {
      const row = rows[i]!;
      if (alive[row] === 1 && feedIds[row] === feedId && (hidden || (flagBits[row]! & FLAG_HIDDEN) === 0))
        out.push(row);
    }
    // A row that left the feed and came back is listed twice.
    return out.length > 1 ? [...new Set(out)] : out;
  }

  /** Ids of `liveRowsOfFeed`: the feed's visible articles, or with `hidden` all it holds. */
  idsOfFeed(feedId: number, options: { hidden: boolean } = { hidden: false }): number[] {
    return this.liveRowsOfFeed(feedId, options).map((row) => this.ids[row]!);
  }

  /**
   * Ids of the live rows of `feedId` (hidden ones too) whose dedupe key hash is in `hashes`: the
   * stored articles an ingest of those keys may meet, a superset (32-bit hashes collide), so the
   * caller compares the stored keys. One pass over the feed's rows (`FeedRows`), against one
   * IndexedDB cursor step per incoming key (~0.16 ms each of the browser's IndexedDB thread at
   * 200k articles, and growing with the database).
   */
  idsWithKeys(feedId: number, hashes: ReadonlySet<number>): number[] {
    const out: number[] = [];
    const { feedIds, keyHashes, alive } = this;
    const { rows, n } = this.feedRows.of(feedId, feedIds, this.size);
    for (let i = 0; i < n; i++) {
      const row = rows[i]!;
      if (feedIds[row] === feedId && alive[row] === 1 && hashes.has(keyHashes[row]!)) {
        out.push(this.ids[row]!);
      }
    }
    // A row that left the feed and came back is listed twice.
    return out.length > 1 ? [...new Set(out)] : out;
  }

  /** The live rows, ascending (the rows a snapshot holds, in its order). O(rows). */
  liveRows(): Int32Array {
    const keep = new Int32Array(this.live);
    let n = 0;
    for (let row = 0; row < this.size; row++) if (this.alive[row] === 1) keep[n++] = row;
    return keep;
  }

  protected grow(min: number): void {
    if (min <= this.cap) return;
    this.ids = resized(this.ids, min, this.size);
    this.feedIds = resized(this.feedIds, min, this.size);
    this.pubDates = resized(this.pubDates, min, this.size);
    this.flagBits = resized(this.flagBits, min, this.size);
    this.keyHashes = resized(this.keyHashes, min, this.size);
    this.alive = resized(this.alive, min, this.size);
    this.text.resize(min, this.size);
    this.cap = min;
  }

  /**
   * The number columns of `cols`' rows as rows 0..n-1, every one live (the strings, counts and
   * orders are the caller's). Loading fewer rows than the columns hold (a compaction) gives the
   * spare capacity back.
   */
  protected loadNumbers(cols: NumberColumns, hashesLater = false): void {
    const n = cols.ids.length;
    this.size = this.live = 0;
    this.hashesOwed = false;
    if (this.cap > roomFor(n)) this.cap = 0;
    if (!this.adoptNumbers(cols, n, hashesLater)) {
      this.grow(n);
      this.setNumbers(cols, n, hashesLater);
    }
    this.hashesOwed = hashesLater;
    this.alive.fill(1, 0, n);
    this.alive.fill(0, n);
    this.size = this.live = n;
  }

  /**
   * Takes `cols` as the number columns when each is of one of the index's own types (narrow or
   * wide: narrowColumns.ts) and `n` long (a snapshot's, read from its file in the narrow types:
   * numbersFile.ts), with no room to spare: the first append grows them as any append past the
   * room does. The caller gives them up. At 1M rows the copy was ~25 MB of memory touched for
   * the first time on a cold start, ~100 ms of the engine worker in Chromium on a two-core VM.
   */
  private adoptNumbers(cols: NumberColumns, n: number, hashesLater: boolean): boolean {
    const { ids, feedIds, pubDates, flags, keyHashes } = cols;
    if (
      [ids, feedIds, pubDates, flags, ...(hashesLater ? [] : [keyHashes])].some(
        (col) => col.length !== n || !(col.buffer instanceof ArrayBuffer),
      )
    )
      return false;
    // Each is over a plain ArrayBuffer (checked above), as the index's own columns are.
    this.ids = ids;
    this.feedIds = feedIds;
    this.pubDates = pubDates;
    this.flagBits = flags as Uint8Array<ArrayBuffer>;
    this.keyHashes = keyHashes;
    this.alive = new Uint8Array(n);
    this.text.resize(n, 0);
    this.cap = n;
    return true;
  }

  /**
   * Puts the number columns of `n` rows from `cols` at rows 0..n-1 (room must be there). A
   * narrow column of the index is widened first when `cols` has the wide type.
   */
  private setNumbers(cols: NumberColumns, n: number, hashesLater: boolean): void {
    this.ids = readyFor(IDS, this.ids, cols.ids);
    this.feedIds = readyFor(FEEDS, this.feedIds, cols.feedIds);
    this.pubDates = readyFor(DATES, this.pubDates, cols.pubDates);
    this.ids.set(cols.ids.subarray(0, n));
    this.feedIds.set(cols.feedIds.subarray(0, n));
    this.pubDates.set(cols.pubDates.subarray(0, n));
    this.flagBits.set(cols.flags.subarray(0, n));
    if (!hashesLater) this.keyHashes.set(cols.keyHashes.subarray(0, n));
  }

  /**
   * Writes a row's id, feed and date, widening a narrow column a value does not fit (for good:
   * narrowColumns.ts).
   */
  protected writeNumbers(row: number, id: number, feedId: number, pubDate: number): void {
    if (!holds(IDS, this.ids, id)) this.ids = widened(IDS, this.ids);
    if (!holds(FEEDS, this.feedIds, feedId)) this.feedIds = widened(FEEDS, this.feedIds);
    if (!holds(DATES, this.pubDates, pubDate)) this.pubDates = widened(DATES, this.pubDates);
    this.ids[row] = id;
    this.feedIds[row] = feedId;
    this.pubDates[row] = pubDate;
  }

  /**
   * Copies of the number columns at rows `keep` (ascending), tags aside. Plain loops, or one
   * memcpy per column when every row is live: `TypedArray.from(keep, fn)` calls a function per
   * row, and was 2.7 s of the 1M scroll step's CPU profile (a snapshot write after each refresh).
   */
  protected numbersAt(keep: Int32Array): Omit<NumberColumns, 'tags'> {
    const n = keep.length;
    if (n === this.size)
      return {
        ids: this.ids.slice(0, n),
        feedIds: this.feedIds.slice(0, n),
        pubDates: this.pubDates.slice(0, n),
        flags: this.flagBits.slice(0, n),
        keyHashes: this.keyHashes.slice(0, n),
      };
    const out = {
      ids: resized(this.ids, n, 0),
      feedIds: resized(this.feedIds, n, 0),
      pubDates: resized(this.pubDates, n, 0),
      flags: new Uint8Array(n),
      keyHashes: new Uint32Array(n),
    };
    this.gather(keep, out);
    return out;
  }

  /**
   * The number columns squeezed to the rows `keep` (ascending) in place, then cut to `cap` rows
   * when that is smaller (a compaction gives spare capacity back).
   */
  protected squeezeNumbers(keep: Int32Array, cap: number): void {
    this.gather(keep, {
      ids: this.ids,
      feedIds: this.feedIds,
      pubDates: this.pubDates,
      flags: this.flagBits,
      keyHashes: this.keyHashes,
    });
    const w = keep.length;
    this.alive.fill(1, 0, w);
    this.alive.fill(0, w);
    this.size = w;
    if (this.cap > cap) {
      this.ids = this.ids.slice(0, cap);
      this.feedIds = this.feedIds.slice(0, cap);
      this.pubDates = this.pubDates.slice(0, cap);
      this.flagBits = this.flagBits.slice(0, cap);
      this.keyHashes = this.keyHashes.slice(0, cap);
      this.alive = this.alive.slice(0, cap);
      this.cap = cap;
    }
  }

  // out[i] = column[keep[i]] for each number column (out may be the columns themselves: keep is
  // ascending, so a row is read before it is overwritten).
  private gather(keep: Int32Array, out: Omit<NumberColumns, 'tags'>): void {
    const [ids, feedIds, pubDates, flags, hashes] = [
      this.ids,
      this.feedIds,
      this.pubDates,
      this.flagBits,
      this.keyHashes,
    ];
    for (let i = 0; i < keep.length; i++) {
      const row = keep[i]!;
      out.ids[i] = ids[row]!;
      out.feedIds[i] = feedIds[row]!;
      out.pubDates[i] = pubDates[row]!;
      out.flags[i] = flags[row]!;
      out.keyHashes[i] = hashes[row]!;
    }
  }
}
