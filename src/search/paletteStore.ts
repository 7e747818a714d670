/**
 * Whether the search palette is open: a tiny module store so anything (a toolbar button, a
 * shortcut, a test) can open it without threading props through the tree. It also keeps what
 * is typed between the key that opens the palette and its box being on screen (the modal mounts
 * a frame or two later), so fast typists lose nothing.
 */
import { useSyncExternalStore } from 'react';

let open = false;
let initial = '';
/** True once the palette's box is mounted and focused; keys then go to it directly. */
let ready = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

/** Whether the palette is open now (at the moment of asking, not of the last render). */
export function paletteOpen(): boolean {
  return open;
}

/** Opens the palette, optionally with text already typed. */
export function openSearchPalette(text = ''): void {
  initial = text;
  ready = false;
  open = true;
  emit();
}

/** Closes the palette (no-op when closed). */
export function closeSearchPalette(): void {
  if (!open) return;
  open = false;
  ready = false;
  emit();
}

/** The text the palette starts with: the given text plus anything typed while it was opening. */
export function paletteInitialText(): string {
  return initial;
}

/** Called by the palette once its box has the focus: type-ahead capture stops. */
export function markPaletteReady(): void {
  ready = true;
}

/**
 * Keeps a printable key pressed while the palette is opening (returns true: the caller should
 * stop the event). Any other key, or any key once the box has the focus, returns false.
 */
export function captureTypeAhead(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (!open || ready || e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return false;
  initial += e.key;
  return true;
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
