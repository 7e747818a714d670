import type { ItemRow, Page } from '../../engine/contract';
import { keywordsPage, queryPage } from '../../filters/queries';
import type { FilterKeyword } from '../../filters/savedFilters';

/** What the /filter page lists under the editor. */
export type Ran =
  { kind: 'none' } | { kind: 'query'; text: string } | { kind: 'keywords'; keywords: FilterKeyword[] };

/** The list's cache key and page fetcher for what was run (nothing run: an empty list). */
export function resultsSource(ran: Ran, unreadOnly: boolean) {
  if (ran.kind === 'query') {
    return {
      listKey: ['filter-screen', 'query', ran.text, unreadOnly],
      fetchPage: queryPage(ran.text, unreadOnly),
    };
  }
  if (ran.kind === 'keywords') {
    return {
      listKey: ['filter-screen', 'keywords', ran.keywords, unreadOnly],
      fetchPage: keywordsPage(ran.keywords, unreadOnly),
    };
  }
  const empty: Page<ItemRow> = { rows: [], next: null, total: 0 };
  return { listKey: ['filter-screen', 'none'], fetchPage: () => Promise.resolve(empty) };
}
