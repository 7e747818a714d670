/**
 * The article opened last, for Welcome's "continue reading". The reader does not record it, so
 * this follows the query cache instead: opening an article is what creates its `['item', id]`
 * query (list rows never do). Kept in localStorage under `rivulet-last-opened`.
 */
import type { QueryClient } from '@tanstack/react-query';

export const LAST_OPENED_KEY = 'rivulet-last-opened';

/** The last opened item id, or null (nothing stored, unreadable storage or junk). */
export function readLastOpened(storage: Pick<Storage, 'getItem'> = window.localStorage): number | null {
  try {
    const n = Number(storage.getItem(LAST_OPENED_KEY));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * Records every article opened from now on; returns the function that stops. Cheap: one
 * check per query-cache event, one localStorage write per opened article.
 */
export function trackLastOpened(
  client: QueryClient,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added') return;
    const key = event.query.queryKey as readonly unknown[];
    const [kind, id] = key;
    if (kind !== 'item' || typeof id !== 'number') return;
    try {
      storage.setItem(LAST_OPENED_KEY, String(id));
    } catch {
      // A full or blocked storage only loses the "continue reading" hint.
    }
  });
}
