/**
 * feedsmith's per-format structures → one NormalizedFeed. Rules shared by every format:
 * - URLs (links, enclosures, images, and href/src/srcset/poster inside HTML) are resolved
 *   against xml:base (item, then feed), then the feed URL;
 * - titles and authors are plain text; descriptions stay HTML (full content preferred over
 *   summary; plain-text content is escaped so it is safe to treat as HTML);
 * - dates become Unix seconds or null.
 */
import type { AtomFeed, JsonFeed, MediaNs, RdfFeed, RssFeed } from 'feedsmith';
import type { Enclosure, IncomingItem, NormalizedFeed } from '../types';
import { chaptersUrl, pscChapters } from './chapters';
import { parseDate } from './dates';
import { htmlToText, resolveUrl } from './html';
import { resolveHtmlUrls } from './htmlUrls';
import type { ParsedFeed } from './parse';

type Rss = RssFeed.Feed<string>;
type RssItem = RssFeed.Item<string>;
type Atom = AtomFeed.Feed<string>;
type AtomEntry = AtomFeed.Entry<string>;
type Rdf = RdfFeed.Feed<string>;
type Json = JsonFeed.Feed<string>;

/** Escapes plain text so it can be stored where HTML is expected. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const first = <T>(list: readonly T[] | undefined): T | undefined => list?.[0];
const str = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
/**
 * The first non-empty value, as trimmed text. Called several times per item, so fixed
 * parameters rather than a rest array (callers pass at most six).
 */
function pick(a: unknown, b?: unknown, c?: unknown, d?: unknown, e?: unknown, f?: unknown): string {
  let s: string;
  if ((s = str(a)) !== '') return s;
  if ((s = str(b)) !== '') return s;
  if ((s = str(c)) !== '') return s;
  if ((s = str(d)) !== '') return s;
  if ((s = str(e)) !== '') return s;
  return str(f);
}

function rssPerson(p: RssFeed.Person | undefined): string {
  return htmlToText(pick(p?.name, p?.email));
}

function mediaEnclosure(
  media: MediaNs.ItemOrFeed | undefined,
): { url: string; type: string; length: number; duration: number; image: string } | null {
  const content = first(media?.contents) ?? first(first(media?.groups)?.contents);
  const image = pick(
    first(media?.thumbnails)?.url,
    first(first(media?.groups)?.thumbnails)?.url,
    first(content?.thumbnails)?.url,
  );
  if (!content?.url) return null;
  return {
    url: content.url,
    type: pick(content.type, content.medium),
    length: content.fileSize ?? 0,
    duration: content.duration ?? 0,
    image,
  };
}

function mediaDescription(media: MediaNs.ItemOrFeed | undefined): string {
  const d = media?.description ?? first(media?.groups)?.description;
  return d?.value ? escapeHtml(d.value).replace(/\n/g, '<br>') : '';
}

function makeEnclosure(
  raw: Partial<Enclosure> & { url?: string },
  base: string,
  fallbackImage: string,
): Enclosure | null {
  const url = resolveUrl(raw.url, base);
  if (!url) return null;
  const length = Number(raw.length);
  return {
    url,
    type: str(raw.type),
    length: Number.isFinite(length) && length > 0 ? Math.floor(length) : 0,
    duration: raw.duration && raw.duration > 0 ? Math.round(raw.duration) : 0,
    image: resolveUrl(raw.image || fallbackImage, base),
  };
}

/** Adds chapters (inline or linked) to an enclosure; only set when the feed gives them. */
function withChapters(
  enc: Enclosure | null,
  psc: Parameters<typeof pscChapters>[0],
  link: Parameters<typeof chaptersUrl>[0],
  base: string,
): Enclosure | null {
  if (!enc) return null;
  const chapters = pscChapters(psc, base);
  const url = chaptersUrl(link, base);
  if (chapters) enc.chapters = chapters;
  if (url) enc.chaptersUrl = url;
  return enc;
}

function isEmpty(item: IncomingItem): boolean {
  return !item.guid && !item.link && !item.title && !item.description && !item.enclosure;
}

