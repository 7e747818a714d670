/**
 * The place reached in an article, kept across a remount of the reader and a reload of the page.
 *
 * Turning a phone (390 → 844 wide) or widening a window past a layout's edge moves the reader
 * between the phone's full-screen layer and the list's column, which mounts it afresh; it then
 * opened at the article's top and the reader lost their place. The reader now notes where it is
 * as it scrolls, and a reader mounted for the same article in the same commit as the last one went
 * (a layout's switch; a close and a later open are two commits) picks up there.
 *
 * A page that comes back (a reload, Back or Forward into it, a tab the browser discarded in the
 * background, as phones do to tabs left for another app) reopens the article in its address at its
 * top as well. The place is also written to sessionStorage as the page is hidden or left, and the
 * first reader of a page that came back takes it up when it is of the same article.
 *
 * Opening an article (from the list, with j/k) still starts at its top.
 *
 * The place is a block of the article (a paragraph, heading, list item, figure, …) and how far
 * into it the top of the view was, not a pixel offset: at another width the text wraps anew and
 * every offset moves, while the block and the share of it stay where the reader was.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { fromLastPage, leaveForNextPage, onPageLeaving } from '../app/pageLeaving';
import { scrollerOf } from './readerScroll';

/** The blocks a place is counted in, in document order. */
const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, figure, img, table, hr, dt, dd';
/** Where a page's last place is kept for the page that comes back (per tab). */
const STORE_KEY = 'rivulet.readingPlace';

/** A place in an article: its `block`th block, `within` (0–1) of the way down it. */
export interface Place {
  block: number;
  within: number;
}

/**
 * The place at the top of the view: the first block whose bottom is below `top` (the view's top
 * edge, in viewport pixels), given the blocks' boxes in document order (the end of
 * the last one when the view is past them all); null when the view is above the first block (the
 * article's header) or there are none.
 */
export function placeAt(boxes: readonly { top: number; bottom: number }[], top: number): Place | null {
  const first = boxes[0];
  if (!first || first.top >= top) return null;
  for (let i = 0; i < boxes.length; i++) {
    const box = boxes[i]!;
    if (box.bottom > top) {
      const height = box.bottom - box.top;
      return { block: i, within: height > 0 ? Math.min(1, Math.max(0, (top - box.top) / height)) : 0 };
    }
  }
  // Past the last block (the article's end and what follows it): the end of that block.
  return { block: boxes.length - 1, within: 1 };
}

/** How far to scroll (a change of scrollTop) to bring `place` to `top`, given the blocks' boxes. */
export function scrollFor(
  boxes: readonly { top: number; bottom: number }[],
  place: Place,
  top: number,
): number {
  const box = boxes[place.block];
  if (!box) return 0;
  return box.top + place.within * (box.bottom - box.top) - top;
}

// The last reader's place: its article, the place, and whether that reader has gone (cleared in
// the microtask after, once the commit that unmounted it is over).
let kept: { id: number; place: Place | null; gone: boolean } | null = null;
// No reader has been shown since the page loaded.
let firstReader = true;

const boxesIn = (body: HTMLElement) =>
  Array.from(body.querySelectorAll(BLOCKS), (el) => el.getBoundingClientRect());

// The top of what the reader sees: below the reader's toolbar, which stays over the top of the
// article as it scrolls (reader.css `.rv-toolbar`), else the scroller's own top.
function viewTop(root: HTMLElement | null, scroller: HTMLElement): number {
  const bar = root?.querySelector('.rv-toolbar');
  return bar ? bar.getBoundingClientRect().bottom : scroller.getBoundingClientRect().top;
}

/**
 * Keeps the place reached in article `id` (its body in `bodyRef`, the reader's root in
 * `rootRef`) and, when this reader replaces one of the same article that has just gone (or is the
 * first of a page that came back to it), scrolls back to that place. Call it after the reader's
 * own "open at the top" layout effect.
 */
export function useReadingPlace(
  id: number,
  rootRef: RefObject<HTMLElement | null>,
  bodyRef: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const scroller = scrollerOf(rootRef.current);
    const remounted = kept?.id === id && kept.gone ? kept.place : null;
    const back = remounted ?? (firstReader && pageCameBack() ? storedPlace(id) : null);
    firstReader = false;
    kept = { id, place: back, gone: false };
    if (back && body && scroller)
      scroller.scrollTop += scrollFor(boxesIn(body), back, viewTop(rootRef.current, scroller));
    // A layout effect's cleanup: when a reader goes, React runs it before the next reader's
    // layout effects in the same commit (a passive effect's would run after them, too late).
    return () => {
      const mine = kept;
      if (mine?.id !== id) return;
      mine.gone = true;
      queueMicrotask(() => {
        if (kept === mine) kept = null;
      });
    };
  }, [id, rootRef, bodyRef]);

  useEffect(() => {
    const body = bodyRef.current;
    const scroller = scrollerOf(rootRef.current);
    let frame = 0;
    const note = () => {
      frame = 0;
      // Not once this reader has gone (a frame asked for before it went).
      if (!body?.isConnected || !scroller || kept?.id !== id || kept.gone) return;
      kept.place = placeAt(boxesIn(body), viewTop(rootRef.current, scroller));
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(note);
    };
    scroller?.addEventListener('scroll', onScroll, { passive: true });
    // The page hidden or left: the place as it is now, for the page that comes back (none at the top).
    const stopSaving = onPageLeaving(() => {
      note();
      if (kept?.id === id && !kept.gone)
        leaveForNextPage(STORE_KEY, kept.place ? { id, ...kept.place } : null);
    });
    return () => {
      scroller?.removeEventListener('scroll', onScroll);
      stopSaving();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [id, rootRef, bodyRef]);
}

/**
 * Whether this page load comes back to an earlier one of this tab: a reload, Back or Forward
 * into it, or a tab the browser discarded (Chromium's `document.wasDiscarded`).
 */
function pageCameBack(): boolean {
  if ((document as { wasDiscarded?: boolean }).wasDiscarded) return true;
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'reload' || nav?.type === 'back_forward';
}

/** The place stored for article `id`, or null (another article's, none, or not readable). */
function storedPlace(id: number): Place | null {
  const v = fromLastPage(STORE_KEY) as Partial<Place & { id: number }> | null;
  return v?.id === id && typeof v.block === 'number' && typeof v.within === 'number'
    ? { block: v.block, within: v.within }
    : null;
}
