/** Fetching a feed to show it before subscribing (and to subscribe without a second fetch). */
import { EngineError } from '../errors';
import { fetchFeed } from '../formats/fetcher';
import { hashBytes } from '../../shared/hash';
import { loadReadFeed } from '../formats/lazyRead';
import { displayTitle } from '../items/derivedTitle';
import { extractRowFields } from '../items/snippet';
import type { FeedPreview } from '../types';
import type { LoadedFeed } from './previewCache';
import type { FeedServices } from './services';
import { fallbackFeedTitle, feedUrlOf, findSubscribed } from './urlKey';
import { urlKey } from '../../shared/urlKey';

/** Items shown in a preview. */
export const PREVIEW_ITEMS = 5;

/**
 * Fetches and parses the feed at `url` through the proxy, or returns the cached result of a
 * fetch in the last 5 minutes. One request when not cached; holds the parsed feed in memory.
 * Throws EngineError: `bad_url`/`bad_scheme`, the proxy's codes (`timeout`, `too_large`, …),
 * `http_status` (with details.httpStatus) for a non-2xx answer, `parse_error`/`not_a_feed`.
 */
export async function loadFeed(s: FeedServices, input: string, signal?: AbortSignal): Promise<LoadedFeed> {
  const url = feedUrlOf(input);
  const cached = s.previews.get(url);
  if (cached) return cached;
  const response = await fetchFeed(url, { fetchImpl: s.proxy, signal });
  if (response.status < 200 || response.status >= 300)
    throw new EngineError('http_status', `${url} answered HTTP ${response.status}`, {
      httpStatus: response.status,
    });
  const finalUrl = response.finalUrl || url;
  const readFeed = await loadReadFeed();
  const parsed = readFeed(response.bytes, response.contentType, finalUrl);
  const loaded: LoadedFeed = {
    url: response.permanentRedirect ? finalUrl : url,
    finalUrl,
    response: { ...response, bytes: new Uint8Array(0) },
    bodyHash: hashBytes(response.bytes),
    parsed,
  };
  s.previews.set([url, finalUrl], loaded);
  return loaded;
}

/** A subscribed feed whose site (home page) is `link`, compared as feed addresses are. O(feeds). */
function sameSite(s: FeedServices, link: string) {
  if (!link) return undefined;
  const key = urlKey(link);
  for (const feed of s.ctx.feedCache.values()) if (feed.siteUrl && urlKey(feed.siteUrl) === key) return feed;
  return undefined;
}

/**
 * Builds the preview shape from a loaded feed: newest items first, undated ones last, with the
 * languages the feed and its items declare (so their titles are shown in them). Flags a
 * subscription it duplicates (same address after normalisation or redirects, or the feed's own
 * self link) and, failing that, a subscribed feed of the same site.
 */
export function toPreview(s: FeedServices, input: string, loaded: LoadedFeed): FeedPreview {
  const { parsed } = loaded;
  const newest = [...parsed.items]
    .sort((a, b) => (b.pubDate ?? Number.MIN_SAFE_INTEGER) - (a.pubDate ?? Number.MIN_SAFE_INTEGER))
    .slice(0, PREVIEW_ITEMS)
    .map((item) => {
      const shown = item.title
        ? null
        : displayTitle('', extractRowFields(item.description, item.link).snippet, item.enclosure?.url);
      return {
        title: shown ? shown.title : item.title,
        link: item.link,
        pubDate: item.pubDate,
        ...(shown?.derived ? { titleDerived: true } : {}),
        ...(item.language ? { language: item.language } : {}),
      };
    });
  const byAddress = findSubscribed(s.ctx, [feedUrlOf(input), loaded.url, loaded.finalUrl]);
  // A mirror or an old address of a feed already followed: the feed names its own address.
  const bySelf = byAddress ?? (parsed.selfUrl ? findSubscribed(s.ctx, [parsed.selfUrl]) : undefined);
  const existing = byAddress ?? bySelf;
  return {
    url: loaded.url,
    title: parsed.title || fallbackFeedTitle(loaded.url),
    siteUrl: parsed.link,
    format: parsed.format,
    version: parsed.version,
    itemCount: parsed.items.length,
    language: parsed.language ?? '',
    items: newest,
    subscribedFeedId: existing?.id ?? null,
    ...(existing ? { subscribedBy: byAddress ? 'address' : 'self' } : {}),
    sameSiteFeedId: existing ? null : (sameSite(s, parsed.link)?.id ?? null),
  };
}
