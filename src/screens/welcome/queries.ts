/**
 * Welcome's engine reads. Item, read, saved and feed events invalidate their keys
 * (src/engine/events.ts), so the dashboard follows changes without timers.
 */
import { queryOptions } from '@tanstack/react-query';
import { withEngine } from '../../queries/engine';
import { queryKeys } from '../../queries/keys';

/** Articles per local day (read / unread), oldest first, today last. */
export const dailyQuery = (days = 30) =>
  queryOptions({
    queryKey: queryKeys.daily(days),
    queryFn: () => withEngine((e) => e.stats.daily(days)),
  });

/** The row of the last opened article (when it still exists) and where to continue reading. */
export const continueQuery = (lastOpened: number | null) =>
  queryOptions({
    queryKey: queryKeys.continueReading(lastOpened),
    queryFn: () =>
      withEngine(async (e) => {
        const [last] = lastOpened === null ? [] : await e.items.byIds([lastOpened]);
        // Continue in the feed last read when it has unread articles, else the newest unread.
        const inFeed = last
          ? (await e.items.page({ scope: 'feed', id: last.feedId, unreadOnly: true, limit: 1 })).rows[0]
          : undefined;
        const next = inFeed ?? (await e.items.page({ scope: 'all', unreadOnly: true, limit: 1 })).rows[0];
        return { last: last ?? null, next: next ?? null };
      }),
  });
