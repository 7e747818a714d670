/**
 * What the player plays: an episode, built from an article with a playable enclosure and kept
 * self-contained (title, feed, artwork) so the mini-player, the queue and the Media Session can
 * show it without asking the engine, even after a reload.
 */
import type { Enclosure, Item, MediaChapter } from '../../worker/types';
import { articlePath } from '../items/articleAddress';

/** One playable episode. */
export interface Episode {
  itemId: number;
  feedId: number;
  title: string;
  feedTitle: string;
  url: string;
  /** MIME type of the enclosure (`audio/…` or `video/…`). */
  type: string;
  /** Artwork URL, '' when none. */
  image: string;
  /** Duration the feed announced in seconds, 0 when unknown (the media's own wins once known). */
  duration: number;
  /** Inline chapters (Podlove), when the feed gave them. */
  chapters?: MediaChapter[];
  /** Podcasting 2.0 chapters document, fetched when the episode plays. */
  chaptersUrl?: string;
}

/** Playback speeds offered, 0.8× to 3×. */
export const SPEEDS = [0.8, 1, 1.1, 1.2, 1.3, 1.5, 1.75, 2, 2.5, 3] as const;
export const MIN_SPEED = 0.8;
export const MAX_SPEED = 3;

/** A speed clamped to 0.8–3 (1 for anything that is not a finite number). */
export function clampSpeed(rate: unknown): number {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return 1;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, Math.round(rate * 100) / 100));
}

/** Whether an enclosure is something the player can play. */
export function isPlayable(enclosure: Enclosure | null | undefined): enclosure is Enclosure {
  return !!enclosure?.url && /^(audio|video)\//i.test(enclosure.type);
}

/** Whether the episode is a video (shown in a video element) rather than audio. */
export function isVideo(episode: Pick<Episode, 'type'>): boolean {
  return /^video\//i.test(episode.type);
}

/** The episode of an article, or null when its enclosure is not playable. */
export function episodeFromItem(item: Item, feedTitle: string): Episode | null {
  const enc = item.enclosure;
  if (!isPlayable(enc)) return null;
  return {
    itemId: item.id,
    feedId: item.feedId,
    title: item.title,
    feedTitle,
    url: enc.url,
    type: enc.type,
    image: enc.image,
    duration: enc.duration,
    ...(enc.chapters?.length ? { chapters: enc.chapters } : {}),
    ...(enc.chaptersUrl ? { chaptersUrl: enc.chaptersUrl } : {}),
  };
}

/** The article's address in the app (its feed's list with the article open), for "open the playing episode". */
export function episodeHref(episode: Pick<Episode, 'itemId' | 'feedId'>): string {
  return articlePath(`/f/${episode.feedId}`, episode.itemId);
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isChapter(v: unknown): v is MediaChapter {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return isNum(c.start) && isStr(c.title) && isStr(c.href) && isStr(c.image);
}

/** The episode in a stored value, or null when it is not one (storage edited or corrupt). */
export function asEpisode(v: unknown): Episode | null {
  if (!v || typeof v !== 'object') return null;
  const e = v as Record<string, unknown>;
  if (!isNum(e.itemId) || !isNum(e.feedId) || !isStr(e.url) || !isStr(e.type)) return null;
  if (!/^(audio|video)\//i.test(e.type) || !/^(https?:|blob:)/i.test(e.url)) return null;
  const chapters = Array.isArray(e.chapters) ? e.chapters.filter(isChapter) : [];
  return {
    itemId: e.itemId,
    feedId: e.feedId,
    title: isStr(e.title) ? e.title : '',
    feedTitle: isStr(e.feedTitle) ? e.feedTitle : '',
    url: e.url,
    type: e.type,
    image: isStr(e.image) ? e.image : '',
    duration: isNum(e.duration) && e.duration > 0 ? e.duration : 0,
    ...(chapters.length ? { chapters } : {}),
    ...(isStr(e.chaptersUrl) && e.chaptersUrl ? { chaptersUrl: e.chaptersUrl } : {}),
  };
}
