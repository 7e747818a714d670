import type { ItemRow, Page } from '../../engine/contract';
import { keywordsPage, queryPage } from '../../filters/queries';
import type { FilterKeyword } from '../../filters/savedFilters';
import { queryKeys } from '../../queries/keys';

/** What the /filter page lists under the editor. */
export type Ran =
  { kind: 'none' } | { kind: 'query'; text: string } | { kind: 'keywords'; keywords: FilterKeyword[] };

/** The list's cache key and page fetcher for what was run (nothing run: an empty list). */
export function resultsSource(ran: Ran, unreadOnly: boolean) {
  if (ran.kind === 'query') {
    return {
      listKey: queryKeys.itemViews.filterQuery(ran.text, unreadOnly),
      fetchPage: queryPage(ran.text, unreadOnly),
    };
  }
  if (ran.kind === 'keywords') {
    return {
      listKey: queryKeys.itemViews.filterKeywords(ran.keywords, unreadOnly),
      fetchPage: keywordsPage(ran.keywords, unreadOnly),
    };
  }
  const empty: Page<ItemRow> = { rows: [], next: null, total: 0 };
  return { listKey: queryKeys.itemViews.filterNone, fetchPage: () => Promise.resolve(empty) };
}
