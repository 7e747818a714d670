/**
 * State of the fullscreen image preview: a tiny external store (one per app), so the delegated
 * click listener (outside React) and the host component (inside React) share it.
 */
import { useSyncExternalStore } from 'react';

/** One previewable image of an article. */
export interface PreviewImage {
  src: string;
  alt: string;
  /** The image element in the article, for "View in article". */
  element: HTMLImageElement;
}

/** The open preview, or null when closed. */
export interface PreviewState {
  images: PreviewImage[];
  index: number;
}

let state: PreviewState | null = null;
/** The preview last closed, for Forward into its history entry. */
let closed: PreviewState | null = null;
const listeners = new Set<() => void>();

function set(next: PreviewState | null): void {
  state = next;
  for (const l of listeners) l();
}

/** Opens the preview on `images[index]`; an empty list or a bad index closes it instead. */
export function openPreview(images: PreviewImage[], index: number): void {
  if (images.length === 0 || index < 0 || index >= images.length) set(null);
  else set({ images, index });
}

/** Closes the preview (state back to null); the images are kept for {@link reopenPreview} only. */
export function closePreview(): void {
  if (state) closed = state;
  set(null);
}

/**
 * Opens the preview last closed again (Forward into its history entry), when its article is
 * still on the page; false when it cannot come back.
 */
export function reopenPreview(): boolean {
  if (state) return true;
  if (!closed || !closed.images.every((i) => i.element.isConnected)) {
    // Its article has left the page: let go of its elements (they would stay in memory).
    closed = null;
    return false;
  }
  set(closed);
  return true;
}

/** Moves by `delta` images, wrapping around at both ends. No-op when closed. */
export function stepPreview(delta: number): void {
  if (!state) return;
  const n = state.images.length;
  set({ ...state, index: (((state.index + delta) % n) + n) % n });
}

/** Jumps to image `index` (ignored when out of range or closed). */
export function showPreviewAt(index: number): void {
  if (!state || index < 0 || index >= state.images.length) return;
  set({ ...state, index });
}

/** The current state, outside React. */
export function getPreviewState(): PreviewState | null {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React binding of the preview state. */
export function usePreviewState(): PreviewState | null {
  return useSyncExternalStore(subscribe, getPreviewState, getPreviewState);
}
