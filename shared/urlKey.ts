/**
 * Comparing feed addresses, one rule for the engine (skipping feeds already subscribed, matching
 * a sync server's or a backup's feeds) and the page (showing "subscribed" on a bundle before the
 * engine is asked).
 */

/**
 * A comparison key for a feed URL: scheme dropped (http ≡ https), host lower-cased, default
 * port, fragment and trailing slashes removed; path and query kept as they are (they are
 * case-sensitive on most servers). A string that is not a URL is its own (trimmed) key.
 */
export function urlKey(url: string): string {
  const s = url.trim();
  try {
    const u = new URL(s);
    return `${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return s;
  }
}
