/**
 * Sharing a bundle as a link: `/combo#b=1.<base64url of deflate-raw JSON>`. The hash never
 * reaches a server, and compression keeps a 10-feed bundle to a few hundred characters.
 * Decoding checks everything (size, shape, http(s) addresses, lengths), because a link is
 * input from anyone.
 */
import type { Bundle, BundleFeed } from '../../data/bundles';
import { t } from '../../i18n';

const VERSION = '1';
/** Longest encoded payload accepted (far above a 200-feed bundle). */
export const MAX_LINK_CHARS = 60_000;
/** Most feeds a shared bundle may hold. */
export const MAX_FEEDS = 200;
const MAX_TEXT = 300;

/** A bundle as it travels in a link: title, description and [title, url, site, description] rows. */
type Wire = { t: string; d: string; f: [string, string, string, string][] };

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The link text (after `#`) for a bundle: `b=1.<payload>`. */
export async function encodeBundle(bundle: Pick<Bundle, 'title' | 'description' | 'feeds'>): Promise<string> {
  const wire: Wire = {
    t: bundle.title,
    d: bundle.description,
    f: bundle.feeds.map((f) => [f.title, f.url, f.site, f.description]),
  };
  const packed = await pipe(
    new TextEncoder().encode(JSON.stringify(wire)),
    new CompressionStream('deflate-raw'),
  );
  return `b=${VERSION}.${toBase64Url(packed)}`;
}

/** A full share URL for `origin` (e.g. `https://rivulet.example`). */
export async function bundleUrl(
  origin: string,
  bundle: Pick<Bundle, 'title' | 'description' | 'feeds'>,
): Promise<string> {
  return `${origin}/combo#${await encodeBundle(bundle)}`;
}

const text = (v: unknown, max = MAX_TEXT): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

function httpUrl(v: unknown): string | null {
  if (typeof v !== 'string' || v.length > 2048) return null;
  try {
    const u = new URL(v.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * Reads a shared bundle from a location hash (`#b=1.…`). Returns null when the hash holds no
 * bundle; throws an Error with a message for people when it holds a damaged or unsafe one.
 * Feeds without a usable http(s) address are dropped; none left is an error.
 */
export async function decodeBundle(hash: string): Promise<Bundle | null> {
  const match = /(?:^#?|&)b=([^&]*)/.exec(hash);
  if (!match) return null;
  const value = match[1] ?? '';
  const dot = value.indexOf('.');
  if (dot < 0 || value.slice(0, dot) !== VERSION) throw new Error(t('combo.link.version'));
  const payload = value.slice(dot + 1);
  if (payload.length === 0 || payload.length > MAX_LINK_CHARS) throw new Error(t('combo.link.size'));
  let wire: Partial<Wire>;
  try {
    const json = await pipe(fromBase64Url(payload), new DecompressionStream('deflate-raw'));
    wire = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json)) as Partial<Wire>;
  } catch {
    throw new Error(t('combo.link.unreadable'));
  }
  if (typeof wire !== 'object' || wire === null || !Array.isArray(wire.f))
    throw new Error(t('combo.link.noFeeds'));
  const feeds: BundleFeed[] = [];
  const seen = new Set<string>();
  for (const row of wire.f.slice(0, MAX_FEEDS)) {
    if (!Array.isArray(row)) continue;
    const url = httpUrl(row[1]);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    feeds.push({ title: text(row[0]) || url, url, site: httpUrl(row[2]) ?? '', description: text(row[3]) });
  }
  if (feeds.length === 0) throw new Error(t('combo.link.noUsable'));
  return {
    id: 'shared',
    title: text(wire.t, 120) || t('combo.link.sharedTitle'),
    description: text(wire.d),
    feeds,
  };
}
