/**
 * Closing the reader (Esc, its close button, Back, on either layout) gives the keyboard back to
 * the list, as NetNewsWire's timeline takes it back: the listbox is focused with the article just
 * read as its active option, brought into view, so the arrows, j/k and a screen reader go on from
 * there. The focus is taken only where it was lost: on the page's body (the reader's control or
 * text that held it is gone) or already in the list, never from a control elsewhere (the
 * confirmation of Mark all read hands it back to its menu button).
 */
import { type RefObject, useEffect, useRef } from 'react';

/**
 * See the file comment. `openId` is the article the reader shows (null: closed); `area` holds the
 * list (and, in two panes, the reader); `focusList` focuses the list on its selected row.
 */
export function useFocusListOnClose(
  openId: number | null,
  area: RefObject<HTMLElement | null>,
  focusList: () => void,
): void {
  const shown = useRef(openId);
  useEffect(() => {
    const closed = shown.current !== null && openId === null;
    shown.current = openId;
    if (!closed) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && !area.current?.contains(focused)) return;
    focusList();
  }, [openId, area, focusList]);
}
