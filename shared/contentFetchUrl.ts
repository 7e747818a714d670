/**
 * The `/api/fetch` path for a URL that came from feed content (an article page to extract, an
 * image, an enclosure, a podcast's chapters document), as opposed to a feed address the user
 * typed. The server refuses such a URL when it resolves to a loopback, private, link-local or
 * unique-local address (checked on every redirect hop) unless `feedUrl` itself lives on such an
 * address or `allowPrivate` is set (the `general.allowPrivateNetworks` setting). One copy for the
 * engine (worker/fulltext) and the UI (src/player). Relative: the engine passes it through
 * worker/subscriptions/net.ts `proxyFetchImpl`; the page fetches it from its own origin.
 */
export function contentFetchUrl(url: string, feedUrl: string, allowPrivate: boolean): string {
  const query = new URLSearchParams({ url, kind: 'content' });
  if (feedUrl) query.set('feed', feedUrl);
  if (allowPrivate) query.set('private', '1');
  return `/api/fetch?${query.toString()}`;
}
