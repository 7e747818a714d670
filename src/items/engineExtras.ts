/**
 * The engine calls of list screens that are not plain `items.page` calls: the priority walk to
 * the next feed with unread articles and one page of a saved filter. Typed through the contract.
 */
import type { ItemRow, Page } from '../engine/contract';
import { withEngine } from '../queries/engine';
import { PAGE_SIZE } from '../queries/items';
import type { SavedFilter } from '../settings/defaults';

/**
 * The next (direction 1) or previous (-1) feed with unread articles after `current` (null: from
 * the start of the walk), in the engine's priority order; null when no other feed has unread
 * articles. One engine call, no I/O in the engine. Rejects with the engine's error.
 */
export function nextUnreadFeed(current: number | null, direction: 1 | -1): Promise<number | null> {
  return withEngine((e) => e.feeds.nextUnread(current, direction));
}

/** Whether a saved filter runs as weighted keywords (no query text, some keywords). */
export function isKeywordFilter(filter: Pick<SavedFilter, 'query' | 'keywords'>): boolean {
  return !filter.query?.trim() && (filter.keywords?.length ?? 0) > 0;
}

/**
 * One page (50 rows, no bodies) of a saved filter after `cursor`: `query.run` for a query,
 * `query.keywords` (ranked) for a keyword filter. One engine call. Rejects with the engine's
 * error, e.g. 'query_syntax' for a query that no longer parses.
 */
export function runFilterPage(
  filter: Pick<SavedFilter, 'query' | 'keywords'>,
  cursor: string | null,
  unreadOnly: boolean,
): Promise<Page<ItemRow>> {
  const opts = { cursor, limit: PAGE_SIZE, unreadOnly };
  return withEngine((e) =>
    isKeywordFilter(filter) && filter.keywords
      ? e.query.keywords(filter.keywords, opts)
      : e.query.run(filter.query ?? '', opts),
  );
}
