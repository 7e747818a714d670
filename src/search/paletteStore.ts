/**
 * Whether the search palette is open: a tiny module store so anything (a toolbar button, a
 * shortcut, a test) can open it without threading props through the tree.
 */
import { useSyncExternalStore } from 'react';

let open = false;
let initial = '';
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

/** Opens the palette, optionally with text already typed. */
export function openSearchPalette(text = ''): void {
  initial = text;
  open = true;
  emit();
}

/** Closes the palette (no-op when closed). */
export function closeSearchPalette(): void {
  if (!open) return;
  open = false;
  emit();
}

/** The text the palette starts with when it opens. */
export function paletteInitialText(): string {
  return initial;
}

/** Re-renders when the palette opens or closes. */
export function usePaletteOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
