import { queryOptions } from '@tanstack/react-query';
import { withEngine } from './engine';
import { queryKeys } from './keys';

/**
 * Whether any article is hidden by a rule (the sidebar lists Hidden only then; the Hidden view
 * offers "show all again" only then). Hiding and showing invalidate the `items` prefix it is under.
 */
export const anyHiddenQuery = () =>
  queryOptions({
    queryKey: queryKeys.hiddenAny,
    queryFn: () =>
      withEngine((e) => e.items.page({ scope: 'hidden', limit: 1 })).then((p) => p.rows.length > 0),
  });
