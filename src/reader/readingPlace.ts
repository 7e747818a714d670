/**
 * The place reached in an article, kept across a remount of the reader. Turning a phone
 * (390 → 844 wide) or widening a window past a layout's edge moves the reader between the
 * phone's full-screen layer and the list's column, which mounts it afresh; it then opened at
 * the article's top and the reader lost their place. The reader now notes where it is as it
 * scrolls, and a reader mounted for the same article right after the last one went picks up
 * there. Opening an article (from the list, with j/k) still starts at its top: the note is only
 * taken up within REMOUNT_MS of the reader that wrote it going, and only for the same article.
 *
 * The place is a block of the article (a paragraph, heading, list item, figure, …) and how far
 * into it the top of the view was, not a pixel offset: at another width the text wraps anew and
 * every offset moves, while the block and the share of it stay where the reader was.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { scrollerOf } from './readerScroll';

/** The blocks a place is counted in, in document order. */
const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, figure, img, table, hr, dt, dd';
/** How soon after the last reader went a reader of the same article takes its place up. */
const REMOUNT_MS = 1000;

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

// The last reader's place: its article, the place, and when that reader went (0 while shown).
let kept: { id: number; place: Place | null; gone: number } | null = null;

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
 * `rootRef`) and, when this reader replaces one of the same article that has just gone, scrolls
 * back to that place. Call it after the reader's own "open at the top" layout effect.
 */
export function useReadingPlace(
  id: number,
  rootRef: RefObject<HTMLElement | null>,
  bodyRef: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const scroller = scrollerOf(rootRef.current);
    const back =
      kept?.id === id && kept.gone > 0 && performance.now() - kept.gone < REMOUNT_MS ? kept.place : null;
    kept = { id, place: back, gone: 0 };
    if (back && body && scroller)
      scroller.scrollTop += scrollFor(boxesIn(body), back, viewTop(rootRef.current, scroller));
    // A layout effect's cleanup: when a reader goes, React runs it before the next reader's
    // layout effects (a passive effect's would run after them, too late to be seen).
    return () => {
      if (kept?.id === id) kept.gone = performance.now();
    };
  }, [id, rootRef, bodyRef]);

  useEffect(() => {
    const body = bodyRef.current;
    const scroller = scrollerOf(rootRef.current);
    let frame = 0;
    const note = () => {
      frame = 0;
      // Not once this reader has gone (a frame asked for before it went).
      if (!body?.isConnected || !scroller || kept?.id !== id || kept.gone > 0) return;
      kept.place = placeAt(boxesIn(body), viewTop(rootRef.current, scroller));
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(note);
    };
    scroller?.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller?.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [id, rootRef, bodyRef]);
}
