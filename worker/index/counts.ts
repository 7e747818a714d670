/**
 * The index's running counts: unread per feed, unread, saved and hidden totals, and the tags
 * with their live counts (`TagColumns`). A hidden item counts only as hidden: it is in no unread,
 * saved or tag count. The index adds (+1) and removes (-1) each live row as it changes.
 */
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { TagColumns } from './tagColumns';
import type { FeedColumn, IdColumn } from './narrowColumns';

export class Counts {
  readonly tags = new TagColumns();
  private readonly unreadPerFeed = new Map<number, number>();
  unread = 0;
  saved = 0;
  hidden = 0;

  /** Adds (+1) or removes (-1) one live item. */
  add(id: number, feedId: number, flags: number, sign: 1 | -1): void {
    if ((flags & FLAG_HIDDEN) !== 0) {
      this.hidden += sign;
      return;
    }
    if ((flags & FLAG_READ) === 0) {
      this.unreadPerFeed.set(feedId, (this.unreadPerFeed.get(feedId) ?? 0) + sign);
      this.unread += sign;
    }
    if ((flags & FLAG_SAVED) !== 0) this.saved += sign;
    this.tags.count(id, flags, sign);
  }

  /**
   * `add(…, +1)` for rows 0…n-1 of the columns in one pass (the cold-start load): unread per
   * feed is tallied in a typed array by feed id and put in the map once per feed. `rowOf` finds a
   * tagged item's row. Same counts as adding row by row, without a map update per unread row.
   */
  addAll(
    ids: IdColumn,
    feedIds: FeedColumn,
    flags: Uint8Array,
    n: number,
    rowOf: (id: number) => number,
  ): void {
    // Feed ids are small autoincrement integers: tallied in a typed array grown on demand (one
    // pass); a negative or huge one sends the rest of the rows the row-by-row way.
    let perFeed = new Int32Array(1024);
    let unread = 0;
    let saved = 0;
    let hidden = 0;
    let r = 0;
    for (; r < n; r++) {
      const f = flags[r]!;
      if ((f & FLAG_HIDDEN) !== 0) {
        hidden++;
        continue;
      }
      if ((f & FLAG_READ) === 0) {
        const feed = feedIds[r]!;
        if (feed >= perFeed.length) {
          if (feed >= 1 << 22) break;
          const grown = new Int32Array(Math.max(feed + 1, perFeed.length * 2));
          grown.set(perFeed);
          perFeed = grown;
        } else if (feed < 0) break;
        perFeed[feed]!++;
        unread++;
      }
      if ((f & FLAG_SAVED) !== 0) saved++;
    }
    for (let feed = 0; feed < perFeed.length; feed++)
      if (perFeed[feed] !== 0)
        this.unreadPerFeed.set(feed, (this.unreadPerFeed.get(feed) ?? 0) + perFeed[feed]!);
    for (let rest = r; rest < n; rest++) this.add(ids[rest]!, feedIds[rest]!, flags[rest]!, 1);
    this.unread += unread;
    this.saved += saved;
    this.hidden += hidden;
    // Rows from r on were added whole (tags included) by `add`.
    for (const id of this.tags.taggedIds()) {
      const row = rowOf(id);
      if (row >= 0 && row < r) this.tags.count(id, flags[row]!, 1);
    }
  }

  /** Unread live items per feed id (feeds with none are absent). O(feeds). */
  unreadByFeed(): Record<number, number> {
    const out: Record<number, number> = {};
    for (const [feed, n] of this.unreadPerFeed) if (n > 0) out[feed] = n;
    return out;
  }

  /** Forgets every count and tag. */
  clear(): void {
    this.tags.clear();
    this.unreadPerFeed.clear();
    this.unread = this.saved = this.hidden = 0;
  }
}
