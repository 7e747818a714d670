/** Serialises corpus items as an RSS 2.0 document, the way a typical blog feed looks. */
import type { CorpusItem } from './corpus';

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * RSS 2.0 text for one feed: items with guid, title, dc:creator, pubDate (RFC 822), link,
 * description (HTML in CDATA) and enclosure + itunes:duration when present. Linear in the items.
 */
export function toRss(title: string, site: string, items: readonly CorpusItem[]): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" ',
    'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>',
    `<title>${escapeXml(title)}</title><link>${escapeXml(site)}</link><description>Bench feed</description>`,
  ];
  for (const it of items) {
    parts.push(
      '<item>',
      `<guid isPermaLink="false">${escapeXml(it.guid)}</guid>`,
      `<title>${escapeXml(it.title)}</title>`,
      it.author ? `<dc:creator>${escapeXml(it.author)}</dc:creator>` : '',
      `<pubDate>${new Date(it.pubDate * 1000).toUTCString()}</pubDate>`,
      `<link>${escapeXml(it.link)}</link>`,
      `<description><![CDATA[${it.description}]]></description>`,
      it.enclosure
        ? `<enclosure url="${escapeXml(it.enclosure.url)}" length="${it.enclosure.length}" type="${it.enclosure.type}"/>` +
            `<itunes:duration>${it.enclosure.duration}</itunes:duration>`
        : '',
      '</item>',
    );
  }
  parts.push('</channel></rss>\n');
  return parts.join('');
}
