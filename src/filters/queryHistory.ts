/**
 * Recent filter queries, newest first, in localStorage under `rivulet-query-history`.
 * Small by design (20 entries) so reading it on every render of the editor is cheap.
 */
import { useCallback, useState } from 'react';

export const HISTORY_KEY = 'rivulet-query-history';
export const HISTORY_LIMIT = 20;
/** Queries longer than the engine accepts are not worth remembering. */
const MAX_ENTRY = 4000;

/** The stored history; [] when absent, unreadable or corrupt (never throws). */
export function readHistory(storage: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(HISTORY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((q): q is string => typeof q === 'string' && q.trim() !== '' && q.length <= MAX_ENTRY)
      .slice(0, HISTORY_LIMIT);
  } catch {
    return [];
  }
}

/**
 * Moves `query` (trimmed) to the front of `history`, dropping its older copy and anything past
 * the limit. Blank or over-long queries leave the history as it was.
 */
export function withQuery(history: readonly string[], query: string): string[] {
  const q = query.trim();
  if (!q || q.length > MAX_ENTRY) return [...history];
  return [q, ...history.filter((h) => h !== q)].slice(0, HISTORY_LIMIT);
}

/** Records `query` in storage and returns the new history. A full quota only loses the write. */
export function pushHistory(storage: Storage, query: string): string[] {
  const next = withQuery(readHistory(storage), query);
  try {
    storage.setItem(HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Quota or privacy mode: history is a convenience, the run itself still happens.
  }
  return next;
}

/** The history for this tab, with `push` (after a run) and `clear`. */
export function useQueryHistory(storage: Storage = window.localStorage) {
  const [history, setHistory] = useState(() => readHistory(storage));
  const push = useCallback((query: string) => setHistory(pushHistory(storage, query)), [storage]);
  const clear = useCallback(() => {
    try {
      storage.removeItem(HISTORY_KEY);
    } catch {
      // Nothing to do: the list is cleared on screen either way.
    }
    setHistory([]);
  }, [storage]);
  return { history, push, clear };
}