function rssItem(item: RssItem, feedBase: string, feedImage: string): IncomingItem {
  const base = resolveUrl(item.xml?.base, feedBase) || feedBase;
  const guid = str(item.guid?.value);
  const permalink = item.guid?.isPermaLink !== false && /^https?:\/\//i.test(guid) ? guid : '';
  const atomLink = item.atom?.links?.find((l) => !l.rel || l.rel === 'alternate')?.href;
  const enc = item.enclosures?.find((e) => /^(audio|video)\//i.test(e.type ?? '')) ?? first(item.enclosures);
  const media = mediaEnclosure(item.media);
  const image = pick(item.itunes?.image, media?.image, feedImage);
  const rawEnclosure = enc ? { url: enc.url, type: enc.type, length: enc.length } : media;
  const description =
    pick(item.content?.encoded, item.description, item.itunes?.summary) || mediaDescription(item.media);
  return {
    guid,
    title: htmlToText(pick(item.title, first(item.dc?.titles), item.itunes?.title, item.media?.title?.value)),
    author: rssPerson(first(item.authors)) || htmlToText(pick(first(item.dc?.creators), item.itunes?.author)),
    description: resolveHtmlUrls(description, base),
    pubDate: parseDate(
      pick(
        item.pubDate,
        first(item.dc?.dates),
        item.atom?.published,
        item.atom?.updated,
        first(item.dcterms?.modified),
      ),
    ),
    link: resolveUrl(pick(item.link, atomLink, permalink), base),
    enclosure: rawEnclosure
      ? withChapters(
          makeEnclosure(
            { ...rawEnclosure, duration: item.itunes?.duration ?? media?.duration, image },
            base,
            '',
          ),
          item.psc?.chapters,
          item.podcast?.chapters,
          base,
        )
      : null,
  };
}

function normalizeRss(feed: Rss, version: string, feedUrl: string): NormalizedFeed {
  const base = resolveUrl(feed.xml?.base, feedUrl) || feedUrl;
  const image = resolveUrl(pick(feed.image?.url, feed.itunes?.image), base);
  const feedAuthor =
    rssPerson(feed.managingEditor) || htmlToText(pick(first(feed.dc?.creators), feed.itunes?.author));
  const items = (feed.items ?? []).map((i) => rssItem(i, base, image)).filter((i) => !isEmpty(i));
  for (const i of items) i.author ||= feedAuthor;
  const selfLink = feed.atom?.links?.find((l) => l.rel === 'alternate')?.href;
  return {
    format: 'rss',
    version,
    title: htmlToText(pick(feed.title, first(feed.dc?.titles), feed.itunes?.title)),
    link: resolveUrl(pick(feed.link, selfLink), base),
    description: htmlToText(pick(feed.description, first(feed.dc?.descriptions), feed.itunes?.summary)),
    image,
    selfUrl: resolveUrl(feed.atom?.links?.find((l) => l.rel === 'self')?.href, base),
    items,
  };
}

function normalizeRdf(feed: Rdf, version: string, feedUrl: string): NormalizedFeed {
  const base = resolveUrl(feed.xml?.base, feedUrl) || feedUrl;
  const feedAuthor = htmlToText(first(feed.dc?.creators));
  const items = (feed.items ?? []).map((item): IncomingItem => {
    const itemBase = resolveUrl(item.xml?.base, base) || base;
    return {
      guid: pick(item.rdf?.about),
      title: htmlToText(pick(item.title, first(item.dc?.titles))),
      author: htmlToText(first(item.dc?.creators)) || feedAuthor,
      description: resolveHtmlUrls(
        pick(item.content?.encoded, item.description, first(item.dc?.descriptions)),
        itemBase,
      ),
      pubDate: parseDate(pick(first(item.dc?.dates), first(item.dcterms?.modified))),
      link: resolveUrl(pick(item.link, item.rdf?.about), itemBase),
      enclosure: null,
    };
  });
  return {
    format: 'rdf',
    version,
    title: htmlToText(pick(feed.title, first(feed.dc?.titles))),
    link: resolveUrl(feed.link, base),
    description: htmlToText(feed.description),
    image: resolveUrl(feed.image?.url, base),
    items: items.filter((i) => !isEmpty(i)),
  };
}

/** Atom text constructs: html/xhtml carry markup, text does not. */
function atomText(t: AtomFeed.Text | undefined): string {
  if (!t?.value) return '';
  return t.type === 'html' || t.type === 'xhtml' || /html/i.test(t.type ?? '')
    ? htmlToText(t.value)
    : t.value.replace(/\s+/g, ' ').trim();
}

function atomHtml(t: AtomFeed.Content | AtomFeed.Text | undefined): string {
  if (!t?.value) return '';
  const type = (t.type ?? 'text').toLowerCase();
  return type === 'html' || type === 'xhtml' || type.includes('html') ? t.value : escapeHtml(t.value);
}

function atomLink(links: AtomFeed.Link<string>[] | undefined): string {
  const alternates = (links ?? []).filter((l) => !l.rel || l.rel === 'alternate');
  const typed = alternates.find((l) => l.type && /html/i.test(l.type));
  return pick(typed?.href, alternates.find((l) => !l.type)?.href, first(alternates)?.href);
}

function atomPerson(people: AtomFeed.Person[] | undefined): string {
  return htmlToText(pick(first(people)?.name, first(people)?.email, first(people)?.uri));
}

function atomEntry(entry: AtomEntry, feedBase: string, feedAuthor: string): IncomingItem {
  const base = resolveUrl(entry.xml?.base, feedBase) || feedBase;
  const contentBase = resolveUrl(entry.content?.xml?.base, base) || base;
  const summaryBase = resolveUrl(entry.summary?.xml?.base, base) || base;
  const content = atomHtml(entry.content);
  const enclosureLink = entry.links?.find((l) => l.rel === 'enclosure');
  const media = mediaEnclosure(entry.media);
  const rawEnclosure = enclosureLink
    ? { url: enclosureLink.href, type: enclosureLink.type, length: enclosureLink.length }
    : media;
  const id = str(entry.id);
  return {
    guid: id,
    title: atomText(entry.title) || htmlToText(first(entry.dc?.titles)),
    author:
      atomPerson(entry.authors) ||
      atomPerson(entry.source?.authors) ||
      htmlToText(pick(first(entry.dc?.creators), entry.itunes?.author)) ||
      feedAuthor,
    description: content
      ? resolveHtmlUrls(content, contentBase)
      : resolveHtmlUrls(atomHtml(entry.summary) || mediaDescription(entry.media), summaryBase),
    pubDate: parseDate(pick(entry.published, entry.updated, first(entry.dc?.dates))),
    link: resolveUrl(atomLink(entry.links) || (/^https?:\/\//i.test(id) ? id : ''), base),
    enclosure: rawEnclosure
      ? withChapters(
          makeEnclosure(
            {
              ...rawEnclosure,
              duration: entry.itunes?.duration ?? media?.duration,
              image: pick(entry.itunes?.image, media?.image),
            },
            base,
            '',
          ),
          entry.psc?.chapters,
          undefined,
          base,
        )
      : null,
  };
}

function normalizeAtom(feed: Atom, version: string, feedUrl: string): NormalizedFeed {
  const base = resolveUrl(feed.xml?.base, feedUrl) || feedUrl;
  const author = atomPerson(feed.authors) || htmlToText(first(feed.dc?.creators));
  return {
    format: 'atom',
    version,
    title: atomText(feed.title) || htmlToText(first(feed.dc?.titles)),
    link: resolveUrl(atomLink(feed.links), base),
    description: atomText(feed.subtitle),
    image: resolveUrl(pick(feed.logo, feed.icon, feed.itunes?.image), base),
    selfUrl: resolveUrl(feed.links?.find((l) => l.rel === 'self')?.href, base),
    items: (feed.entries ?? []).map((e) => atomEntry(e, base, author)).filter((i) => !isEmpty(i)),
  };
}

function jsonAuthor(authors: JsonFeed.Author[] | undefined, legacy: unknown): string {
  const legacyName =
    typeof legacy === 'object' && legacy !== null ? (legacy as { name?: unknown }).name : undefined;
  return pick(first(authors)?.name, legacyName).replace(/\s+/g, ' ');
}

function normalizeJson(feed: Json, version: string, feedUrl: string): NormalizedFeed {
  const raw = feed as Json & { author?: unknown };
  const feedAuthor = jsonAuthor(feed.authors, raw.author);
  const items = (Array.isArray(feed.items) ? feed.items : []).map((item): IncomingItem => {
    const legacy = (item as { author?: unknown }).author;
    const attachment = first(item.attachments);
    const text = str(item.content_text);
    const html =
      pick(item.content_html) ||
      (text ? escapeHtml(text).replace(/\n/g, '<br>') : escapeHtml(pick(item.summary)));
    return {
      guid: str(item.id),
      title: pick(item.title).replace(/\s+/g, ' '),
      author: jsonAuthor(item.authors, legacy) || feedAuthor,
      description: resolveHtmlUrls(html, feedUrl),
      pubDate: parseDate(pick(item.date_published, item.date_modified)),
      link: resolveUrl(pick(item.url, item.external_url), feedUrl),
      enclosure: attachment
        ? makeEnclosure(
            {
              url: attachment.url,
              type: attachment.mime_type,
              length: attachment.size_in_bytes,
              duration: attachment.duration_in_seconds,
              image: pick(item.image, item.banner_image),
            },
            feedUrl,
            '',
          )
        : null,
    };
  });
  return {
    format: 'json',
    version,
    title: pick(feed.title).replace(/\s+/g, ' '),
    link: resolveUrl(feed.home_page_url, feedUrl),
    description: htmlToText(feed.description),
    image: resolveUrl(pick(feed.icon, feed.favicon), feedUrl),
    selfUrl: resolveUrl(feed.feed_url, feedUrl),
    items: items.filter((i) => !isEmpty(i)),
  };
}

/**
 * Normalises a parsed feed. `feedUrl` is the address it was fetched from (final URL after
 * redirects), the last resort for resolving relative URLs; '' leaves relative URLs as found.
 * Linear in the feed size; never throws on odd field types (they read as empty).
 */
export function normalizeFeed(parsed: ParsedFeed, feedUrl: string): NormalizedFeed {
  switch (parsed.format) {
    case 'rss':
      return normalizeRss(parsed.feed, parsed.version, feedUrl);
    case 'rdf':
      return normalizeRdf(parsed.feed, parsed.version, feedUrl);
    case 'atom':
      return normalizeAtom(parsed.feed, parsed.version, feedUrl);
    case 'json':
      return normalizeJson(parsed.feed, parsed.version, feedUrl);
  }
}
