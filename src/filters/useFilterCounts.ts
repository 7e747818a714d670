import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { QueryError } from '../../worker/types';
import { filterCountsQuery } from './queries';
import { isKeywordFilter, type SavedFilter } from './savedFilters';

/** Total/unread of one saved filter; `error` when its query no longer parses (word it with errorText). */
export interface FilterCount {
  total: number;
  unread: number;
  error?: QueryError;
}

/**
 * Counts of the saved query filters (keyword filters have none: they rank, not select), from one
 * `query.counts` call refreshed by engine events. Empty until the first answer arrives.
 */
export function useFilterCounts(filters: readonly SavedFilter[]): Record<string, FilterCount> {
  const specs = useMemo(
    () => filters.filter((f) => !isKeywordFilter(f)).map((f) => ({ id: f.id, query: f.query })),
    [filters],
  );
  const q = useQuery(filterCountsQuery(specs));
  return q.data ?? {};
}
