/**
 * RSS 0.9x/2.0 (and CDF / RSS 1.1 read as an RSS channel) → NormalizedFeed. Reads the common
 * extensions too: content:encoded, Dublin Core, iTunes, Media RSS, Atom links, Podlove chapters.
 */
import type { RssFeed } from 'feedsmith';
import type { IncomingItem, NormalizedFeed } from '../../types';
import { parseDate } from '../dates';
import { htmlToText } from '../../../shared/htmlText';
import { resolveUrl } from '../../../shared/url';
import { resolveHtmlUrls } from '../htmlUrls';
import {
  first,
  isEmpty,
  makeEnclosure,
  mediaDescription,
  mediaEnclosure,
  pick,
  pickLanguage,
  str,
  withChapters,
  withLanguage,
} from './shared';

type Rss = RssFeed.Feed<string>;
type RssItem = RssFeed.Item<string>;

function rssPerson(p: RssFeed.Person | undefined): string {
  return htmlToText(pick(p?.name, p?.email));
}

function rssItem(item: RssItem, feedBase: string, feedImage: string, feedLanguage: string): IncomingItem {
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
  const incoming: IncomingItem = {
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
            {
              url: rawEnclosure.url,
              type: rawEnclosure.type,
              length: rawEnclosure.length,
              duration: item.itunes?.duration ?? media?.duration,
              image,
            },
            base,
            '',
          ),
          item.psc?.chapters,
          item.podcast?.chapters,
          base,
        )
      : null,
  };
  return withLanguage(incoming, pickLanguage(first(item.dc?.languages), item.xml?.lang), feedLanguage);
}

/** Normalises an RSS 0.9x/2.0 channel; `version` as detected, `feedUrl` the last-resort base. */
export function normalizeRss(feed: Rss, version: string, feedUrl: string): NormalizedFeed {
  const base = resolveUrl(feed.xml?.base, feedUrl) || feedUrl;
  const image = resolveUrl(pick(feed.image?.url, feed.itunes?.image), base);
  const language = pickLanguage(feed.language, first(feed.dc?.languages), feed.xml?.lang);
  const feedAuthor =
    rssPerson(feed.managingEditor) || htmlToText(pick(first(feed.dc?.creators), feed.itunes?.author));
  const items = (feed.items ?? []).map((i) => rssItem(i, base, image, language)).filter((i) => !isEmpty(i));
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
    ...(language ? { language } : {}),
    items,
  };
}
