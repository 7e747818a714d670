/**
 * Feed text → feedsmith's structured feed: detect.ts says which format the content is (never
 * from a file extension or Content-Type), then that format's feedsmith parser runs, with the
 * repairs and error positions all XML formats share. DOM-free.
 */
import {
  DetectError,
  ParseError,
  parseAtomFeed,
  parseJsonFeed,
  parseRdfFeed,
  parseRssFeed,
  type AtomFeed,
  type JsonFeed,
  type RdfFeed,
  type RssFeed,
} from 'feedsmith';
import { XMLValidator } from 'fast-xml-parser';
import { EngineError } from '../errors';
import { detectFormat, type XmlDetection, type XmlFormat } from './detect';

/** Larger texts are refused rather than risk a frozen worker (20 M characters). */
export const MAX_FEED_CHARS = 20_000_000;

export type ParsedFeed =
  | { format: 'rss'; version: string; feed: RssFeed.Feed<string> }
  | { format: 'rdf'; version: string; feed: RdfFeed.Feed<string> }
  | { format: 'atom'; version: string; feed: AtomFeed.Feed<string> }
  | { format: 'json'; version: string; feed: JsonFeed.Feed<string> };

export interface ErrorPosition {
  line: number;
  column: number;
}

interface Located {
  position: ErrorPosition;
  reason: string;
}

/** Runs the XML validator (only on failure) to say where and why the document breaks. */
function locate(text: string): Located | undefined {
  // A declaration after a leading comment is common and harmless; blank it (same length, so
  // positions hold) so the validator reports the real problem.
  const blanked = text.replace(/<\?xml\s[^>]*\?>/i, (m) => ' '.repeat(m.length));
  let result: ReturnType<typeof XMLValidator.validate>;
  try {
    result = XMLValidator.validate(blanked);
  } catch {
    return undefined;
  }
  if (result === true) return undefined;
  // The validator reports elements left open at the end as "Invalid '[…]' found" at 1:1.
  const unclosed = /^Invalid '\[(.*)\]' found/.exec(result.err.msg);
  if (unclosed?.[1] !== undefined) {
    const names = [...unclosed[1].matchAll(/"([^"]+)"/g)].map((m) => `<${m[1]}>`).reverse();
    return {
      position: lineColumn(text, text.trimEnd().length),
      reason: `the document ends before ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} closed`,
    };
  }
  return { position: { line: result.err.line, column: result.err.col }, reason: result.err.msg };
}

function parseError(text: string, cause: unknown): EngineError {
  const located = locate(text);
  const fallback =
    cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : '';
  const reason = located?.reason ?? fallback;
  const where = located ? ` at line ${located.position.line}, column ${located.position.column}` : '';
  return new EngineError(
    'parse_error',
    `The feed is not well-formed XML${where}${reason ? `: ${reason}` : ''}`,
    located ? { position: located.position } : undefined,
  );
}

function jsonVersion(version: unknown): string {
  const m = typeof version === 'string' ? /jsonfeed\.org\/version\/([\d.]+)/i.exec(version) : null;
  return m?.[1] ?? '';
}

