import { queryOptions } from '@tanstack/react-query';
import { withEngine } from './engine';
import { queryKeys } from './keys';

/** Global counts and unread-by-feed; invalidated by item, read, saved and feed events. */
export const countsQuery = () =>
  queryOptions({ queryKey: queryKeys.counts, queryFn: () => withEngine((e) => e.counts()) });
