/** The whole read path for one response body: bytes → text → parsed → normalised. */
import type { NormalizedFeed } from '../types';
import { decodeBytes } from './decode';
import { normalizeFeed } from './normalize';
import { parseFeedText } from './parse';

/**
 * Decodes, parses and normalises a feed body. `contentType` is the HTTP Content-Type (its
 * charset is a hint only, see decode.ts); `url` is the final feed URL, used to resolve relative
 * links. Linear in the body size. Throws EngineError (`parse_error`, `not_a_feed`, `too_large`)
 * and nothing else.
 */
export function readFeed(bytes: Uint8Array, contentType: string | null, url: string): NormalizedFeed {
  const { text } = decodeBytes(bytes, contentType);
  return normalizeFeed(parseFeedText(text), url);
}
