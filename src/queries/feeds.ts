import { queryOptions } from '@tanstack/react-query';
import { withEngine } from './engine';
import { queryKeys } from './keys';

/** All subscriptions with their fetch status. */
export const feedsQuery = () =>
  queryOptions({ queryKey: queryKeys.feeds, queryFn: () => withEngine((e) => e.feeds.list()) });
