import { queryOptions } from '@tanstack/react-query';
import { withEngine } from './engine';
import { queryKeys } from './keys';

/** All groups (folders). */
export const groupsQuery = () =>
  queryOptions({ queryKey: queryKeys.groups, queryFn: () => withEngine((e) => e.groups.list()) });
