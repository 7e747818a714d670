import { Parser } from 'htmlparser2';

/** Longest snippet, in characters, ellipsis included. */
export const SNIPPET_MAX = 200;

// Only this much HTML is parsed: enough for a snippet and a lead image, bounded for huge bodies.
const PARSE_LIMIT = 64 * 1024;
const SKIP_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title']);

/** List-row fields derived from an item's HTML, computed once at ingest. */
export interface RowExtract {
  snippet: string;
  thumbnail: string;
}

function absoluteHttpUrl(src: string, base: string): string {
  try {
    const url = base ? new URL(src, base) : new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/**
 * Plain-text snippet (entities decoded, whitespace collapsed, ≤ 200 chars, cut at a word with
 * '…') and the first http(s) image of `html`, resolved against `baseUrl` (the item link).
 * Never throws; malformed HTML gives whatever text the tolerant parser recovers.
 * Cost: one streaming parse of at most 64 KiB.
 */
export function extractRowFields(html: string, baseUrl: string): RowExtract {
  let text = '';
  let thumbnail = '';
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (SKIP_TEXT.has(name)) skipDepth++;
        if (!thumbnail && name === 'img' && attribs.src) thumbnail = absoluteHttpUrl(attribs.src, baseUrl);
        if (name === 'br' || name === 'p' || name === 'div' || name === 'li') text += ' ';
      },
      ontext(chunk) {
        if (skipDepth === 0 && text.length < SNIPPET_MAX * 4) text += chunk;
      },
      onclosetag(name) {
        if (SKIP_TEXT.has(name) && skipDepth > 0) skipDepth--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html.length > PARSE_LIMIT ? html.slice(0, PARSE_LIMIT) : html);
  parser.end();
  return { snippet: truncate(text.replace(/\s+/g, ' ').trim()), thumbnail };
}

function truncate(text: string): string {
  if (text.length <= SNIPPET_MAX) return text;
  const cut = text.slice(0, SNIPPET_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
