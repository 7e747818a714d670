/** The `icons` domain: site favicons through the companion server, cached in `meta`. */
import { fetchFeed } from '../formats/fetcher';
import type { FeedServices } from '../subscriptions/services';
import type { Feed } from '../types';
import { FAILURE_RETRY, iconKey, isIconRecord, SUCCESS_TTL, type IconRecord } from './iconCache';

/** The `icons` domain of the engine API. */
export interface IconsApi {
  /**
   * The feed's site icon as a data: URL, or null (unknown feed, no icon). Cached per feed in
   * the `meta` store: a hit costs one get; a miss fetches the home page and up to three icon
   * URLs through the companion server (never a third-party icon service), each capped at
   * 100 KB. A failure is remembered for a day so a missing icon is not refetched on every
   * render. Never rejects for network or site problems (they mean null).
   */
  get(feedId: number): Promise<string | null>;
  /** `get` for many feeds (4 lookups at once); answers every id asked. */
  getMany(feedIds: number[]): Promise<Record<number, string | null>>;
}

const MAX_CANDIDATES = 3;
const CONCURRENCY = 4;

// The site whose icon represents the feed: its home page, else the feed's own origin.
function siteOf(feed: Feed): string {
  for (const url of [feed.siteUrl, feed.url]) {
    try {
      const u = new URL(url);
      if (u.protocol === 'http:' || u.protocol === 'https:') return url === feed.url ? u.origin : u.href;
    } catch {
      // try the next
    }
  }
  return '';
}

async function lookup(s: FeedServices, site: string): Promise<string | null> {
  // The page reading (HTML parser, charset detector) loads on the first lookup, not at the
  // engine's start: a cached icon never needs it.
  const [{ decodeBytes }, { iconLinks, imageType, MAX_ICON_BYTES, toDataUrl }] = await Promise.all([
    import('../formats/decode'),
    import('./findIcon'),
  ]);
  const candidates: string[] = [];
  try {
    const page = await fetchFeed(site, { fetchImpl: s.proxy });
    if (page.status === 200) {
      const { text } = decodeBytes(page.bytes, page.contentType);
      candidates.push(...iconLinks(text, page.finalUrl));
    }
  } catch {
    // No page: the conventional path may still answer.
  }
  candidates.push(new URL('/favicon.ico', site).href);
  for (const url of [...new Set(candidates)].slice(0, MAX_CANDIDATES)) {
    try {
      const res = await fetchFeed(url, { fetchImpl: s.proxy });
      if (res.status !== 200 || res.bytes.length === 0 || res.bytes.length > MAX_ICON_BYTES) continue;
      const type = imageType(res.bytes, res.contentType);
      if (type) return toDataUrl(res.bytes, type);
    } catch {
      // Try the next candidate.
    }
  }
  return null;
}

/** Builds the icons domain. Concurrent requests for one feed share one lookup. */
export function createIconsApi(s: FeedServices): IconsApi {
  const pending = new Map<number, Promise<string | null>>();

  const resolveIcon = async (feedId: number): Promise<string | null> => {
    const feed = s.ctx.feedCache.get(feedId);
    if (!feed) return null;
    const site = siteOf(feed);
    if (!site) return null;
    const now = s.ctx.now();
    const stored = await s.ctx.stores.meta.get(iconKey(feedId));
    const cached = isIconRecord(stored) && stored.site === site ? stored : null;
    if (cached && cached.retryAfter > now) return cached.dataUrl;
    const dataUrl = await lookup(s, site);
    const record: IconRecord = {
      // A refresh that fails keeps the icon found before.
      dataUrl: dataUrl ?? cached?.dataUrl ?? null,
      site,
      fetchedAt: now,
      retryAfter: now + (dataUrl ? SUCCESS_TTL : FAILURE_RETRY),
    };
    // The feed may have been unsubscribed while we fetched: do not leave an orphan record.
    if (s.ctx.feedCache.has(feedId)) await s.ctx.stores.meta.set(iconKey(feedId), record);
    return record.dataUrl;
  };

  const get = (feedId: number): Promise<string | null> => {
    let p = pending.get(feedId);
    if (!p) {
      p = resolveIcon(feedId).finally(() => pending.delete(feedId));
      pending.set(feedId, p);
    }
    return p;
  };

  return {
    get,
    async getMany(feedIds) {
      const list = Array.isArray(feedIds) ? [...new Set(feedIds)] : [];
      const out: Record<number, string | null> = {};
      let next = 0;
      const worker = async () => {
        while (next < list.length) {
          const id = list[next++]!;
          out[id] = await get(id).catch(() => null);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, list.length) }, worker));
      return out;
    },
  };
}
