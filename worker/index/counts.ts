/**
 * The index's running counts: unread per feed, unread, saved and hidden totals, and the tags
 * with their live counts (`TagColumns`). A hidden item counts only as hidden: it is in no unread,
 * saved or tag count. The index adds (+1) and removes (-1) each live row as it changes.
 */
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { TagColumns } from './tagColumns';

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
