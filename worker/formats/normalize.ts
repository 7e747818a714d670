/**
 * feedsmith's per-format structures → one NormalizedFeed: dispatches on the format detect.ts
 * found to that format's normaliser (normalize/rss.ts, atom.ts, rdf.ts, jsonFeed.ts; helpers
 * they share in normalize/shared.ts). Rules shared by every format:
 * - URLs (links, enclosures, images, and href/src/srcset/poster inside HTML) are resolved
 *   against xml:base (item, then feed), then the feed URL;
 * - titles and authors are plain text; descriptions stay HTML (full content preferred over
 *   summary; plain-text content is escaped so it is safe to treat as HTML);
 * - dates become Unix seconds or null;
 * - languages are BCP 47 tags (shared/language.ts): the feed's, and an item's only where it
 *   differs from its feed's (a feed that declares none but whose items all declare one takes it).
 */
import type { NormalizedFeed } from '../types';
import { normalizeAtom } from './normalize/atom';
import { normalizeJson } from './normalize/jsonFeed';
import { normalizeRdf } from './normalize/rdf';
import { normalizeRss } from './normalize/rss';
import type { ParsedFeed } from './parse';

/**
 * Normalises a parsed feed. `feedUrl` is the address it was fetched from (final URL after
 * redirects), the last resort for resolving relative URLs; '' leaves relative URLs as found.
 * Linear in the feed size; never throws on odd field types (they read as empty).
 */
export function normalizeFeed(parsed: ParsedFeed, feedUrl: string): NormalizedFeed {
  switch (parsed.format) {
    case 'rss':
      return hoistLanguage(normalizeRss(parsed.feed, parsed.version, feedUrl));
    case 'rdf':
      return hoistLanguage(normalizeRdf(parsed.feed, parsed.version, feedUrl));
    case 'atom':
      return hoistLanguage(normalizeAtom(parsed.feed, parsed.version, feedUrl));
    case 'json':
      return hoistLanguage(normalizeJson(parsed.feed, parsed.version, feedUrl));
  }
}

/**
 * A feed that declares no language but whose items all declare the same one (an Atom feed with
 * `xml:lang` on every entry's content only) takes it as its own, so no article record carries
 * it. One pass over the items, only for feeds without a language.
 */
function hoistLanguage(feed: NormalizedFeed): NormalizedFeed {
  if (feed.language || feed.items.length === 0) return feed;
  const language = feed.items[0]!.language;
  if (!language || feed.items.some((i) => i.language !== language)) return feed;
  for (const i of feed.items) delete i.language;
  feed.language = language;
  return feed;
}
