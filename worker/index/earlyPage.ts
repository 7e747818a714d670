/**
 * Pages of the "all" list answered before the in-memory index has loaded (cold start): the rows
 * come straight from the items store's `[pubDate+id]` index, newest first, and the total from
 * the counts summary written with the last snapshot. Same order, cursors and totals as
 * `pageItems` over the index, so a list may start on an early page and continue on index pages.
 */
import { PAGE_SIZE, decodeCursor, encodeCursor, toItemRow } from '../db/itemRow';
import { META_KEYS } from '../db/meta';
import type { Database } from '../db/database';
import { MAX_PAGE } from '../items/page';
import type { ItemRow, ItemsQuery, Page } from '../types';
import { FLAG_HIDDEN, FLAG_READ } from '../../shared/flags';
import { toCounter, type IndexSummary } from './snapshot';

/**
 * True when `q` can be answered without the index: the whole list (all feeds), read or unread
 * only, any cursor, no date bound (its total is not in the summary).
 */
export function canPageEarly(q: ItemsQuery): boolean {
  return q.scope === 'all' && q.since === undefined;
}

/**
 * One page for a query `canPageEarly` accepted, read in one transaction together with the change
 * counter. Resolves null when the counter is no longer the summary's (another tab wrote since),
 * because the total would then be wrong: the caller waits for the index instead.
 * Cost: one index walk of `limit`+1 rows (unread-only: until that many unread rows are met).
 * Fails: EngineError('bad_cursor'), or `Error fetching data: …`.
 */
export async function earlyPage(
  db: Database,
  summary: IndexSummary,
  q: ItemsQuery,
): Promise<Page<ItemRow> | null> {
  const limit = Math.min(Math.max(Math.floor(q.limit ?? PAGE_SIZE), 1), MAX_PAGE);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  const found = await db.tx('fetch', 'r', ['meta', 'items'], async () => {
    const counter = toCounter((await db.table('meta').get(META_KEYS.itemsCounter))?.value);
    if (counter !== summary.counter) return null;
    const items = db.table('items');
    // Keyset: strictly after the cursor in (pubDate desc, id desc) = strictly below it ascending.
    let rows = (
      cursor ? items.where('[pubDate+id]').below([cursor.pubDate, cursor.id]) : items.orderBy('[pubDate+id]')
    ).reverse();
    // Hidden items are in no list but the Hidden one (the summary's totals leave them out too).
    const skip = q.unreadOnly ? FLAG_HIDDEN | FLAG_READ : FLAG_HIDDEN;
    rows = rows.filter((item) => (item.flags & skip) === 0);
    return rows.limit(limit + 1).toArray();
  });
  if (!found) return null;
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(toItemRow),
    next: found.length > limit && last ? encodeCursor({ pubDate: last.pubDate, id: last.id }) : null,
    total: q.unreadOnly ? summary.unread : summary.items,
  };
}
