/**
 * Wrong-address advice: when an address does not answer as the chosen API, look at what does
 * answer there. FreshRSS's web UI (the server root redirects to `/i/?rid=…`, pages titled
 * "… · FreshRSS") keeps its APIs at `<root>/api/greader.php` and `<root>/api/fever.php`;
 * Miniflux (pages titled "… - Miniflux") serves the Google Reader API at its root and the
 * Fever API at `<root>/fever/`. One GET of the install's root (same-origin redirects followed
 * by the companion server).
 */
import type { SyncProtocol } from './protocol';
import type { SyncTransport } from './transport';

export type KnownServer = 'freshrss' | 'miniflux';

/** A recognised server and the API address to use instead. */
export interface ServerHint {
  server: KnownServer;
  suggestion: string;
}

/** The install's root under an address people typed (API or web UI paths stripped). */
export function installRoot(url: string): string {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  u.pathname = u.pathname
    .replace(/\/api\/(greader|fever)\.php(\/.*)?$/i, '/')
    .replace(/\/(i|p)\/.*$/, '/')
    .replace(/\/(i|p)$/, '/')
    .replace(/\/fever\/?$/i, '/')
    .replace(/\/(reader\/api\/0|accounts)(\/.*)?$/, '/');
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  return u.href;
}

/** Which server a web page belongs to, by its title, its marks or where it redirected. */
export function serverOfPage(text: string, location: string): KnownServer | null {
  if (/FreshRSS/i.test(text) || /\/i\/(\?rid=|$)/.test(location)) return 'freshrss';
  if (/Miniflux/i.test(text)) return 'miniflux';
  return null;
}

/** The API address of a recognised server for a protocol. */
export function apiAddress(server: KnownServer, root: string, protocol: SyncProtocol): string {
  if (server === 'freshrss') return `${root}api/${protocol === 'fever' ? 'fever' : 'greader'}.php`;
  return protocol === 'fever' ? `${root}fever/` : root;
}

/**
 * Looks at the install's root and names the API address to use, or null when the server is not
 * recognised (or the suggestion is what was typed). Never throws: advice is optional.
 */
export async function recogniseServer(
  t: SyncTransport,
  url: string,
  protocol: SyncProtocol,
): Promise<ServerHint | null> {
  try {
    const root = installRoot(url);
    const answer = await t({ url: root, method: 'GET' });
    const server = serverOfPage(answer.text.slice(0, 20_000), answer.location);
    if (!server) return null;
    const suggestion = apiAddress(server, root, protocol);
    const same = (a: string) => a.replace(/\/+$/, '');
    return same(suggestion) === same(url) ? null : { server, suggestion };
  } catch {
    return null;
  }
}
