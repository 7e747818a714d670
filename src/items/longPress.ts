/**
 * A long press on a touch screen opens a row's menu, where a mouse uses the right button. Chrome
 * on Android turns a long press into a `contextmenu` event by itself; Safari on iPhone and iPad
 * does not, so without this its readers could not reach "Mark above as read" or the tags of a row
 * in a list. Whichever comes first opens the menu, once: a browser's `contextmenu` cancels the
 * timer, and one arriving after the timer fired is swallowed, as are the mouse events and click a
 * lift may bring (Chromium driven through DevTools' touch events sends a tap's on the lift, whose
 * mousedown closed the menu it had just opened, and whose click, landing on the menu or the row,
 * ran an entry or opened the article).
 *
 * Those events can come late: on a busy page (a loaded phone, or CI) Chromium sent them more than
 * 400 ms after the lift. So they are swallowed anywhere on the page (they may land on the menu,
 * outside the list) until the next touch begins, when they say they come from a touch; a mouse's
 * own events pass, and events that do not say where they come from (Safari's) are swallowed only
 * for `AFTER_MS` after the lift.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { MOVED_PX } from '../reader/swipe';

/** How long a finger rests before it is a long press (ms): iOS and Android use about this. */
export const LONG_PRESS_MS = 500;
/** After a long press, events that do not say whether a touch made them belong to it this long after the lift (ms). */
const AFTER_MS = 400;

/** The events a lift may bring after a long press (a tap's), kept from the page. */
const SWALLOWED = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'] as const;

/**
 * Whether a touch made `e`: its pointer type where it has one (pointer events, and clicks in
 * Chromium), else its source's capabilities (Chromium's mouse events); undefined when it does
 * not say (a script's click, Safari's mouse events).
 */
export function madeByTouch(e: Event): boolean | undefined {
  if ('pointerType' in e && typeof e.pointerType === 'string' && e.pointerType !== '') {
    return e.pointerType === 'touch';
  }
  const caps = (e as { sourceCapabilities?: { firesTouchEvents?: boolean } | null }).sourceCapabilities;
  return typeof caps?.firesTouchEvents === 'boolean' ? caps.firesTouchEvents : undefined;
}

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
    const win = el.ownerDocument.defaultView ?? window;
    let timer: number | undefined;
    let start: { x: number; y: number; target: Element } | null = null;
    // From the long press firing until the next touch begins, events a touch made are its own.
    let pressed = false;
    // When the finger that pressed was lifted (null while it is down).
    let liftedAt: number | null = null;
    const cancel = () => {
      window.clearTimeout(timer);
      start = null;
    };
    // Any new touch, on the list or on the menu, is the reader's own again. A touch's pointerdown
    // comes before its touchstart, so it ends the long press's events too (a lift brings none).
    const onAnyStart = (e: Event) => {
      if (e.type === 'touchstart' || madeByTouch(e) === true) pressed = false;
    };
    const onStart = (e: TouchEvent) => {
      cancel();
      const touch = e.touches[0];
      if (e.touches.length !== 1 || !touch || !(e.target instanceof Element)) return;
      const target = e.target;
      start = { x: touch.clientX, y: touch.clientY, target };
      timer = window.setTimeout(() => {
        if (!start) return;
        pressed = true;
        liftedAt = null;
        const { x, y } = start;
        start = null;
        latest.current(target, x, y);
      }, LONG_PRESS_MS);
    };
    const onEnd = () => {
      cancel();
      if (pressed && liftedAt === null) liftedAt = performance.now();
    };
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!start || !touch) return;
      if (Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > MOVED_PX) cancel();
    };
    // While the finger is down, or for AFTER_MS after its lift.
    const soonAfter = () => liftedAt === null || performance.now() - liftedAt < AFTER_MS;
    // Whether `e` may still be the long press's: its lift's, or the browser's own menu.
    const ours = (e: Event) => {
      if (!pressed) return false;
      return madeByTouch(e) ?? soonAfter();
    };
    const swallow = (e: Event) => {
      if (!ours(e)) return;
      e.preventDefault();
      e.stopPropagation();
    };
    // The browser's own long press (Chrome on Android): it opens the menu, or, after ours did, is
    // swallowed so the menu does not open twice.
    const onContextMenu = (e: Event) => {
      if (start) cancel();
      else if (pressed && soonAfter()) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    // Before the swallowing listeners, so a new touch's pointerdown is not taken for the lift's.
    win.addEventListener('pointerdown', onAnyStart, { capture: true, passive: true });
    win.addEventListener('touchstart', onAnyStart, { capture: true, passive: true });
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: true });
    el.addEventListener('touchend', onEnd, { passive: true });
    el.addEventListener('touchcancel', onEnd, { passive: true });
    el.addEventListener('contextmenu', onContextMenu, true);
    for (const type of SWALLOWED) win.addEventListener(type, swallow, true);
    return () => {
      cancel();
      win.removeEventListener('pointerdown', onAnyStart, { capture: true });
      win.removeEventListener('touchstart', onAnyStart, { capture: true });
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
      el.removeEventListener('contextmenu', onContextMenu, true);
      for (const type of SWALLOWED) win.removeEventListener(type, swallow, true);
    };
  }, [ref, enabled]);
}
