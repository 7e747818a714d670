/** JSON Feed 1.0/1.1 → NormalizedFeed (1.0's single `author` read as well as 1.1's `authors`). */
import type { JsonFeed } from 'feedsmith';
import type { IncomingItem, NormalizedFeed } from '../../types';
import { parseDate } from '../dates';
import { htmlToText } from '../../../shared/htmlText';
import { resolveUrl } from '../../../shared/url';
import { resolveHtmlUrls } from '../htmlUrls';
import { escapeHtml, first, isEmpty, makeEnclosure, pick, pickLanguage, str, withLanguage } from './shared';

type Json = JsonFeed.Feed<string>;

function jsonAuthor(authors: JsonFeed.Author[] | undefined, legacy: unknown): string {
  const legacyName =
    typeof legacy === 'object' && legacy !== null ? (legacy as { name?: unknown }).name : undefined;
  return pick(first(authors)?.name, legacyName).replace(/\s+/g, ' ');
}

/** Normalises a JSON Feed; `version` as detected, `feedUrl` the base for relative URLs. */
export function normalizeJson(feed: Json, version: string, feedUrl: string): NormalizedFeed {
  const raw = feed as Json & { author?: unknown };
  const feedAuthor = jsonAuthor(feed.authors, raw.author);
  const language = pickLanguage(feed.language);
  const items = (Array.isArray(feed.items) ? feed.items : []).map((item): IncomingItem => {
    const legacy = (item as { author?: unknown }).author;
    const attachment = first(item.attachments);
    const text = str(item.content_text);
    const html =
      pick(item.content_html) ||
      (text ? escapeHtml(text).replace(/\n/g, '<br>') : escapeHtml(pick(item.summary)));
    const incoming: IncomingItem = {
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
    return withLanguage(incoming, pickLanguage(item.language), language);
  });
  return {
    format: 'json',
    version,
    title: pick(feed.title).replace(/\s+/g, ' '),
    link: resolveUrl(feed.home_page_url, feedUrl),
    description: htmlToText(feed.description),
    image: resolveUrl(pick(feed.icon, feed.favicon), feedUrl),
    selfUrl: resolveUrl(feed.feed_url, feedUrl),
    ...(language ? { language } : {}),
    items: items.filter((i) => !isEmpty(i)),
  };
}
