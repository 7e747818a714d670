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

/** A block's box, in viewport pixels; null for a block that is not rendered (in a closed `<details>`). */
export type BoxAt = (block: number) => { top: number; bottom: number } | null;

/**
 * The place at the top of the view (`top`, its top edge in viewport pixels), given the number of
 * blocks and their boxes in document order: the last block that starts above `top`, and how far
 * into it; the start of the next block when `top` is in the gap after it; the end of the last
 * block when the view is past them all; null when the view is above the first block (the
 * article's header) or there are none.
 *
 * The blocks' tops do not go up in document order (a parent starts where its first child does or
 * above it, a block below the one before), so a binary search finds the block reading about
 * log₂(count) boxes. IMPORTANT: this runs on every scroll frame; reading every block's box there
 * cost 7–9 ms a frame in an article of 3,300 blocks (Chromium on this project's 2-core machine,
 * more on a phone), the search 0.2–0.4 ms, most of it the `querySelectorAll`.
 */
export function placeAt(count: number, boxAt: BoxAt, top: number): Place | null {
  let lo = 0;
  let box = boxAt(0);
  while (!box && lo + 1 < count) box = boxAt(++lo);
  if (!box || box.top >= top) return null;
  // Block `lo` is rendered and starts above `top`; the answer is `lo` or a block after it.
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    let at = mid;
    let probe = boxAt(at);
    while (!probe && at < hi) probe = boxAt(++at);
    if (probe && probe.top < top) {
      lo = at;
      box = probe;
    } else hi = mid - 1;
  }
  if (box.bottom <= top) {
    // In the gap after it (or past the last block): the next rendered block, from its start.
    for (let next = lo + 1; next < count; next++) if (boxAt(next)) return { block: next, within: 0 };
    return { block: lo, within: 1 };
  }
  const height = box.bottom - box.top;
  return { block: lo, within: height > 0 ? Math.min(1, Math.max(0, (top - box.top) / height)) : 0 };
}

/** How far to scroll (a change of scrollTop) to bring `place` to `top`, given its block's box. */
export function scrollFor(box: { top: number; bottom: number } | null, place: Place, top: number): number {
  if (!box) return 0;
  return box.top + place.within * (box.bottom - box.top) - top;
}

// The last reader's place: its article, the place, and whether that reader has gone (cleared in
// the microtask after, once the commit that unmounted it is over).
let kept: { id: number; place: Place | null; gone: boolean } | null = null;
// No reader has been shown since the page loaded.
let firstReader = true;

/** The article's blocks, each box read when asked for (null for one not rendered). */
function blocksOf(body: HTMLElement): { count: number; boxAt: BoxAt } {
  const blocks = body.querySelectorAll(BLOCKS);
  return {
    count: blocks.length,
    boxAt: (i) => {
      const el = blocks[i];
      if (!el) return null;
      const r = el.getBoundingClientRect();
      // `display: none` (inside a closed <details>): no box, read as at the viewport's corner.
      return r.width === 0 && r.height === 0 && el.getClientRects().length === 0 ? null : r;
    },
  };
}

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
      scroller.scrollTop += scrollFor(
        blocksOf(body).boxAt(back.block),
        back,
        viewTop(rootRef.current, scroller),
      );
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
      const { count, boxAt } = blocksOf(body);
      kept.place = placeAt(count, boxAt, viewTop(rootRef.current, scroller));
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
