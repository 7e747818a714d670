/**
 * Locating and encoding a site's icon, DOM-free: `<link rel=icon|shortcut icon|apple-touch-icon>`
 * from the home page, else `/favicon.ico`; the bytes become a data: URL.
 */
import { Parser } from 'htmlparser2';
import { resolveUrl } from '../../shared/url';

/** Icons larger than this are refused (a favicon is a few KB; this is a list-row avatar). */
export const MAX_ICON_BYTES = 100 * 1024;

/**
 * Icon URLs a page declares, best first: `icon` / `shortcut icon` before `apple-touch-icon`,
 * document order within each; resolved against `<base href>` / the page URL. Linear in the page.
 */
export function iconLinks(html: string, pageUrl: string): string[] {
  let base = pageUrl;
  const icons: string[] = [];
  const touch: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'base' && attrs.href) base = resolveUrl(attrs.href, pageUrl);
        if (name !== 'link' || !attrs.href) return;
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        if (rel.includes('icon')) icons.push(attrs.href);
        else if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed'))
          touch.push(attrs.href);
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return [...new Set([...icons, ...touch].map((href) => resolveUrl(href, base)))].filter((u) =>
    /^https?:/i.test(u),
  );
}

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

/**
 * The image type of icon bytes: the declared `image/*` type when given, else sniffed (PNG, ICO,
 * GIF, JPEG, WebP, SVG); null when the bytes are not an image (an HTML error page at
 * /favicon.ico, say).
 */
export function imageType(bytes: Uint8Array, declared: string): string | null {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (startsWith(bytes, [0, 0, 1, 0])) return 'image/x-icon';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml';
  // Trust a declared image type only when the body does not look like markup.
  if (type.startsWith('image/') && type !== 'image/svg+xml' && !head.startsWith('<')) return type;
  return null;
}

/** Bytes → `data:<type>;base64,…`. Chunked so large inputs never overflow the call stack. */
export function toDataUrl(bytes: Uint8Array, type: string): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}
