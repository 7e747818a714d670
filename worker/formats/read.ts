/** The whole read path for one response body: bytes → text → parsed → normalised. */
import type { NormalizedFeed } from '../types';
import { decodeBytes, type Decoded } from './decode';
import { normalizeFeed } from './normalize';
import { parseFeedText } from './parse';

/** How the body's bytes were turned into text (see decode.ts). */
export type Charset = Omit<Decoded, 'text'>;

/**
 * `readFeed` plus the charset it decoded with and how that was chosen (BOM, declaration, HTTP
 * header, detection, …), for the feed doctor. Same cost and failures as `readFeed`.
 */
export function readFeedWithCharset(
  bytes: Uint8Array,
  contentType: string | null,
  url: string,
): { feed: NormalizedFeed; charset: Charset } {
  const { text, ...charset } = decodeBytes(bytes, contentType);
  return { feed: normalizeFeed(parseFeedText(text), url), charset };
}

/**
 * Decodes, parses and normalises a feed body. `contentType` is the HTTP Content-Type (its
 * charset is a hint only, see decode.ts); `url` is the final feed URL, used to resolve relative
 * links. Linear in the body size. Throws EngineError (`parse_error`, `not_a_feed`, `too_large`)
 * and nothing else.
 */
export function readFeed(bytes: Uint8Array, contentType: string | null, url: string): NormalizedFeed {
  return readFeedWithCharset(bytes, contentType, url).feed;
}
