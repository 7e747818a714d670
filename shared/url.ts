/** URL resolution for feed content, one copy for the engine and the reader. DOM-free. */

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
 * Resolves `url` against `base` (an absolute URL, or nothing). When it cannot be resolved (no
 * usable base, or a malformed URL) returns `url` trimmed, except that a protocol-relative
 * `//host/path` with no base means https. Never throws. Used by the engine for every link of
 * every item at ingest and by the reader's sanitiser (which keeps `#fragment` links itself and
 * checks the scheme of what this returns). IMPORTANT: hot; an absolute URL already in canonical
 * form is returned without parsing.
 */
export function resolveUrl(url: string | null | undefined, base: string | null | undefined): string {
  const u = (url ?? '').trim();
  if (u === '') return '';
  if (CANONICAL_URL.test(u)) return u;
  try {
    return new URL(u, base || undefined).href;
  } catch {
    return u.startsWith('//') ? `https:${u}` : u;
  }
}
