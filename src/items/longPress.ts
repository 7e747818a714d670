/**
 * A long press on a touch screen opens a row's menu, where a mouse uses the right button. Chrome
 * on Android turns a long press into a `contextmenu` event by itself; Safari on iPhone and iPad
 * does not, so without this its readers could not reach "Mark above as read" or the tags of a row
 * in a list. Whichever comes first opens the menu, once: a browser's `contextmenu` cancels the
 * timer, and one arriving after the timer fired is swallowed, as are the mouse events and click a
 * lift may bring (Chromium driven through DevTools' touch events sends a tap's on the lift, whose
 * mousedown closed the menu it had just opened).
 */
import { type RefObject, useEffect, useRef } from 'react';
import { MOVED_PX } from '../reader/swipe';

/** How long a finger rests before it is a long press (ms): iOS and Android use about this. */
export const LONG_PRESS_MS = 500;
/** After a long press, what the browser sends this soon after the lift belongs to it (ms). */
const AFTER_MS = 400;

/** The events a lift may bring after a long press (a tap's), kept from the page. */
const SWALLOWED = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'] as const;

/**
 * Calls `onPress` with the element touched and where, when a single finger rests on `ref`'s
 * element for `LONG_PRESS_MS` without moving. Off when `enabled` is false.
 */
export function useLongPress(
  ref: RefObject<HTMLElement | null>,
  onPress: (target: Element, x: number, y: number) => void,
  enabled = true,
): void {
  const latest = useRef(onPress);
  useEffect(() => {
    latest.current = onPress;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let timer: number | undefined;
    let start: { x: number; y: number; target: Element } | null = null;
    // Until when events are the long press's own: from it firing until soon after the lift.
    let swallowUntil = -Infinity;
    const cancel = () => {
      window.clearTimeout(timer);
      start = null;
    };
    const onStart = (e: TouchEvent) => {
      cancel();
      swallowUntil = -Infinity;
      const touch = e.touches[0];
      if (e.touches.length !== 1 || !touch || !(e.target instanceof Element)) return;
      const target = e.target;
      start = { x: touch.clientX, y: touch.clientY, target };
      timer = window.setTimeout(() => {
        if (!start) return;
        swallowUntil = Infinity;
        const { x, y } = start;
        start = null;
        latest.current(target, x, y);
      }, LONG_PRESS_MS);
    };
    const onEnd = () => {
      cancel();
      if (swallowUntil === Infinity) swallowUntil = performance.now() + AFTER_MS;
    };
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!start || !touch) return;
      if (Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > MOVED_PX) cancel();
    };
    // The browser's own long press (Chrome on Android): it opens the menu, or, after ours did, is
    // swallowed so the menu does not open twice.
    const onContextMenu = (e: Event) => {
      if (start) cancel();
      else swallow(e);
    };
    const swallow = (e: Event) => {
      if (performance.now() >= swallowUntil) return;
      e.preventDefault();
      e.stopPropagation();
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: true });
    el.addEventListener('touchend', onEnd, { passive: true });
    el.addEventListener('touchcancel', onEnd, { passive: true });
    el.addEventListener('contextmenu', onContextMenu, true);
    for (const type of SWALLOWED) el.addEventListener(type, swallow, true);
    return () => {
      cancel();
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
      el.removeEventListener('contextmenu', onContextMenu, true);
      for (const type of SWALLOWED) el.removeEventListener(type, swallow, true);
    };
  }, [ref, enabled]);
}
