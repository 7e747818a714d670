/**
 * A horizontal swipe across the article steps to the next (right to left) or previous article on
 * a touch screen, as phone readers (Feedly, Inoreader, Reeder) do; the toolbar's Previous / Next
 * stay for those who do not swipe. Passive touch listeners only: the page keeps its own vertical
 * scrolling, pinch zoom and text selection, and the swipe is judged once the finger lifts.
 *
 * Left alone: a touch that starts near either edge of the screen (the system's back gesture), in
 * something that scrolls sideways itself (a code block, a wide table), in a form field or in a
 * media player's controls, a touch with a text selection (the highlighter's), a second finger,
 * a page zoomed in (the stroke pans it), and a slow or mostly vertical movement.
 */
import { type RefObject, useEffect, useRef } from 'react';

/** How far the finger must travel sideways: this share of the pane's width, at least `MIN_PX`. */
const SHARE = 0.22;
const MIN_PX = 64;
/** Sideways travel must be at least this many times the vertical travel. */
const SLOPE = 2;
/** A swipe is a quick movement; a slower one is reading, panning or selecting. */
const MAX_MS = 700;
/** Touches starting this close to the screen's left or right edge belong to the system. */
export const EDGE_PX = 24;

export interface TouchPoint {
  x: number;
  y: number;
  /** ms, any clock shared by both points. */
  t: number;
}

/** How far sideways a swipe must go in a pane `width` pixels wide. */
export function swipeReach(width: number): number {
  return Math.max(MIN_PX, width * SHARE);
}

/**
 * Which way a finished touch from `start` to `end` steps, in a pane `width` pixels wide: 1 for
 * the next article (finger moved left), -1 for the previous one, null when it was no swipe.
 * `timed` false drops the time limit: a stroke whose effect was drawn under the finger all
 * along (a row's drag) is judged by where it ends, however slowly it got there.
 */
export function swipeStep(start: TouchPoint, end: TouchPoint, width: number, timed = true): 1 | -1 | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (timed && end.t - start.t > MAX_MS) return null;
  if (Math.abs(dx) < swipeReach(width)) return null;
  if (Math.abs(dx) < SLOPE * Math.abs(dy)) return null;
  return dx < 0 ? 1 : -1;
}

/** Past the reach a dragged element follows the finger less and less, so the drag feels its end. */
export function dragOffset(dx: number, reach: number): number {
  const over = Math.abs(dx) - reach;
  return over <= 0 ? dx : Math.sign(dx) * (reach + over * 0.35);
}

/**
 * A finger this far from where it began has moved (px): a drag has shown which way it goes, and
 * a long press (src/items/longPress.ts) is no longer one.
 */
export const MOVED_PX = 10;

/**
 * Which way a touch in progress is going once it has moved `MOVED_PX`: 'x' when it is at least
 * `SLOPE` times more sideways than vertical (a drag), 'y' otherwise (scrolling), null before.
 */
export function strokeAxis(dx: number, dy: number): 'x' | 'y' | null {
  if (Math.hypot(dx, dy) < MOVED_PX) return null;
  return Math.abs(dx) >= SLOPE * Math.abs(dy) ? 'x' : 'y';
}

/** Where a sideways drag is, for drawing it under the finger. */
export interface SideDrag {
  /** px the finger has travelled sideways since the touch began (negative: leftwards). */
  dx: number;
  /** How far it must travel for the swipe to count (`swipeReach` of the pane). */
  reach: number;
  /** What letting go here would do (`swipeStep` with no time limit). */
  step: 1 | -1 | null;
  /** The element the touch began on. */
  target: Element | null;
}

/** Whether `el` scrolls sideways on its own (a `pre`, a table wrapper): its swipes are its own. */
function scrollsSideways(el: Element): boolean {
  if (el.scrollWidth <= el.clientWidth + 1) return false;
  const overflow = getComputedStyle(el).overflowX;
  return overflow === 'auto' || overflow === 'scroll';
}

/**
 * Whether a touch starting on `target` inside `root` may be a swipe between articles (see the
 * file comment for what is left alone).
 */
