/**
 * How a feed is doing, in the words the feed list, the sidebar marker and the banner use.
 */
import type { Feed } from '../engine/contract';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';

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
 * The reason of the last failure as one line, in the language in effect: in English the
 * engine's message (as the engine wrote it), in Chinese the translation of its error code
 * (errorText), plus the HTTP status when the text does not already say it; a dead feed without
 * a message gets a sentence. '' when the feed is fine.
 */
export function problemReason(feed: StatusFields): string {
  if (feed.dead && !feed.error) return t('subscribe.problem.gone410');
  if (!feed.error) return '';
  const text = errorText({ code: feed.errorCode, message: feed.error });
  if (!feed.httpStatus || text.includes(String(feed.httpStatus))) return text;
  // A Chinese sentence takes the status inside its full stop, with full-width brackets.
  if (text.endsWith('。')) return `${text.slice(0, -1)}（HTTP ${feed.httpStatus}）。`;
  return `${text} (HTTP ${feed.httpStatus})`;
}
