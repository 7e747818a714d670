/**
 * The same address test the engine uses to skip feeds already subscribed (host + path without
 * trailing slashes + query; scheme and `www.`-less variants are NOT merged, like the engine),
 * so the checkboxes can show "subscribed" before the engine is asked.
 */
export function feedKey(url: string): string {
  const s = url.trim();
  try {
    const u = new URL(s);
    return `${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return s;
  }
}
