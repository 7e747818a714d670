import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../queries/keys';
import type { EngineEvent } from './contract';

/**
 * Which cached queries an engine event makes stale, as query-key prefixes. Pure and total: every
 * event type maps to at least one key. List pages are invalidated wholesale because an added or
 * re-read item shifts keyset pages and unread filters.
 */
export function invalidationsFor(e: EngineEvent): QueryKey[] {
  switch (e.type) {
    case 'items-added':
      return [queryKeys.counts, queryKeys.itemsAll];
    case 'items-changed':
      return [queryKeys.itemsAll, ...e.ids.map(queryKeys.item)];
    case 'items-removed':
      return [queryKeys.counts, queryKeys.itemsAll, queryKeys.itemAll];
    case 'read-changed':
      return [queryKeys.counts, queryKeys.itemsAll, ...e.ids.map(queryKeys.item)];
    case 'saved-changed':
      return [queryKeys.counts, queryKeys.itemsAll, ...e.ids.map(queryKeys.item)];
    case 'feeds-changed':
      return [queryKeys.feeds, queryKeys.counts];
    case 'groups-changed':
      return [queryKeys.groups, queryKeys.feeds, queryKeys.counts];
    case 'job':
      // Feeds report their own status and items their arrivals; a job's progress adds nothing
      // while it runs. When it ends, lists and icons catch up once (new feeds, new items).
      return e.job.state === 'running'
        ? []
        : [queryKeys.feeds, queryKeys.counts, queryKeys.itemsAll, ['icons']];
    default:
      // An event type this UI does not know (a newer engine in another tab): nothing to do.
      return [];
  }
}

/** Applies an event to a query cache (fire and forget: refetches run in the background). */
export function applyEngineEvent(client: QueryClient, e: EngineEvent): void {
  for (const queryKey of invalidationsFor(e)) {
    void client.invalidateQueries({ queryKey });
  }
}
