/**
 * Query keys of filters and search. They deliberately sit under the app's existing prefixes so
 * src/engine/events.ts refreshes them without knowing about filters: anything listing items
 * lives under `['items', …]` (refreshed on item, read and saved changes) and the sidebar's
 * filter counts under `['counts', …]` (refreshed on the same events plus feed/group changes).
 * keys.test.ts checks those event mappings so a change there cannot silently stale these.
 */
import type { FilterKeyword } from './savedFilters';

export const filterKeys = {
  /** Live validity and total of the text in the editor. */
  check: (text: string) => ['items', 'filter-check', text] as const,
  /** Pages of a query's results. */
  run: (text: string) => ['items', 'filter-run', text] as const,
  /** Pages of a keyword filter's ranked results. */
  keywords: (keywords: readonly FilterKeyword[]) => ['items', 'filter-keywords', keywords] as const,
  /** Related articles and likely duplicates of one article. */
  related: (itemId: number) => ['items', 'related', itemId] as const,
  /** Pages of full-text search results. */
  search: (text: string) => ['items', 'search', text] as const,
  /** Instant suggestions in the search palette. */
  suggest: (text: string) => ['items', 'search-suggest', text] as const,
  /** Total/unread of every saved query filter, for the sidebar. */
  counts: (filters: readonly { id: string; query: string }[]) => ['counts', 'filters', filters] as const,
};
