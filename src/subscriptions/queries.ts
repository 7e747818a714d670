/**
 * Query options for the subscription screens. Engine events keep them fresh
 * (src/engine/events.ts): scores and item totals change with reads and new items, icons when a
 * job finishes.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Feed } from '../engine/contract';
import { queryKeys } from '../queries/keys';
import { feedIcons, feedScores, itemCountsByFeed } from './api';

/** Priority score by feed id. */
export const scoresQuery = () => queryOptions({ queryKey: queryKeys.feedScores, queryFn: feedScores });

/** Stored item totals by feed id (for the feed table). */
export const itemTotalsQuery = (feeds: readonly Feed[]) =>
  queryOptions({
    queryKey: queryKeys.feedItemTotals(feeds.map((f) => f.id).join(',')),
    queryFn: () => itemCountsByFeed(feeds),
  });

/** Icons (data URLs) for the given feeds. */
export const iconsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: queryKeys.icons(ids.join(',')),
    queryFn: () => feedIcons([...ids]),
  });
