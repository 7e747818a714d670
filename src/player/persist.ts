/**
 * What the player keeps across reloads, in localStorage: the current episode and the queue
 * (`rivulet-player`), and the playback speed chosen per feed (`rivulet-player-speed`).
 * Positions per episode live in ./positions.ts. Unreadable or edited values are dropped, never
 * thrown; a failed write (quota, private mode) loses only that write.
 */
import { asEpisode, clampSpeed, type Episode } from './episode';

export const PLAYER_KEY = 'rivulet-player';
export const SPEED_KEY = 'rivulet-player-speed';
/** A queue longer than this is cut when saved (a bound on what one key may hold). */
export const QUEUE_LIMIT = 500;
/** Feeds whose speed is remembered; the oldest choices go first. */
export const SPEED_LIMIT = 1000;

/** The saved current episode and queue. */
export interface SavedPlayer {
  current: Episode | null;
  queue: Episode[];
}

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: playback goes on, only the memory of it is lost.
  }
}

/** The saved player; invalid entries are skipped, duplicates of an item kept once. */
export function loadPlayer(storage: Storage): SavedPlayer {
  const v = readJson(storage, PLAYER_KEY);
  const o = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const current = asEpisode(o.current);
  const seen = new Set<number>(current ? [current.itemId] : []);
  const queue: Episode[] = [];
  for (const raw of Array.isArray(o.queue) ? (o.queue as unknown[]) : []) {
    const e = asEpisode(raw);
    if (!e || seen.has(e.itemId)) continue;
    seen.add(e.itemId);
    queue.push(e);
  }
  return { current, queue };
}

/** Saves the current episode and (the first 500 of) the queue. */
export function savePlayer(storage: Storage, saved: SavedPlayer): void {
  writeJson(storage, PLAYER_KEY, { v: 1, current: saved.current, queue: saved.queue.slice(0, QUEUE_LIMIT) });
}

/** Stored as `[feedId, rate]` pairs, latest choice last (object keys that look like numbers
 * would be reordered by the engine, losing which choice is oldest). */
function speedPairs(storage: Storage): Array<[number, number]> {
  const v = readJson(storage, SPEED_KEY);
  if (!Array.isArray(v)) return [];
  return v.filter(
    (p): p is [number, number] =>
      Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && typeof p[1] === 'number',
  );
}

/** The speed chosen for a feed, or 1 when none was (or the stored value is unusable). */
export function loadSpeed(storage: Storage, feedId: number): number {
  const pair = speedPairs(storage).find((p) => p[0] === feedId);
  return pair ? clampSpeed(pair[1]) : 1;
}

/** Remembers `rate` for a feed (1 forgets it: that is the default), keeping the latest 1000. */
export function saveSpeed(storage: Storage, feedId: number, rate: number): void {
  const pairs = speedPairs(storage).filter((p) => p[0] !== feedId);
  const r = clampSpeed(rate);
  if (r !== 1) pairs.push([feedId, r]);
  writeJson(storage, SPEED_KEY, pairs.slice(Math.max(0, pairs.length - SPEED_LIMIT)));
}
