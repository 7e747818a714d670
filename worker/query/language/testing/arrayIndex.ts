import { hash32 } from '../../../../shared/hash';
import type { IndexRow, MetaIndexView } from '../../../index/types';
import { FLAG_READ, FLAG_SAVED } from '../../../../shared/flags';
import type { PlainItem } from '../reference';

interface Row {
  id: number;
  feedId: number;
  pubDate: number;
  flags: number;
  title: string;
  author: string;
  link: string;
  enclosure: string;
  guid: string;
  tags: readonly number[];
  live: boolean;
}

/**
 * Test tag ids: one per lower-cased name, shared by every ArrayIndex (`TEST_TAG_NAMES` maps
 * them back), so sources built from plain items can name their tags.
 */
export const TEST_TAG_NAMES = new Map<number, string>();
/** The shared test tag id of a name (made on first use). */
export function tagIdOf(name: string): number {
  for (const [id, n] of TEST_TAG_NAMES) if (n.toLowerCase() === name.toLowerCase()) return id;
  const id = TEST_TAG_NAMES.size + 1;
  TEST_TAG_NAMES.set(id, name);
  return id;
}

/** What an index keeps of a plain item (tags as test tag ids). */
export function indexRowOf(item: PlainItem): IndexRow & { tags: number[] } {
  return {
    id: item.id,
    feedId: item.feedId,
    pubDate: item.pubDate,
    flags: (item.isRead ? FLAG_READ : 0) | (item.isSaved ? FLAG_SAVED : 0),
    title: item.title,
    author: item.author,
    link: item.link,
    enclosure: item.enclosure?.url ?? '',
    guid: item.guid,
    keyHash: hash32(item.guid),
    tags: (item.tags ?? []).map(tagIdOf),
  };
}

/**
 * A deliberately simple MetaIndexView over plain arrays, for tests: every accessor reads a row
 * object; the date orders are recomputed by sorting after each change. Supports dead rows.
 */
export class ArrayIndex implements MetaIndexView {
  version = 0;
  private rows: Row[] = [];
  private byDate: Int32Array | null = null;
  private byFeed = new Map<number, Int32Array>();

  constructor(items: PlainItem[] = []) {
    for (const item of items) this.add(item);
  }

  /** Appends an item as a new live row and returns the row. */
  add(item: PlainItem): number {
    this.rows.push({ ...indexRowOf(item), live: true });
    this.changed();
    return this.rows.length - 1;
  }

  /** Marks the item's row dead (it stays as a slot, as in the real index before compaction). */
  remove(id: number): void {
    const row = this.rowOf(id);
    const r = this.rows[row];
    if (r) r.live = false;
    this.changed();
  }

  private changed(): void {
    this.version++;
    this.byDate = null;
    this.byFeed.clear();
  }

  private at(row: number): Row {
    const r = this.rows[row];
    if (!r) throw new RangeError(`no row ${row}`);
    return r;
  }

  private ordered(filter: (r: Row) => boolean): Int32Array {
    const rows: number[] = [];
    this.rows.forEach((r, i) => {
      if (r.live && filter(r)) rows.push(i);
    });
    rows.sort((a, b) => this.at(b).pubDate - this.at(a).pubDate || this.at(b).id - this.at(a).id);
    return Int32Array.from(rows);
  }

  rowCount(): number {
    return this.rows.length;
  }
  liveCount(): number {
    return this.rows.filter((r) => r.live).length;
  }
  isLive(row: number): boolean {
    return this.rows[row]?.live ?? false;
  }
  rowOf(id: number): number {
    return this.rows.findIndex((r) => r.live && r.id === id);
  }
  id(row: number): number {
    return this.at(row).id;
  }
  feedId(row: number): number {
    return this.at(row).feedId;
  }
  pubDate(row: number): number {
    return this.at(row).pubDate;
  }
  flags(row: number): number {
    return this.at(row).flags;
  }
  title(row: number): string {
    return this.at(row).title;
  }
  titleLower(row: number): string {
    return this.at(row).title.toLowerCase();
  }
  author(row: number): string {
    return this.at(row).author;
  }
  authorLower(row: number): string {
    return this.at(row).author.toLowerCase();
  }
  link(row: number): string {
    return this.at(row).link;
  }
  enclosure(row: number): string {
    return this.at(row).enclosure;
  }
  guid(row: number): string {
    return this.at(row).guid;
  }
  tags(row: number): readonly number[] {
    return this.at(row).tags;
  }
  rowsByDate(): Int32Array {
    this.byDate ??= this.ordered(() => true);
    return this.byDate;
  }
  rowsOfFeed(feedId: number): Int32Array {
    let rows = this.byFeed.get(feedId);
    if (!rows) {
      rows = this.ordered((r) => r.feedId === feedId);
      this.byFeed.set(feedId, rows);
    }
    return rows;
  }
}
