/**
 * Feed discovery for the Subscribe box: from whatever the person typed (feed URL, page URL,
 * bare domain) to a deduplicated list of feed candidates. DOM-free (htmlparser2).
 */
import { normalizeLanguage } from '../../shared/language';
import { Parser } from 'htmlparser2';
import { EngineError } from '../errors';
import { decodeBytes } from './decode';
import { fetchFeed, type FetchImpl, type FetchResult } from './fetcher';
import { resolveUrl } from '../../shared/url';
import { inputUrls } from './inputUrls';
import { loadReadFeed } from './lazyRead';
import { sitePatternCandidates, youtubeChannelFeed, type Candidate } from './sitePatterns';

export type { Candidate } from './sitePatterns';

/** Paths tried when a page advertises no feed. */
export const PROBE_PATHS = [
  '/feed',
  '/rss',
  '/feed.xml',
  '/rss.xml',
  '/atom.xml',
  '/index.xml',
  '/feed.json',
  '/feeds/posts/default',
  '/?feed=rss2',
];
const PROBE_CONCURRENCY = 4;

const LINK_TYPES: Record<string, Candidate['format']> = {
  'application/rss+xml': 'rss',
  'application/rdf+xml': 'rss',
  'application/atom+xml': 'atom',
  'application/feed+json': 'json',
  'application/json': 'json',
  'text/xml': 'unknown',
  'application/xml': 'unknown',
};

interface PageInfo {
  links: Candidate[];
  channelId: string;
}

/** Reads `<link rel=alternate>` feeds, `<base href>` and a YouTube channel id from HTML. */
export function readPageLinks(html: string, pageUrl: string): PageInfo {
  let base = pageUrl;
  const raw: Array<{ href: string; title: string; format: Candidate['format'] }> = [];
  let channelId = '';
  let language = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'html' && attrs.lang) language = normalizeLanguage(attrs.lang);
        if (name === 'base' && attrs.href) base = resolveUrl(attrs.href, pageUrl);
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        const type = (attrs.type ?? '').toLowerCase().split(';')[0]!.trim();
        if (name === 'link' && rel.includes('alternate') && attrs.href && type in LINK_TYPES) {
          raw.push({ href: attrs.href, title: (attrs.title ?? '').trim(), format: LINK_TYPES[type]! });
        }
        if (name === 'meta' && attrs.itemprop === 'channelId' && attrs.content) channelId = attrs.content;
        if (name === 'link' && rel.includes('canonical') && attrs.href) {
          const m = /youtube\.com\/channel\/(UC[\w-]{10,})/.exec(attrs.href);
          if (m?.[1]) channelId ||= m[1];
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  const links = raw
    // Comment feeds are almost never what someone subscribing to a site wants.
    .filter((l) => !/comments?\b/i.test(l.title) && !/\/comments\/feed\/?$|[?&]feed=comments/i.test(l.href))
    .map((l): Candidate => ({
      url: resolveUrl(l.href, base),
      title: l.title,
      format: l.format,
      source: 'link',
      ...(language && { language }),
    }));
  return { links, channelId };
}

function formatOfFeed(format: string): Candidate['format'] {
  return format === 'atom' ? 'atom' : format === 'json' ? 'json' : 'rss';
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|meta|title)[\s>]/i.test(
    text.slice(0, 2048),
  );
}

async function probe(origin: string, fetchImpl: FetchImpl, signal?: AbortSignal): Promise<Candidate[]> {
  const found: Array<Candidate | null> = new Array<Candidate | null>(PROBE_PATHS.length).fill(null);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < PROBE_PATHS.length) {
      const i = next++;
      const url = new URL(PROBE_PATHS[i]!, origin).href;
      try {
        const res = await fetchFeed(url, { fetchImpl, signal });
        if (res.status !== 200) continue;
        const readFeed = await loadReadFeed();
        const feed = readFeed(res.bytes, res.contentType, res.finalUrl);
        found[i] = {
          url: res.finalUrl,
          title: feed.title,
          format: formatOfFeed(feed.format),
          source: 'probe',
          ...(feed.language && { language: feed.language }),
        };
      } catch {
        // Not a feed at this path: keep probing.
      }
    }
  };
  await Promise.all(Array.from({ length: PROBE_CONCURRENCY }, worker));
  return found.filter((c): c is Candidate => c !== null);
}

function dedupe(candidates: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const key = c.url.replace(/\/$/, '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function fetchFirst(urls: string[], fetchImpl: FetchImpl, signal?: AbortSignal): Promise<FetchResult> {
  let lastError: unknown;
  for (const url of urls) {
    try {
      const res = await fetchFeed(url, { fetchImpl, signal });
      if (res.status < 400 || url === urls[urls.length - 1]) return res;
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError instanceof EngineError
    ? lastError
    : new EngineError('network', 'The address could not be reached');
}

/**
 * Finds feeds for `input` (feed URL, page URL or bare domain; https is tried before http).
 * Known sites (YouTube, GitHub, Reddit, Mastodon, Medium, Substack) are answered from the URL
 * without fetching. Otherwise fetches the address once: a feed is returned as itself; an HTML
 * page yields its `<link rel=alternate>` feeds (comment feeds dropped), or failing that, the
 * usual paths are probed (≤ 4 requests in flight) and those that parse are kept. Returns []
 * when nothing is found. Throws EngineError (`bad_url`, `bad_scheme`, the proxy's codes,
 * `http_status` when the page itself answered an error).
 */
export async function discover(
  input: string,
  fetchImpl?: FetchImpl,
  signal?: AbortSignal,
): Promise<Candidate[]> {
  const urls = inputUrls(input);
  const known = sitePatternCandidates(new URL(urls[0]!));
  if (known.length > 0) return known;

  const impl: FetchImpl = fetchImpl ?? ((i, init) => fetch(i, init));
  const res = await fetchFirst(urls, impl, signal);
  if (res.status >= 400)
    throw new EngineError('http_status', `The address answered HTTP ${res.status}`, {
      httpStatus: res.status,
    });
  const { text } = decodeBytes(res.bytes, res.contentType);
  // Why the address's own XML or JSON document is no feed: the answer when no other feed is found
  // ("this JSON document is not a JSON Feed …" says more than "no feed found" does).
  let unreadable: string | null = null;
  if (!looksLikeHtml(text)) {
    const readFeed = await loadReadFeed();
    try {
      const feed = readFeed(res.bytes, res.contentType, res.finalUrl);
      const language = feed.language ? { language: feed.language } : {};
      return [
        {
          url: res.finalUrl,
          title: feed.title,
          format: formatOfFeed(feed.format),
          source: 'direct',
          ...language,
        },
      ];
    } catch (err) {
      // Neither HTML nor a feed we can read: fall through to probing.
      if (err instanceof EngineError && err.code === 'not_a_feed' && /^\s*[<{[]/.test(text))
        unreadable = err.message.charAt(0).toLowerCase() + err.message.slice(1);
    }
  }
  const page = readPageLinks(text, res.finalUrl);
  const fromPage = [...page.links, ...(page.channelId ? [youtubeChannelFeed(page.channelId)] : [])];
  const fromPatterns = sitePatternCandidates(new URL(res.finalUrl));
  if (fromPage.length + fromPatterns.length > 0) return dedupe([...fromPage, ...fromPatterns]);
  const probed = dedupe(await probe(new URL(res.finalUrl).origin, impl, signal));
  if (probed.length === 0 && unreadable !== null)
    throw new EngineError(
      'no_feed',
      `No feed found at ${res.finalUrl}: ${unreadable}, and there is none at ${PROBE_PATHS.length} common paths`,
    );
  return probed;
}
