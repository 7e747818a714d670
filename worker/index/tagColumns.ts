/**
 * The tags of the index's items and their live counts. Tags are sparse (most items carry none),
 * so they are kept by item id beside the row columns, which also spares renumbering them when
 * the index compacts. The index tells this class when a row starts or stops counting.
 */
import { FLAG_HIDDEN, FLAG_READ } from '../../shared/flags';
import type { IdColumn } from './narrowColumns';

/** Live items carrying one tag, and how many of them are unread. */
export interface TagCount {
  total: number;
  unread: number;
}

const NO_TAGS: readonly number[] = Object.freeze([]);

export class TagColumns {
  private readonly byId = new Map<number, readonly number[]>();
  private readonly perTag = new Map<number, TagCount>();

  /** Tag ids of an item (empty when none). */
  of(id: number): readonly number[] {
    return this.byId.get(id) ?? NO_TAGS;
  }

  /** Sets an item's tags (a copy is kept); empty or absent removes them. Counts are not touched. */
  put(id: number, tags: readonly number[] | undefined): void {
    if (tags && tags.length > 0) this.byId.set(id, tags.slice());
    else this.byId.delete(id);
  }

  /** Forgets an item's tags (after `count(-1)` for a live row). */
  drop(id: number): void {
    this.byId.delete(id);
  }

  /** Ids of the items with tags (a snapshot of the keys). */
  taggedIds(): number[] {
    return Array.from(this.byId.keys());
  }

  /** Forgets everything. */
  clear(): void {
    this.byId.clear();
    this.perTag.clear();
  }

  /** A copy of the tags by item id (the snapshot form). */
  all(): Map<number, readonly number[]> {
    return new Map(this.byId);
  }

  /** Adds (+1) or removes (-1) one live item's tags from the counts; hidden items count nowhere. */
  count(id: number, flags: number, sign: 1 | -1): void {
    if ((flags & FLAG_HIDDEN) !== 0) return;
    const tags = this.byId.get(id);
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

  /**
   * Whether some live item carries `tag`, hidden ones included: the counts leave hidden items
   * out, so this looks at the items' tags themselves. O(tagged items).
   */
  carried(tag: number): boolean {
    if ((this.perTag.get(tag)?.total ?? 0) > 0) return true;
    for (const tags of this.byId.values()) if (tags.includes(tag)) return true;
    return false;
  }

  /** Ids of `rows` (row → id through `ids`) carrying `tag`, in the order of `rows`. */
  idsWith(tag: number, rows: Int32Array, ids: IdColumn): number[] {
    const out: number[] = [];
    for (const row of rows) if (this.of(ids[row]!).includes(tag)) out.push(ids[row]!);
    return out;
  }

  /** Live items per tag id (tags no live item carries are absent). O(tags). */
  counts(): Map<number, TagCount> {
    const out = new Map<number, TagCount>();
    for (const [tag, c] of this.perTag) if (c.total > 0) out.set(tag, { ...c });
    return out;
  }
}