export function swipeMayStart(
  target: EventTarget | null,
  root: Element,
  x: number,
  viewport: number,
): boolean {
  if (x < EDGE_PX || x > viewport - EDGE_PX) return false;
  // Zoomed in with two fingers: a sideways stroke pans the zoomed page.
  if ((window.visualViewport?.scale ?? 1) > 1.01) return false;
  const selection = document.getSelection();
  if (selection && !selection.isCollapsed) return false;
  for (let el = target instanceof Element ? target : null; el && el !== root; el = el.parentElement) {
    if (el.matches('input, textarea, select, [contenteditable], audio, video, [role="slider"]')) return false;
    if (scrollsSideways(el)) return false;
    // A code block's Copy button sits over the block, beside its `pre` (ArticleBody.tsx).
    const code = el.classList.contains('rv-code') ? el.querySelector(':scope > pre') : null;
    if (code && scrollsSideways(code)) return false;
  }
  return true;
}

// The step the last swipe asked for, so the article it brings in can slide in from that side.
let lastSwipe: { step: 1 | -1; at: number } | null = null;

/**
 * The direction of a swipe made in the last moments (1 next, -1 previous), once: the reader that
 * mounts for the article a swipe opened asks it to slide in from the side the finger went.
 */
export function takeRecentSwipe(now = Date.now()): 1 | -1 | null {
  const s = lastSwipe;
  lastSwipe = null;
  return s && now - s.at < 2000 ? s.step : null;
}

/**
 * Calls `onSwipe` with the step (1: the finger went left, -1: right) and the element the touch
 * began on, for each swipe across `ref`'s element (see the file comment for what is no swipe).
 * Off when `enabled` is false. While on, the root's `overscroll-behavior-x` holds back the
 * browser's own sideways overscroll, which goes back (or forward) in history and would take the
 * same stroke (src/theme/global.css; on coarse pointers only, so a touchpad's history swipe stays).
 *
 * With `onDrag`, a stroke is followed as it goes: once it has shown itself sideways
 * (`strokeAxis`), every move reports where it is, and its end (or a cancel) reports null. Such a
 * stroke is judged by where the finger lifts, with no time limit (the caller draws what will
 * happen); one that began vertical is a scroll and steps nothing.
 */
export function useSideSwipes(
  ref: RefObject<HTMLElement | null>,
  onSwipe: (step: 1 | -1, target: Element | null) => void,
  enabled: boolean,
  onDrag?: (drag: SideDrag | null) => void,
): void {
  // The handlers change every render (a new row list, a step's pending article); the listeners
  // stay, so a render while the finger is down does not forget where the touch began.
  const latest = useRef(onSwipe);
  const latestDrag = useRef(onDrag);
  useEffect(() => {
    latest.current = onSwipe;
    latestDrag.current = onDrag;
  });
  const follows = onDrag !== undefined;
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let start: (TouchPoint & { target: Element | null }) | null = null;
    let last: TouchPoint | null = null;
    // Followed strokes: the axis the stroke showed, once it has.
    let axis: 'x' | 'y' | null = null;
    const width = () => el.clientWidth || window.innerWidth;
    const endDrag = () => {
      if (axis === 'x') latestDrag.current?.(null);
      axis = null;
    };
    const point = (e: TouchEvent): TouchPoint | null => {
      const touch = e.touches[0] ?? e.changedTouches[0];
      return touch ? { x: touch.clientX, y: touch.clientY, t: e.timeStamp } : null;
    };
    const onStart = (e: TouchEvent) => {
      const p = e.touches.length === 1 ? point(e) : null;
      const target = e.target instanceof Element ? e.target : null;
      endDrag();
      start = p && swipeMayStart(target, el, p.x, window.innerWidth) ? { ...p, target } : null;
      last = start;
    };
    const onMove = (e: TouchEvent) => {
      if (!start) return;
      if (e.touches.length !== 1) {
        start = null;
        endDrag();
        return;
      }
      last = point(e);
      if (!follows || !last) return;
      // A long press that began selecting text (the highlighter's) is no drag.
      const selection = document.getSelection();
      if (selection && !selection.isCollapsed) {
        start = null;
        endDrag();
        return;
      }
      axis ??= strokeAxis(last.x - start.x, last.y - start.y);
      if (axis !== 'x') return;
      const w = width();
      latestDrag.current?.({
        dx: last.x - start.x,
        reach: swipeReach(w),
        step: swipeStep(start, last, w, false),
        target: start.target,
      });
    };
    const onEnd = (e: TouchEvent) => {
      const from = start;
      const followed = axis;
      start = null;
      endDrag();
      if (!from || !last || e.touches.length > 0) return;
      if (follows && followed !== 'x') return;
      // A selection made during the touch (a long press) is the highlighter's.
      const selection = document.getSelection();
      if (selection && !selection.isCollapsed) return;
      const step = swipeStep(from, { ...last, t: e.timeStamp }, width(), !follows);
      if (step) latest.current(step, from.target);
    };
    const onCancel = () => {
      start = null;
      endDrag();
    };
    const root = document.documentElement;
    root.dataset.swipeSteps = String(Number(root.dataset.swipeSteps ?? 0) + 1);
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: true });
    el.addEventListener('touchend', onEnd, { passive: true });
    el.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      const left = Number(root.dataset.swipeSteps ?? 1) - 1;
      if (left > 0) root.dataset.swipeSteps = String(left);
      else delete root.dataset.swipeSteps;
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onCancel);
      endDrag();
    };
  }, [ref, enabled, follows]);
}

