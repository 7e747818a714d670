/**
 * Podcasting 2.0 chapters documents (`podcast:chapters`, JSON): fetched through the companion
 * server's `/api/fetch` proxy, because the page cannot read other origins without CORS.
 */
import type { MediaChapter } from '../../worker/types';
import { feedsQuery } from '../queries/feeds';
import { queryClient } from '../queries/queryClient';
import { settingsStore } from '../settings/useSettings';

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

/**
 * The proxy address of a chapters document. Its URL comes from feed content, so it is a content
 * fetch (`kind=content`, naming the feed; `private=1` when the user allowed private networks):
 * the server refuses it on loopback and private addresses unless the feed lives there too. The
 * same query as worker/subscriptions/net.ts `contentFetchUrl`, which the UI may not import.
 */
export function chaptersFetchUrl(url: string, feedUrl: string, allowPrivate: boolean): string {
  const query = new URLSearchParams({ url, kind: 'content' });
  if (feedUrl) query.set('feed', feedUrl);
  if (allowPrivate) query.set('private', '1');
  return `/api/fetch?${query.toString()}`;
}

/** Fetches and parses a chapters document; rejects on a network or upstream failure. */
export async function fetchJsonChapters(url: string, feedId: number): Promise<MediaChapter[]> {
  const feeds = await queryClient.fetchQuery(feedsQuery());
  const feedUrl = feeds.find((f) => f.id === feedId)?.url ?? '';
  const allowPrivate = settingsStore.getSnapshot().general.allowPrivateNetworks;
  const res = await fetch(chaptersFetchUrl(url, feedUrl, allowPrivate));
  const upstream = Number(res.headers.get('X-Upstream-Status') ?? res.status);
  if (!res.ok || upstream !== 200) throw new Error(`chapters: HTTP ${upstream}`);
  return parseJsonChapters(await res.json());
}
