/**
 * Query options for the subscription screens. Keys sit under prefixes the engine-event mapping
 * already invalidates: scores and item totals change with reads and new items (`counts`),
 * icons under their own `icons` key, refreshed when a job finishes.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Feed } from '../engine/contract';
import { feedIcons, feedScores, itemCountsByFeed } from './api';

/** Priority score by feed id. */
export const scoresQuery = () =>
  queryOptions({ queryKey: ['counts', 'scores'] as const, queryFn: feedScores });

/** Stored item totals by feed id (for the feed table). */
export const itemTotalsQuery = (feeds: readonly Feed[]) =>
  queryOptions({
    queryKey: ['counts', 'item-totals', feeds.map((f) => f.id).join(',')] as const,
    queryFn: () => itemCountsByFeed(feeds),
  });

/** Icons (data URLs) for the given feeds. */
export const iconsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['icons', ids.join(',')] as const,
    queryFn: () => feedIcons([...ids]),
  });
