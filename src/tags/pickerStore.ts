/**
 * Which articles the tag picker is open for (one picker for the app, mounted by TagPickerHost).
 * Callers hand over the articles' current tag ids, so the picker shows them at once; it keeps
 * them up to date itself as the user toggles.
 */
import { useSyncExternalStore } from 'react';

/** An article as the picker needs it. */
export interface Taggable {
  id: number;
  tags?: readonly number[];
}

let current: readonly Taggable[] | null = null;
const listeners = new Set<() => void>();

/** Opens the picker for these articles (none: nothing happens). */
export function openTagPicker(items: readonly Taggable[]): void {
  if (items.length === 0) return;
  current = items.map((i) => ({ id: i.id, tags: [...(i.tags ?? [])] }));
  for (const l of listeners) l();
}

/** Closes the picker. */
export function closeTagPicker(): void {
  current = null;
  for (const l of listeners) l();
}

/** The articles the picker is open for, or null when closed. */
export function useTagPicker(): readonly Taggable[] | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
