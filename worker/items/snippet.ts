import { Parser } from 'htmlparser2';
import { collapseWhitespace, TEXT_BLOCK_TAGS, TEXT_HIDDEN_TAGS } from '../../shared/htmlText';
import { MAX_TEXT_CHARS } from '../query/language/textColumn';
import { absoluteHttpUrl, scanItemText, type RawItemText } from './textScan';

/** Longest snippet, in characters, ellipsis included. */
export const SNIPPET_MAX = 200;

// The snippet and thumbnail look at this much HTML at most: bounded for huge bodies.
const SNIPPET_LIMIT = 64 * 1024;
// HTML is fed to the parser in slices this big, so parsing can stop once nothing more is needed.
const SLICE = 8 * 1024;
// The snippet is cut from this many characters of text (several times what it shows, so
// collapsing whitespace still leaves enough).
const SNIPPET_TEXT = SNIPPET_MAX * 4;
const SKIP_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title']);

// IMPORTANT: the element sets (shared with htmlToText) and the joining rules below must give
// exactly `plainTextLower` (worker/query/language/textColumn.ts), the value `description LIKE` is defined
// on; snippet.test.ts compares the two on generated HTML so a change to one side fails there.
const BLOCK = TEXT_BLOCK_TAGS;
const HIDDEN = TEXT_HIDDEN_TAGS;

/** List-row fields derived from an item's HTML, computed once at ingest. */
export interface RowExtract {
  snippet: string;
  thumbnail: string;
}

/** Row fields plus the description's searchable text. */
export interface ItemText extends RowExtract {
  /** Exactly `plainTextLower(html)`: what the text store and `description LIKE` see. */
  plainLower: string;
}

/**
 * The row fields (see `extractRowFields`) and the searchable text (`plainTextLower`, byte for
 * byte) of an item's HTML. Most bodies take the scan of textScan.ts; the rest one streaming
 * htmlparser2 pass (`parseItemText`), which gives the same answers. Never throws.
 */
export function extractItemText(html: string, baseUrl: string): ItemText {
  const raw = scanItemText(html, baseUrl, SNIPPET_LIMIT, SNIPPET_TEXT) ?? parseItemText(html, baseUrl);
  return {
    // The snippet text's first SNIPPET_TEXT characters: the same whatever pieces it came in.
    snippet: truncate(collapseWhitespace(raw.snip.slice(0, SNIPPET_TEXT))),
    thumbnail: raw.thumbnail,
    plainLower: collapseWhitespace(raw.text).slice(0, MAX_TEXT_CHARS).toLowerCase(),
  };
}

/**
 * `extractItemText`'s reading of `html` by htmlparser2's Parser: the reference the scan is
 * tested against, and the path for what the scan leaves alone. Parsing stops early once the
 * searchable text is complete (more than 4,000 non-space characters seen) and the snippet has
 * its text and either a thumbnail or 64 KiB behind it. Cost: one streaming parse of at most the
 * HTML.
 */
export function parseItemText(html: string, baseUrl: string): RawItemText {
  let snip = '';
  let thumbnail = '';
  let skipDepth = 0;
  const parts: string[] = [];
  let nonSpace = 0;
  let hidden = 0;
  // Start of the slice being parsed: the snippet reads only slices starting below the limit.
  let pos = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hidden++;
        else if (BLOCK.has(name)) parts.push(' ');
      },
      onopentag(name, attribs) {
        if (pos >= SNIPPET_LIMIT) return;
        if (SKIP_TEXT.has(name)) skipDepth++;
        if (!thumbnail && name === 'img' && attribs.src) thumbnail = absoluteHttpUrl(attribs.src, baseUrl);
        if (name === 'br' || name === 'p' || name === 'div' || name === 'li') snip += ' ';
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCK.has(name)) parts.push(' ');
        if (pos < SNIPPET_LIMIT && SKIP_TEXT.has(name) && skipDepth > 0) skipDepth--;
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
        if (pos < SNIPPET_LIMIT && skipDepth === 0 && snip.length < SNIPPET_TEXT) snip += text;
      },
    },
    { decodeEntities: true },
  );
  let counted = 0;
  for (pos = 0; pos < html.length; pos += SLICE) {
    parser.write(html.slice(pos, pos + SLICE));
    if (pos + SLICE >= html.length) break;
    // Only bodies longer than a slice get here (most are one slice and never count).
    for (; counted < parts.length; counted++) nonSpace += countNonSpace(parts[counted] as string);
    const snippetDone = pos + SLICE >= SNIPPET_LIMIT || (snip.length >= SNIPPET_TEXT && thumbnail !== '');
    // Past MAX_TEXT_CHARS non-space characters the first MAX_TEXT_CHARS of the collapsed text
    // are fixed (collapsing only removes spaces), so the rest of the HTML cannot change it.
    if (snippetDone && nonSpace > MAX_TEXT_CHARS) break;
  }
  parser.end();
  return { text: parts.join(''), snip, thumbnail };
}

// A lower bound of the characters `\s` does not match: only printable ASCII is counted, so
// text in other scripts is parsed whole (safe) rather than cut early (wrong).
function countNonSpace(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c < 127) n++;
  }
  return n;
}

/**
 * Plain-text snippet (entities decoded, whitespace collapsed, ≤ 200 chars, cut at a word with
 * '…') and the first http(s) image of `html`, resolved against `baseUrl` (the item link).
 * Never throws; malformed HTML gives whatever text the tolerant parser recovers.
 * Cost: one streaming parse (see `extractItemText`).
 */
export function extractRowFields(html: string, baseUrl: string): RowExtract {
  const { snippet, thumbnail } = extractItemText(html, baseUrl);
  return { snippet, thumbnail };
}

function truncate(text: string): string {
  if (text.length <= SNIPPET_MAX) return text;
  const cut = text.slice(0, SNIPPET_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
