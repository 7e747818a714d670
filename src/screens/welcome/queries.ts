/**
 * Welcome's engine reads. Keys sit under `counts`, which item, read, saved and feed events
 * already invalidate, so the dashboard follows changes without timers.
 */
import { queryOptions } from '@tanstack/react-query';
import { withEngine } from '../../queries/engine';

/** Articles per local day (read / unread), oldest first, today last. */
export const dailyQuery = (days = 30) =>
  queryOptions({
    queryKey: ['counts', 'daily', days] as const,
    queryFn: () => withEngine((e) => e.stats.daily(days)),
  });

/** The row of the last opened article (when it still exists) and where to continue reading. */
export const continueQuery = (lastOpened: number | null) =>
  queryOptions({
    queryKey: ['counts', 'continue', lastOpened] as const,
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
