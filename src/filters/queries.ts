import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ItemRow, Page } from '../engine/contract';
import { withEngine } from '../queries/engine';
import { queryKeys } from '../queries/keys';
import type { FilterKeyword } from './savedFilters';

/**
 * Whether `text` parses, and how many articles it matches: one engine call, no rows. Keeps the
 * previous answer on screen while the next one is computed so the count does not flicker.
 */
export const queryCheckQuery = (text: string) =>
  queryOptions({
    queryKey: queryKeys.filterCheck(text),
    queryFn: () => withEngine((e) => e.query.check(text)),
    placeholderData: keepPreviousData,
  });

/**
 * Total and unread per saved query filter, in one engine call. Filters with a syntax error get
 * an `error` entry instead of failing the whole call.
 */
export const filterCountsQuery = (filters: readonly { id: string; query: string }[]) =>
  queryOptions({
    queryKey: queryKeys.filterCounts(filters),
    queryFn: () => withEngine((e) => e.query.counts(filters.map((f) => ({ id: f.id, query: f.query })))),
    enabled: filters.length > 0,
    placeholderData: keepPreviousData,
  });

/**
 * Fetches one page of a query's results (for ItemsView); the page size is the engine's (50, or
 * the query's LIMIT). Rejects with `query_syntax` on bad text.
 */
export function queryPage(
  text: string,
  unreadOnly: boolean,
): (cursor: string | null) => Promise<Page<ItemRow>> {
  return (cursor) => withEngine((e) => e.query.run(text, { cursor, unreadOnly }));
}

/** Fetches one page of a keyword filter's results, ranked by weighted relevance. */
export function keywordsPage(
  keywords: readonly FilterKeyword[],
  unreadOnly: boolean,
): (cursor: string | null) => Promise<Page<ItemRow>> {
  const list = keywords.map((k) => ({ keyword: k.keyword, weight: k.weight }));
  return (cursor) => withEngine((e) => e.query.keywords(list, { cursor, unreadOnly }));
}

/**
 * The articles most similar to `itemId` (itself and its exact duplicates excluded) and its
 * likely duplicates in other feeds: one engine call, not paged.
 */
export const relatedQuery = (itemId: number) =>
  queryOptions({
    queryKey: queryKeys.related(itemId),
    queryFn: () => withEngine((e) => e.search.related(itemId, RELATED_LIMIT)),
  });

/** How many related articles to ask for. */
export const RELATED_LIMIT = 20;
