/** Comparing feed addresses: the same feed is often written with http/https or a trailing slash. */
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { inputUrls } from '../formats/inputUrls';
import type { Feed } from '../types';
import { urlKey } from '../../shared/urlKey';

/**
 * A name for a feed that has no title: host (without `www.`) plus path and query, trailing
 * slash removed ('mastodon.social/@alice.rss'), so two untitled feeds of one host get distinct
 * names. A string that is not a URL is its own (trimmed) name.
 */
export function fallbackFeedTitle(url: string): string {
  try {
    const u = new URL(url.trim());
    const path = u.pathname.replace(/\/+$/, '');
    return `${u.host.replace(/^www\./i, '')}${path || (u.search ? '/' : '')}${u.search}`;
  } catch {
    return url.trim();
  }
}

/**
 * The first stored feed whose URL matches any of `urls` by `urlKey`, or undefined. Scans the
 * feed cache (feeds are few); `exceptId` ignores one feed (an edit of its own URL).
 */
export function findSubscribed(ctx: EngineContext, urls: string[], exceptId?: number): Feed | undefined {
  const keys = new Set(urls.filter(Boolean).map(urlKey));
  for (const feed of ctx.feedCache.values())
    if (feed.id !== exceptId && keys.has(urlKey(feed.url))) return feed;
  return undefined;
}

/**
 * Turns typed input into one absolute http(s) URL (`feed:` and a missing scheme → https).
 * Throws EngineError `bad_url` / `bad_scheme`.
 */
export function feedUrlOf(input: unknown): string {
  if (typeof input !== 'string') throw new EngineError('bad_url', 'A feed address is needed');
  // `mailto:x@y` would otherwise read as a host with credentials; `host:8080/x` is a port.
  const scheme = /^\s*([a-z][a-z\d+.-]*):(?!\d)/i.exec(input)?.[1]?.toLowerCase();
  if (scheme && !['http', 'https', 'feed'].includes(scheme))
    throw new EngineError('bad_scheme', `Only http and https addresses can be used, not ${scheme}:`);
  return inputUrls(input)[0]!;
}