function parseJsonText(text: string): ParsedFeed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const m = /position (\d+)/.exec(err instanceof Error ? err.message : '');
    const details = m ? { position: lineColumn(text, Number(m[1])) } : undefined;
    throw new EngineError(
      'parse_error',
      `The feed is not valid JSON${details ? ` at line ${details.position.line}, column ${details.position.column}` : ''}`,
      details,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new EngineError('not_a_feed', 'This JSON document is not a JSON Feed');
  }
  const obj = value as Record<string, unknown>;
  const isFeed =
    jsonVersion(obj.version) !== '' ||
    (Array.isArray(obj.items) && ['title', 'home_page_url', 'feed_url', 'version'].some((k) => k in obj));
  if (!isFeed)
    throw new EngineError(
      'not_a_feed',
      'This JSON document is not a JSON Feed (no jsonfeed.org version and no items)',
    );
  const version = jsonVersion(obj.version);
  // feedsmith insists on a jsonfeed.org version URL; feeds that say "1.0" are still JSON Feeds.
  const input = version ? obj : { ...obj, version: 'https://jsonfeed.org/version/1' };
  try {
    return { format: 'json', version, feed: parseJsonFeed(input) };
  } catch (err) {
    if (err instanceof ParseError) return { format: 'json', version, feed: { title: '', items: [] } };
    throw new EngineError(
      'parse_error',
      `The JSON Feed could not be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

function lineColumn(text: string, index: number): ErrorPosition {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - before.lastIndexOf('\n') };
}

/**
 * `xml:lang` on RSS's `<channel>`, which feedsmith does not read (it reads the attribute on
 * `<rss>` and on items): taken from the channel's start tag, only for a feed that names no
 * language otherwise. Costs an `indexOf` up to that tag.
 */
function withChannelLang(feed: RssFeed.Feed<string>, text: string): RssFeed.Feed<string> {
  if (feed.language || feed.xml?.lang || feed.dc?.languages?.length) return feed;
  const at = text.indexOf('<channel');
  const end = at < 0 ? -1 : text.indexOf('>', at);
  const lang = end < 0 ? undefined : /\sxml:lang\s*=\s*["']([^"']*)["']/.exec(text.slice(at, end))?.[1];
  return lang ? { ...feed, xml: { ...feed.xml, lang } } : feed;
}

function runParser(format: XmlFormat, version: string, text: string): ParsedFeed {
  switch (format) {
    case 'rss':
      return { format, version, feed: withChannelLang(parseRssFeed(text), text) };
    case 'rdf':
      return { format, version, feed: parseRdfFeed(text) };
    case 'atom':
      return { format, version, feed: parseAtomFeed(text) };
  }
}

/** A well-formed document of a known format with nothing feedsmith recognises: an empty feed. */
function emptyFeed(format: XmlFormat, version: string): ParsedFeed {
  if (format === 'atom')
    return { format, version, feed: { id: '', title: { value: '' }, updated: '', entries: [] } };
  return { format, version, feed: { title: '', link: '', description: '', items: [] } };
}

const CLOSERS: Record<XmlFormat, [RegExp, string]> = {
  rss: [/<\/item\s*>/gi, '</channel></rss>'],
  rdf: [/<\/item\s*>/gi, '</rdf:RDF>'],
  atom: [/<\/entry\s*>/gi, '</feed>'],
};

/**
 * Repairs the two breakages seen in real downloads: a final end tag missing its `>`, and a
 * document truncated mid-item (cut after the last complete item, close the root).
 */
function repair(text: string, format: XmlFormat): string | null {
  const trimmed = text.trimEnd();
  if (/<\/[\w:.-]+$/.test(trimmed)) return `${trimmed}>`;
  const [itemEnd, closer] = CLOSERS[format];
  let last = -1;
  for (const m of trimmed.matchAll(itemEnd)) last = m.index + m[0].length;
  if (last > 0 && last < trimmed.length - 1) return trimmed.slice(0, last) + closer;
  return null;
}

function parseXml(found: XmlDetection): ParsedFeed {
  const { format, version, body } = found;
  try {
    return runParser(format, version, body);
  } catch (err) {
    if (err instanceof ParseError || err instanceof DetectError) return emptyFeed(format, version);
    const repaired = repair(body, format);
    if (repaired !== null) {
      try {
        return runParser(format, version, repaired);
      } catch (again) {
        if (again instanceof ParseError || again instanceof DetectError) return emptyFeed(format, version);
        // Otherwise report the original error below.
      }
    }
    throw parseError(body, err);
  }
}

/**
 * Parses feed text (RSS 0.9x/2.0, RSS 1.0/0.90 RDF, Atom 0.3/1.0, JSON Feed 1.0/1.1), detecting
 * the format from the content. Cost: one feedsmith parse (linear); the XML validator runs only
 * on failure to locate the error. Throws EngineError `not_a_feed` (HTML page, OPML, other
 * document) or `parse_error` (with `details.position` {line, column} when known), `too_large`
 * past MAX_FEED_CHARS. Never throws anything else.
 */
export function parseFeedText(text: string): ParsedFeed {
  if (text.length > MAX_FEED_CHARS) {
    throw new EngineError(
      'too_large',
      `The feed is too large to read (${Math.round(text.length / 1e6)} M characters, limit ${MAX_FEED_CHARS / 1e6} M)`,
    );
  }
  try {
    const found = detectFormat(text);
    if (found.format === null) throw new EngineError('not_a_feed', found.reason);
    if (found.format === 'json') return parseJsonText(text.trimStart());
    return parseXml(found);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    // RangeError (deep nesting) or anything unexpected from a library: still a clean error.
    throw new EngineError(
      'parse_error',
      `The feed could not be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
