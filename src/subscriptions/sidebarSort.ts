/**
 * The sidebar's feed order: by title (default) or by feed-read priority score, persisted in
 * localStorage under `rivulet-sidebar-sort`.
 */
import { useSyncExternalStore } from 'react';
import type { Feed } from '../engine/contract';

export type SidebarSort = 'title' | 'score';
export const SIDEBAR_SORT_KEY = 'rivulet-sidebar-sort';

const listeners = new Set<() => void>();

/** The stored order; anything unknown (or storage that throws) reads as 'title'. */
export function readSidebarSort(storage: Pick<Storage, 'getItem'> = window.localStorage): SidebarSort {
  try {
    return storage.getItem(SIDEBAR_SORT_KEY) === 'score' ? 'score' : 'title';
  } catch {
    return 'title';
  }
}

/** Saves the order (best effort) and re-renders every `useSidebarSort` user. */
export function writeSidebarSort(sort: SidebarSort): void {
  try {
    window.localStorage.setItem(SIDEBAR_SORT_KEY, sort);
  } catch {
    // Private mode or quota: the choice lasts until reload.
    memory = sort;
  }
  for (const l of listeners) l();
}

let memory: SidebarSort | null = null;

/** The current sidebar order. */
export function useSidebarSort(): SidebarSort {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => memory ?? readSidebarSort(),
  );
}

/**
 * Feeds ordered by priority score, lowest (read most) first; feeds without a score go last;
 * ties keep their incoming (title) order. Returns a new array. O(n log n).
 */
export function sortByScore<T extends Pick<Feed, 'id'>>(
  feeds: readonly T[],
  scores: Record<number, number> | undefined,
): T[] {
  if (!scores) return [...feeds];
  const at = new Map(feeds.map((f, i) => [f.id, i]));
  const score = (f: T) => scores[f.id] ?? Number.POSITIVE_INFINITY;
  return [...feeds].sort((a, b) => score(a) - score(b) || (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
}
