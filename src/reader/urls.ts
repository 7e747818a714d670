/** URL helpers for the sanitiser: resolution against the article's base and a scheme allowlist. */
import { resolveUrl } from '../../shared/url';

const WEB = new Set(['http:', 'https:']);
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// Raster and vector images only; `data:image/svg+xml` is inert inside <img> (no script runs).
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/**
 * Resolves `raw` against the article's `base` (an absolute http(s) URL or undefined) with the
 * one shared resolver; fragment-only links stay as they are so in-article anchors keep working.
 * Callers must still check the result with {@link isAllowedUrl}.
 */
export function resolveArticleUrl(raw: string, base: string | undefined): string {
  const value = raw.trim();
  return value.startsWith('#') ? value : resolveUrl(value, base);
}

/**
 * Whether a (resolved) URL may stay on attribute `attr` of element `tag`: links may be web,
 * mail or phone URLs or in-page anchors; media sources must be web URLs; `<img src>` may also be
 * a `data:image/*` URL. Everything else (javascript:, vbscript:, data:text/html, blob:, relative
 * paths we could not resolve) is refused.
 */
export function isAllowedUrl(url: string, tag: string, attr: string): boolean {
  if (url === '') return false;
  if (url.startsWith('#')) return attr === 'href';
  if (tag === 'img' && attr === 'src' && DATA_IMAGE.test(url)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (attr === 'href' || attr === 'cite') return LINK_SCHEMES.has(parsed.protocol);
  return WEB.has(parsed.protocol);
}

/** Resolves every candidate of a `srcset`, dropping candidates that are not web URLs. */
export function resolveSrcset(srcset: string, base: string | undefined): string {
  return srcset
    .split(/,\s+/)
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
      const resolved = resolveArticleUrl(url, base);
      return isAllowedUrl(resolved, 'source', 'src') ? [resolved, ...descriptor].join(' ') : '';
    })
    .filter((c) => c !== '')
    .join(', ');
}
