/**
 * DOM-free HTML helpers for feed content (htmlparser2): URL resolution and plain text for
 * titles. Both run in the worker and in Node. URLs inside article HTML: see htmlUrls.ts.
 */
import { Parser } from 'htmlparser2';

// Percent escapes no URL parser rewrites: bytes ≥ 0x80 and ASCII punctuation other than `-`
// and `.` (Chromium's parser decodes escaped unreserved characters such as %41 in paths).
const ESCAPE = '%(?:[89A-F][0-9A-F]|2[0-9A-CF])';
const SAFE = `(?:[\\w\\-.~!$&()*+,;=:@]|${ESCAPE})`;
// An http(s) URL already in the form both WHATWG parsers and Chromium's give back, so parsing
// it would return it unchanged: lower-case scheme and DNS host (no punycode, last label starts
// with a letter so it is never read as IPv4, no trailing dot), no port or user info, a path
// with no segment starting with `.` (dot segments are rewritten), and only characters that no
// component re-encodes. Anything else takes the parser: this only skips work.
const CANONICAL_URL = new RegExp(
  `^https?://(?![^/]*xn--)(?:[a-z0-9-]+\\.)*[a-z][a-z0-9-]*(?:/(?!\\.|%2E)${SAFE}*)+(?:\\?(?:${SAFE}|[/?])*)?(?:#(?:${SAFE}|[/?])*)?$`,
);

/** True when `url` is an http(s) URL that URL parsing would return unchanged (see above). */
export function isCanonicalHttpUrl(url: string): boolean {
  return CANONICAL_URL.test(url);
}

/**
 * Resolves `url` against `base`; returns `url` unchanged (trimmed) when it cannot be resolved
 * (no usable base, or a malformed URL). Never throws. IMPORTANT: runs for every link of every
 * item; an absolute URL already in canonical form is returned without parsing.
 */
export function resolveUrl(url: string | null | undefined, base: string | null | undefined): string {
  const u = (url ?? '').trim();
  if (u === '') return '';
  if (CANONICAL_URL.test(u)) return u;
  try {
    return new URL(u, base || undefined).href;
  } catch {
    return u;
  }
}

const BLOCK_BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

// Titles arrive already XML-decoded, so `&lt;T&gt;` in a title is the text "<T>". Only a `<`
// that opens (or closes) a real HTML tag, a comment or CDATA is markup; any other `<` is
// literal text and is escaped before parsing so "Vec<T> in Rust" keeps its "<T>".
const HTML_TAGS =
  'a|abbr|acronym|address|article|aside|audio|b|big|blockquote|body|br|button|caption|center|cite|' +
  'code|col|dd|del|details|dfn|div|dl|dt|em|embed|figcaption|figure|font|footer|form|h[1-6]|head|' +
  'header|hr|html|i|iframe|img|input|ins|kbd|label|li|link|main|mark|meta|nav|noscript|object|ol|' +
  'p|picture|pre|q|s|samp|script|section|select|small|source|span|strike|strong|style|sub|summary|' +
  'sup|table|tbody|td|textarea|tfoot|th|thead|time|title|tr|tt|u|ul|var|video|wbr';
const LITERAL_LT = new RegExp(`<(?!(?:/?(?:${HTML_TAGS})(?=[\\s/>])|!--|!\\[CDATA\\[))`, 'gi');

// What htmlToText would change: controls, markup or entities, and whitespace that is not one
// space between words (other spaces, runs, leading or trailing).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_PLAIN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f<&]|[^\S ]| {2}|^ | $/;

/**
 * HTML (or text that may contain markup and entities) → plain text: tags stripped, entities
 * decoded, whitespace collapsed. Script and style bodies are dropped. Linear in the input.
 */
export function htmlToText(html: string | null | undefined): string {
  if (typeof html !== 'string' || html === '') return '';
  // Most titles and names are already plain, single-spaced text: return them as they are.
  if (!NOT_PLAIN.test(html)) return html;
  // C0 controls other than whitespace are never meaningful in a title, and break XML export.
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const s = html.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  if (!/[<&]/.test(s)) return s.replace(/\s+/g, ' ').trim();
  const markup = s.replace(LITERAL_LT, '&lt;');
  const out: string[] = [];
  let skip = 0;
  const parser = new Parser(
    {
      ontext: (t) => {
        if (skip === 0) out.push(t);
      },
      onopentag: (name) => {
        if (name === 'script' || name === 'style') skip++;
        else if (BLOCK_BREAKS.has(name)) out.push(' ');
      },
      onclosetag: (name) => {
        if (name === 'script' || name === 'style') skip = Math.max(0, skip - 1);
      },
    },
    { decodeEntities: true },
  );
  parser.end(markup);
  return out.join('').replace(/\s+/g, ' ').trim();
}
