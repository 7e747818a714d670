/**
 * Which feed format a text is, told from its content alone (never from a file extension or a
 * Content-Type): JSON by its first character; XML by its root element after the prolog —
 * <rss> (RSS 0.9x/2.0), <rdf:RDF> (RSS 1.0/0.90), <feed> (Atom 1.0/0.3), and a bare <channel>
 * (CDF, RSS 1.1) read as RSS. The one place formats are told apart (Miniflux's detector):
 * parse.ts runs the matching feedsmith parser and normalize.ts the matching normaliser.
 */

/** The XML feed formats. */
export type XmlFormat = 'rss' | 'rdf' | 'atom';
/** Every feed format Rivulet reads. */
export type FeedFormat = XmlFormat | 'json';

/** An XML feed: its format, version as the root says ('' when unknown) and text to parse. */
export interface XmlDetection {
  format: XmlFormat;
  version: string;
  /** The document with any DOCTYPE removed (its entities are never expanded anyway). */
  body: string;
}

/** What detectFormat found: a format, or none with the reason in words for the user. */
export type Detection = XmlDetection | { format: 'json' } | { format: null; reason: string };

const WEB_PAGE = 'This address returned a web page, not a feed';

interface Root {
  name: string;
  tag: string;
  /** The text with any DOCTYPE removed (its entities are never expanded anyway). */
  body: string;
}

/** Skips BOM, whitespace, the XML declaration, comments, PIs and a DOCTYPE; returns the root tag. */
function findRoot(text: string): Root | null {
  // One sticky regex per prolog construct, applied from the current position: linear overall.
  const prolog = /\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|(<!DOCTYPE(?:[^[>]*|[^[>]*\[[\s\S]*?\])\s*>)/iy;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let body = text;
  for (;;) {
    prolog.lastIndex = pos;
    const m = prolog.exec(text);
    if (!m) break;
    if (m[1]) body = text.slice(0, m.index) + text.slice(prolog.lastIndex);
    pos = prolog.lastIndex;
  }
  const m = /<([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>?/y;
  m.lastIndex = pos;
  const found = m.exec(text.slice(0, pos + 64 * 1024));
  if (!found?.[1]) return null;
  return { name: found[1], tag: found[0], body };
}

function attr(tag: string, name: string): string {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return (m?.[1] ?? m?.[2] ?? '').trim();
}

function formatOf(local: string): XmlFormat | null {
  if (local === 'rss') return 'rss';
  if (local === 'rdf') return 'rdf';
  if (local === 'feed') return 'atom';
  return null;
}

function versionOf(format: XmlFormat, root: Root): string {
  if (format === 'rss') return attr(root.tag, 'version');
  if (format === 'atom')
    return attr(root.tag, 'version') || (/purl\.org\/atom\/ns#/i.test(root.tag) ? '0.3' : '1.0');
  const head = root.body.slice(0, 4096);
  return /purl\.org\/rss\/1\.0/i.test(head)
    ? '1.0'
    : /netscape\.com\/rdf\/simple\/0\.9/i.test(head)
      ? '0.90'
      : '';
}

function detectXml(text: string): Detection {
  const root = findRoot(text);
  if (!root) {
    if (/^\s*<!doctype\s+html/i.test(text)) return { format: null, reason: WEB_PAGE };
    return { format: null, reason: 'No feed found: the document has no root element' };
  }
  const local = root.name.toLowerCase().replace(/^.*:/, '');
  if (local === 'channel') {
    // CDF and RSS 1.1 have a bare <channel> root: read it as an RSS channel.
    const wrapped = `<rss>${root.body}</rss>`;
    return detectXml(wrapped.replace(/^<rss>(\s*<\?xml[^>]*\?>)/, '$1<rss>'));
  }
  const format = formatOf(local);
  if (format) return { format, version: versionOf(format, root), body: root.body };
  if (local === 'html' || local === 'head' || local === 'body') return { format: null, reason: WEB_PAGE };
  if (local === 'opml')
    return { format: null, reason: 'This is an OPML subscription list, not a feed: import it instead' };
  return {
    format: null,
    reason: `No feed found: the document's root element is <${root.name}>, not <rss>, <feed> or <rdf:RDF>`,
  };
}

/**
 * Detects a feed's format from its text. Cost: a look at the first non-space character and, for
 * XML, one linear pass over the prolog and the root tag (the root is looked for in the first
 * 64 K characters after the prolog). A JSON answer is a guess until the JSON parses and looks
 * like a JSON Feed (parse.ts checks). Never throws.
 */
export function detectFormat(text: string): Detection {
  const start = /\S/.exec(text.slice(0, 4096));
  const first = start ? start[0] : '';
  if (first === '') return { format: null, reason: 'The response was empty' };
  if (first === '{' || first === '[') return { format: 'json' };
  if (first === '<' || first === '\ufeff') return detectXml(text);
  return { format: null, reason: 'No feed found: the response is neither XML nor JSON' };
}
