/**
 * Paging through a long article from the keyboard. The reader sits in a pane that scrolls on its
 * own (or in the phone's full-screen layer), not in the page, and the keys start on the page's
 * body, so the browser's own Space, Page Down and arrow scrolling move nothing: the reader's keys
 * scroll its nearest scrolling ancestor instead.
 */

/** How much of the visible height a page step moves, keeping a few lines in view across it. */
const PAGE = 0.85;
/** One arrow step, in CSS pixels (about two lines of the article's text). */
const LINE = 48;

/**
 * The nearest element that scrolls vertically, `el` itself or an ancestor (below `within` when
 * given), or null.
 */
export function scrollerOf(el: Element | null, within?: Element): HTMLElement | null {
  for (
    let a = el instanceof HTMLElement ? el : (el?.parentElement ?? null);
    a && a !== within;
    a = a.parentElement
  ) {
    const overflow = getComputedStyle(a).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && a.scrollHeight > a.clientHeight) return a;
  }
  return null;
}

/** True when `scroller` shows its end (within a pixel of rounding). */
export function atEnd(scroller: HTMLElement): boolean {
  return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
}

/** Scrolls `scroller` by pages (`'page'`) or lines (`'line'`) in `direction`. */
/** Scrolls to the start (-1) or the end (1) of the article (Home, End). */
export function scrollToEdge(scroller: HTMLElement, direction: 1 | -1): void {
  scroller.scrollTo({ top: direction === 1 ? scroller.scrollHeight : 0 });
}

export function scrollStep(scroller: HTMLElement, unit: 'page' | 'line', direction: 1 | -1): void {
  const by = unit === 'page' ? Math.max(LINE, Math.round(scroller.clientHeight * PAGE)) : LINE;
  scroller.scrollBy({ top: by * direction });
}

/**
 * True when the key press belongs to the control it started on: Space presses a focused button or
 * link, and the arrows move a media player's slider.
 */
export function controlKeeps(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest(
      'button, a[href], [role="button"], [role="menuitem"], [role="slider"], summary, audio, video',
    ) !== null
  );
}
