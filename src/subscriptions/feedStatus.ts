/**
 * How a feed is doing, in the words the feed list, the sidebar marker and the banner use.
 */
import type { Feed } from '../engine/contract';
import { t } from '../i18n';

export type FeedHealth = 'ok' | 'failing' | 'dead' | 'new';

type StatusFields = Pick<Feed, 'error' | 'errorCode' | 'httpStatus' | 'dead' | 'lastFetched' | 'lastSuccess'>;

/** 'dead' (410 Gone), 'failing' (the last fetch failed), 'new' (never fetched) or 'ok'. */
export function feedHealth(feed: StatusFields): FeedHealth {
  if (feed.dead) return 'dead';
  if (feed.error) return 'failing';
  if (!feed.lastFetched) return 'new';
  return 'ok';
}

/**
 * The reason of the last failure as one line: the engine's message (as the engine wrote it),
 * plus the HTTP status when the message does not already say it; a dead feed without a message
 * gets a sentence in the language in effect. '' when the feed is fine.
 */
export function problemReason(feed: StatusFields): string {
  if (feed.dead && !feed.error) return t('subscribe.problem.gone410');
  if (!feed.error) return '';
  const status =
    feed.httpStatus && !feed.error.includes(String(feed.httpStatus)) ? ` (HTTP ${feed.httpStatus})` : '';
  return `${feed.error}${status}`;
}
