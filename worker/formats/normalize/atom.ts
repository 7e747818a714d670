/**
 * Atom 1.0 and 0.3 → NormalizedFeed: text constructs (text/html/xhtml), alternate and enclosure
 * links, xml:base on entry, content and summary, plus Dublin Core, iTunes and Media RSS.
 */
import type { AtomFeed } from 'feedsmith';
import type { IncomingItem, NormalizedFeed } from '../../types';
import { parseDate } from '../dates';
import { htmlToText } from '../../../shared/htmlText';
import { resolveUrl } from '../../../shared/url';
import { resolveHtmlUrls } from '../htmlUrls';
import {
  escapeHtml,
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

type Atom = AtomFeed.Feed<string>;
type AtomEntry = AtomFeed.Entry<string>;

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

function atomEntry(
  entry: AtomEntry,
  feedBase: string,
  feedAuthor: string,
  feedLanguage: string,
): IncomingItem {
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
  const incoming: IncomingItem = {
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
              url: rawEnclosure.url,
              type: rawEnclosure.type,
              length: rawEnclosure.length,
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
  // xml:lang of the body shown (content, else summary), else of the entry; else the feed's.
  const bodyLang = content ? entry.content?.xml?.lang : entry.summary?.xml?.lang;
  return withLanguage(
    incoming,
    pickLanguage(bodyLang, entry.xml?.lang, first(entry.dc?.languages)),
    feedLanguage,
  );
}

/** Normalises an Atom feed; `version` as detected, `feedUrl` the last-resort base. */
export function normalizeAtom(feed: Atom, version: string, feedUrl: string): NormalizedFeed {
  const base = resolveUrl(feed.xml?.base, feedUrl) || feedUrl;
  const author = atomPerson(feed.authors) || htmlToText(first(feed.dc?.creators));
  const language = pickLanguage(feed.xml?.lang, first(feed.dc?.languages));
  return {
    format: 'atom',
    version,
    title: atomText(feed.title) || htmlToText(first(feed.dc?.titles)),
    link: resolveUrl(atomLink(feed.links), base),
    description: atomText(feed.subtitle),
    image: resolveUrl(pick(feed.logo, feed.icon, feed.itunes?.image), base),
    selfUrl: resolveUrl(feed.links?.find((l) => l.rel === 'self')?.href, base),
    ...(language ? { language } : {}),
    items: (feed.entries ?? []).map((e) => atomEntry(e, base, author, language)).filter((i) => !isEmpty(i)),
  };
}
