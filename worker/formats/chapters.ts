/**
 * Episode chapters from a feed item: Podlove Simple Chapters (`psc:chapters`, inline) and the
 * Podcasting 2.0 `podcast:chapters` link (a JSON document the player fetches when it plays).
 */
import type { PscNs } from 'feedsmith';
import type { MediaChapter } from '../types';
import { htmlToText } from '../../shared/htmlText';
import { resolveUrl } from '../../shared/url';

/** More than any real episode has; bounds what one item may store. */
const MAX_CHAPTERS = 500;

/**
 * Seconds from a Normal Play Time value as Podlove uses it: `HH:MM:SS(.mmm)`, `MM:SS(.mmm)` or
 * plain seconds. Returns null for anything else (negative, empty, out-of-range minutes).
 */
export function parseNpt(text: string): number | null {
  const m = /^(?:(?:(\d+):)?([0-5]?\d):)?(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const [, h, min, s] = m;
  const sec = Number(s);
  if ((h !== undefined || min !== undefined) && sec >= 60) return null;
  return Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + sec;
}

/**
 * Podlove chapters, sorted by start, duplicates of a start time dropped, at most 500; undefined
 * when the item has none that parse (so items without chapters keep their stored shape).
 */
export function pscChapters(list: PscNs.Chapter[] | undefined, base: string): MediaChapter[] | undefined {
  if (!list?.length) return undefined;
  const seen = new Set<number>();
  const out: MediaChapter[] = [];
  for (const c of list) {
    const start = parseNpt(String(c.start ?? ''));
    if (start === null || seen.has(start)) continue;
    seen.add(start);
    out.push({
      start,
      title: htmlToText(String(c.title ?? '')),
      href: resolveUrl(c.href, base),
      image: resolveUrl(c.image, base),
    });
    if (out.length >= MAX_CHAPTERS) break;
  }
  out.sort((a, b) => a.start - b.start);
  return out.length > 0 ? out : undefined;
}

/** The `podcast:chapters` document URL when it is a JSON chapters file, else undefined. */
export function chaptersUrl(
  link: { url?: string; type?: string } | undefined,
  base: string,
): string | undefined {
  if (!link?.url) return undefined;
  if (link.type && !/json/i.test(link.type)) return undefined;
  return resolveUrl(link.url, base) || undefined;
}
