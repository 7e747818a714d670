/**
 * The reader as an overlay (a phone, or one pane): what it covers leaves the focus order while it
 * is open (`inert`: Tab walks the reader's controls, then the page around the list, never the
 * covered rows and header), and the keyboard moves into it when it opens, so Tab starts from the
 * article and a screen reader is in it. Focus is moved only from where it was lost or behind the
 * overlay, never from a control elsewhere (a dialog opened over it). Closing gives the list the
 * keyboard back (focusOnClose.ts): the covered parts are live again by then.
 */
import { type RefObject, useEffect } from 'react';

export function useOverlayFocus(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  overlay: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const rootEl = root.current;
    const over = overlay.current;
    if (!open || !rootEl || !over) return;
    // Read before `inert` blurs what it covers.
    const focused = document.activeElement;
    const behind = [...rootEl.children].filter(
      (el): el is HTMLElement => el !== over && el instanceof HTMLElement && !el.inert,
    );
    const lost = !focused || focused === document.body || behind.some((el) => el.contains(focused));
    for (const el of behind) el.inert = true;
    if (lost && !over.contains(document.activeElement)) over.focus({ preventScroll: true });
    return () => {
      for (const el of behind) el.inert = false;
    };
  }, [open, root, overlay]);
}
