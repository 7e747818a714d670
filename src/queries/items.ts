import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ItemsScope } from '../engine/contract';
import { withEngine } from './engine';
import { queryKeys } from './keys';

/** Rows per page; the engine's keyset pages are 50 rows. */
export const PAGE_SIZE = 50;

export interface ItemsListParams {
  scope: ItemsScope;
  /** Feed or group id for the `feed` and `group` scopes. */
  id?: number;
  unreadOnly?: boolean;
}

/**
 * An infinite list of item rows (never bodies), paged by the engine's opaque keyset cursor.
 * `hasNextPage` turns false when the engine answers `next: null`.
 */
export const itemsInfiniteQuery = ({ scope, id, unreadOnly = false }: ItemsListParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.items(scope, id ?? null, unreadOnly),
    queryFn: ({ pageParam }) =>
      withEngine((e) =>
        e.items.page({ scope, id, unreadOnly, cursor: pageParam ?? undefined, limit: PAGE_SIZE }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** One full item (with its body), for the reader. */
/** One article with its body; null when there is no such article (a query's data cannot be undefined). */
export const itemQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.item(id),
    queryFn: async () => (await withEngine((e) => e.items.get(id))) ?? null,
  });

/**
 * Number of items in a list, read or not (for a header that also says how many are unread while
 * read ones are hidden). One engine call returning a single row; shares the `items` prefix.
 */
export const scopeTotalQuery = (scope: ItemsScope, id?: number) =>
  queryOptions({
    queryKey: queryKeys.scopeTotal(scope, id ?? null),
    queryFn: () => withEngine((e) => e.items.page({ scope, id, unreadOnly: false, limit: 1 })),
    select: (page) => page.total,
  });

/**
 * Number of unread items in a list, for scopes the global counts do not cover (today, saved).
 * Costs one engine call returning a single row; shares the `items` prefix so events refresh it.
 */
export const unreadTotalQuery = (scope: ItemsScope, id?: number) =>
  queryOptions({
    queryKey: queryKeys.unreadTotal(scope, id ?? null),
    queryFn: () => withEngine((e) => e.items.page({ scope, id, unreadOnly: true, limit: 1 })),
    select: (page) => page.total,
  });
