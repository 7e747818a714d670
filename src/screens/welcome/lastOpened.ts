/**
 * The article opened last, for Welcome's "continue reading". The reader does not record it, so
 * this follows the query cache instead: an article shown (the reader, the article an address
 * opens) watches its `['item', id]` query, so a watcher added to such a query is an article
 * opened. A query merely created is not: the articles either side of the open one are loaded
 * ahead (`usePrefetchNeighbours`), with no watcher, and would otherwise count as read last; a
 * watcher that is off (a list row's summary, with no AI set up) does not count either, and an
 * article opened again does (its query already existed). Kept in localStorage under
 * `rivulet-last-opened`.
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
    if (event.type !== 'observerAdded' || event.observer.options.enabled === false) return;
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
