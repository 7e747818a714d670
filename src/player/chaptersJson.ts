/**
 * Podcasting 2.0 chapters documents (`podcast:chapters`, JSON): fetched through the companion
 * server's `/api/fetch` proxy, because the page cannot read other origins without CORS.
 */
import type { MediaChapter } from '../../worker/types';
import { feedsQuery } from '../queries/feeds';
import { queryClient } from '../queries/queryClient';
import { settingsStore } from '../settings/useSettings';
import { contentFetchUrl } from '../../shared/contentFetchUrl';

const MAX_CHAPTERS = 500;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const httpUrl = (v: unknown): string => (/^https?:\/\//i.test(str(v)) ? str(v) : '');

/**
 * Chapters of a JSON chapters document (`{ version, chapters: [{ startTime, title, img, url,
 * toc }] }`), sorted by start; entries marked `toc: false` (silent markers) and those without a
 * usable start are left out. Answers [] for anything that is not such a document.
 */
export function parseJsonChapters(doc: unknown): MediaChapter[] {
  const list = doc && typeof doc === 'object' ? (doc as { chapters?: unknown }).chapters : undefined;
  if (!Array.isArray(list)) return [];
  const out: MediaChapter[] = [];
  const seen = new Set<number>();
  for (const raw of list as unknown[]) {
    if (!raw || typeof raw !== 'object') continue;
    const c = raw as Record<string, unknown>;
    const start = typeof c.startTime === 'number' ? c.startTime : Number(c.startTime);
    if (!Number.isFinite(start) || start < 0 || c.toc === false || seen.has(start)) continue;
    seen.add(start);
    out.push({ start, title: str(c.title), href: httpUrl(c.url), image: httpUrl(c.img) });
    if (out.length >= MAX_CHAPTERS) break;
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Fetches and parses a chapters document; rejects on a network or upstream failure. */
export async function fetchJsonChapters(url: string, feedId: number): Promise<MediaChapter[]> {
  const feeds = await queryClient.fetchQuery(feedsQuery());
  const feedUrl = feeds.find((f) => f.id === feedId)?.url ?? '';
  const allowPrivate = settingsStore.getSnapshot().general.allowPrivateNetworks;
  // Its URL comes from feed content: a content fetch, refused on private addresses unless the
  // feed lives there too or the user allowed private networks.
  const res = await fetch(contentFetchUrl(url, feedUrl, allowPrivate));
  const upstream = Number(res.headers.get('X-Upstream-Status') ?? res.status);
  if (!res.ok || upstream !== 200) throw new Error(`chapters: HTTP ${upstream}`);
  return parseJsonChapters(await res.json());
}
