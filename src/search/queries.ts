import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ItemRow, Page } from '../engine/contract';
import { queryKeys } from '../queries/keys';
import { withEngine } from '../queries/engine';

/** Suggestions shown in the palette. */
export const SUGGEST_LIMIT = 8;

/**
 * Instant suggestions for `text` (the last word matches as a prefix). Each text has its own cache
 * entry, so a slow answer for older text can never replace the answer for newer text; the
 * previous list stays on screen until the new one arrives.
 */
export const suggestQuery = (text: string) =>
  queryOptions({
    queryKey: queryKeys.searchSuggest(text),
    queryFn: () => withEngine((e) => e.search.suggest(text, SUGGEST_LIMIT)),
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
  });

/** One page of full-text results for `text`, ranked (for ItemsView on /search). */
export function searchPage(text: string): (cursor: string | null) => Promise<Page<ItemRow>> {
  return (cursor) => withEngine((e) => e.search.run(text, { cursor }));
}
