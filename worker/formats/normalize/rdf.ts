/** RSS 1.0 and RSS 0.90 (RDF) → NormalizedFeed, with Dublin Core and content:encoded. */
import type { RdfFeed } from 'feedsmith';
import type { IncomingItem, NormalizedFeed } from '../../types';
import { parseDate } from '../dates';
import { htmlToText } from '../../../shared/htmlText';
import { resolveUrl } from '../../../shared/url';
import { resolveHtmlUrls } from '../htmlUrls';
import { first, isEmpty, pick, pickLanguage, withLanguage } from './shared';

type Rdf = RdfFeed.Feed<string>;

/** Normalises an RDF feed; `version` as detected, `feedUrl` the last-resort base. */
export function normalizeRdf(feed: Rdf, version: string, feedUrl: string): NormalizedFeed {
  const base = resolveUrl(feed.xml?.base, feedUrl) || feedUrl;
  const feedAuthor = htmlToText(first(feed.dc?.creators));
  const language = pickLanguage(first(feed.dc?.languages), feed.xml?.lang);
  const items = (feed.items ?? []).map((item): IncomingItem => {
    const itemBase = resolveUrl(item.xml?.base, base) || base;
    const incoming: IncomingItem = {
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
    return withLanguage(incoming, pickLanguage(first(item.dc?.languages), item.xml?.lang), language);
  });
  return {
    format: 'rdf',
    version,
    title: htmlToText(pick(feed.title, first(feed.dc?.titles))),
    link: resolveUrl(feed.link, base),
    description: htmlToText(feed.description),
    image: resolveUrl(feed.image?.url, base),
    ...(language ? { language } : {}),
    items: items.filter((i) => !isEmpty(i)),
  };
}
