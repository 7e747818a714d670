/**
 * Closing the reader (Esc, its close button, Back, on either layout) or a row's menu gives the
 * keyboard back to the list, as NetNewsWire's timeline takes it back: the listbox is focused with
 * the selected article (the one just read) as its active option, so the arrows, j/k and a screen
 * reader go on from there. The focus is taken only where it was lost: on the page's body (the
 * reader's control or the menu entry that held it is gone) or already in the list, never from a
 * control elsewhere (the confirmation of Mark all read hands it back to its menu button).
 */
import { type RefObject, useEffect, useRef } from 'react';

/**
 * See the file comment. `open` is what is open (the reader's article, the menu's place), null
 * once closed; `area` holds the list (and, in two panes, the reader); `focusList` focuses it.
 * `closing` matches what is closing but may still be in the page for its fade (a menu's
 * dropdown): focus in it counts as lost.
 */
export function useFocusListOnClose(
  open: unknown,
  area: RefObject<HTMLElement | null>,
  focusList: () => void,
  closing?: string,
): void {
  const shown = useRef(open);
  useEffect(() => {
    const closed = shown.current !== null && open === null;
    shown.current = open;
    if (!closed) return;
    const focused = document.activeElement;
    const lost =
      !focused ||
      focused === document.body ||
      !!area.current?.contains(focused) ||
      (closing !== undefined && focused.closest(closing) !== null);
    if (lost) focusList();
  }, [open, area, focusList, closing]);
}
