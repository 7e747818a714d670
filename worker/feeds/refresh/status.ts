/** The fetch-status part of a feed, separated from its identity fields. */
import { NEVER_FETCHED } from '../feeds';
import type { FeedStatus } from '../../types';

export { NEVER_FETCHED };

/** Only the FeedStatus fields of `feed` (so a patch built from it never touches title or url). */
export function statusOf(feed: FeedStatus): FeedStatus {
  const out = { ...NEVER_FETCHED };
  for (const key of Object.keys(NEVER_FETCHED) as (keyof FeedStatus)[])
    (out as Record<string, unknown>)[key] = feed[key];
  return out;
}

/**
 * Whether a feed should be fetched by an automatic refresh at `now`: never when dead; after a
 * failure, once its backoff / Retry-After (`nextFetchAfter`) has passed; otherwise once
 * `interval` seconds have passed since the last fetch (so a shorter configured interval takes
 * effect at once). O(1).
 */
export function isFeedDue(feed: FeedStatus, now: number, interval: number): boolean {
  if (feed.dead) return false;
  if (feed.failures > 0) return feed.nextFetchAfter <= now;
  return feed.lastFetched + interval <= now;
}

/** Whether a feed is waiting out a failure backoff or a server's Retry-After at `now`. */
export function inBackoff(feed: FeedStatus, now: number): boolean {
  return feed.failures > 0 && feed.nextFetchAfter > now;
}
