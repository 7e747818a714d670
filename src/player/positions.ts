/**
 * Saved playback positions of podcasts and videos, per item id, in localStorage under
 * `rivulet-media-pos`: a map bounded to the 500 most recently saved items.
 */

export const MEDIA_POS_KEY = 'rivulet-media-pos';
export const MEDIA_POS_LIMIT = 500;

/** Stored value: item id → [seconds, saved-at ms]. */
type PositionMap = Record<string, [number, number]>;

function read(): PositionMap {
  try {
    const raw = localStorage.getItem(MEDIA_POS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PositionMap) : {};
  } catch {
    return {};
  }
}

/** The saved position of item `id` in seconds, or 0 when none (or storage is unreadable). */
export function loadPosition(id: number): number {
  const entry = read()[String(id)];
  const seconds = Array.isArray(entry) ? entry[0] : 0;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/**
 * Saves `seconds` for item `id` (0 forgets it), keeping the 500 latest entries. Cost: one
 * JSON parse and stringify of the map (≤ 500 small entries). Storage errors (quota, private
 * mode) are swallowed: a lost position is not worth an error.
 */
export function savePosition(id: number, seconds: number, now = Date.now()): void {
  const map = read();
  if (seconds > 0 && Number.isFinite(seconds)) map[String(id)] = [Math.round(seconds * 10) / 10, now];
  else delete map[String(id)];
  const entries = Object.entries(map);
  const kept =
    entries.length > MEDIA_POS_LIMIT
      ? entries.sort((a, b) => b[1][1] - a[1][1]).slice(0, MEDIA_POS_LIMIT)
      : entries;
  try {
    localStorage.setItem(MEDIA_POS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Quota or disabled storage.
  }
}