/** How long a dragged article takes to slide back when let go short (ms); reader.css has it. */
const SETTLE_MS = 180;

/**
 * Moves a dragged article `offset` px aside, fading it a little; null slides it back (the
 * settle transition), undefined forgets the drag once it is back.
 */
function placeAside(el: HTMLElement, offset: number | null | undefined): void {
  if (offset === undefined) {
    delete el.dataset.swiping;
    return;
  }
  el.dataset.swiping = offset === null ? 'settle' : 'drag';
  const width = el.clientWidth || window.innerWidth;
  el.style.transform = offset === null ? '' : `translateX(${offset.toFixed(1)}px)`;
  el.style.opacity = offset === null ? '' : String(1 - Math.min(0.4, Math.abs(offset) / width));
}

/**
 * Steps with `onNext` / `onPrev` on a swipe across `ref`'s element (see the file comment). Off
 * when `enabled` is false; a step with no handler (the first or last article) does nothing.
 *
 * With `follow`, that element follows a sideways drag (`useSideSwipes`' drag callback) and the
 * swipe is judged by where the finger lifts, however slowly: it moves with the finger up to the
 * reach and less after it, fading a little, and only a third as far where there is no article
 * that way. Let go short, it slides back; let go past the line, it stays aside until the next
 * article replaces it (or slides back if none comes).
 */
export function useSwipeSteps(
  ref: RefObject<HTMLElement | null>,
  handlers: {
    onNext?: () => void;
    onPrev?: () => void;
    enabled: boolean;
    follow?: RefObject<HTMLElement | null>;
  },
): void {
  const { onNext, onPrev, enabled, follow } = handlers;
  const handlerFor = (step: 1 | -1) => (step === 1 ? onNext : onPrev);
  const lastDrag = useRef<SideDrag | null>(null);
  const settleTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  const onDrag = (drag: SideDrag | null) => {
    const el = follow?.current;
    if (!el) return;
    window.clearTimeout(settleTimer.current);
    if (drag) {
      lastDrag.current = drag;
      const open = handlerFor(drag.dx < 0 ? 1 : -1) !== undefined;
      const offset = open ? dragOffset(drag.dx, drag.reach) : drag.dx / 3;
      placeAside(el, offset);
      return;
    }
    const last = lastDrag.current;
    lastDrag.current = null;
    const settle = () => {
      placeAside(el, null);
      settleTimer.current = window.setTimeout(() => placeAside(el, undefined), SETTLE_MS);
    };
    // Stepping: the next article replaces this one; should none come, it slides back.
    if (last?.step && handlerFor(last.step)) settleTimer.current = window.setTimeout(settle, 1500);
    else settle();
  };

  useSideSwipes(
    ref,
    (step) => {
      const go = handlerFor(step);
      if (!go) return;
      lastSwipe = { step, at: Date.now() };
      go();
    },
    enabled,
    follow ? onDrag : undefined,
  );
}
