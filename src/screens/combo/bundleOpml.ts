/**
 * A bundle as an OPML 2.0 file: one folder named after the bundle, one outline per feed. It
 * imports on /subscribe (and in other readers) as a group of that name.
 */
import type { Bundle } from '../../data/bundles';

// XML 1.0 cannot carry C0 controls at all; they are dropped, everything else is escaped.
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escapes text for an XML attribute value. */
export function xmlAttr(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;');
}

/** The OPML document text for a bundle. Linear; never throws. */
export function bundleOpml(bundle: Pick<Bundle, 'title' | 'feeds'>, now = new Date()): string {
  const title = xmlAttr(bundle.title);
  const outlines = bundle.feeds
    .map((f) => {
      const t = xmlAttr(f.title);
      const site = f.site ? ` htmlUrl="${xmlAttr(f.site)}"` : '';
      const desc = f.description ? ` description="${xmlAttr(f.description)}"` : '';
      return `      <outline type="rss" text="${t}" title="${t}" xmlUrl="${xmlAttr(f.url)}"${site}${desc}/>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>${title.replace(/&quot;/g, '"')}</title>
    <dateCreated>${now.toUTCString()}</dateCreated>
  </head>
  <body>
    <outline text="${title}" title="${title}">
${outlines}
    </outline>
  </body>
</opml>
`;
}

/** A file name for the bundle's OPML: its title, made safe, plus `.opml`. */
export function bundleFileName(title: string): string {
  const base = title
    .normalize('NFKC')
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || 'bundle'}.opml`;
}
