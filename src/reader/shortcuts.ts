/**
 * Keyboard shortcuts: one small registry hook. Which key does what is the app's one key map
 * (src/keys/keyMap.ts), the single source for handlers and the help dialog.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

/** A handler; return `false` to let the event continue (no preventDefault). */
export type ShortcutHandler = (event: KeyboardEvent) => void | false;

/**
 * Keys are `KeyboardEvent.key` values, optionally with modifiers joined by '+':
 * `'j'`, `'ArrowLeft'`, `'Escape'`, `'R'`, `'?'`, `'ctrl+k'`, `'mod+k'` (Ctrl or ⌘), `'ctrl+b'`.
 * Letters are case-sensitive (`'M'` is Shift+m). Shift is implied by printable characters and
 * must be written for named keys (`'shift+ArrowDown'`).
 */
export type ShortcutMap = Record<string, ShortcutHandler>;

interface Combo {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
  mod: boolean;
}

function parse(spec: string): Combo {
  const parts = spec === '+' ? ['+'] : spec.split('+');
  const key = parts.pop() ?? '';
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return {
    key,
    ctrl: mods.has('ctrl'),
    meta: mods.has('meta'),
    alt: mods.has('alt'),
    shift: mods.has('shift'),
    mod: mods.has('mod'),
  };
}

/** Whether `event` is exactly the combination `spec` (see {@link ShortcutMap}). */
export function matchesShortcut(event: KeyboardEvent, spec: string): boolean {
  const c = parse(spec);
  const printable = c.key.length === 1;
  // With Ctrl/⌘/Alt held the letter's case is not meaningful ('ctrl+k' = Ctrl+Shift+K too).
  const loose = printable && (c.ctrl || c.meta || c.mod || c.alt);
  if (loose ? event.key.toLowerCase() !== c.key.toLowerCase() : event.key !== c.key) return false;
  const ctrl = c.ctrl || (c.mod && !event.metaKey);
  const meta = c.meta || (c.mod && !event.ctrlKey);
  if (event.ctrlKey !== ctrl || event.metaKey !== meta || event.altKey !== c.alt) return false;
  // Shift is part of printable characters ('?', 'R'); only named keys compare it.
  return printable || event.shiftKey === c.shift;
}

/** Whether the event comes from somewhere the user is typing. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""],[contenteditable="true"]'))
    return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Controls whose own keys are Enter and Space. */
const ACTIVATES =
  'a[href], button, summary, [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="checkbox"], [role="switch"], [role="option"]';

/**
 * Enter or Space on a control reached with the keyboard (Tab): it is that control's to activate,
 * as everywhere else (Enter on a focused sidebar link opened the selected article instead). A
 * control focused by a click keeps no claim on them (a row's star clicked, then j j Enter opens
 * the article): `:focus-visible` tells the two apart.
 */
export function activatesFocused(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' && event.key !== ' ') return false;
  const target = event.target;
  if (!(target instanceof HTMLElement) || !target.matches(ACTIVATES)) return false;
  try {
    return target.matches(':focus-visible');
  } catch {
    // A browser without :focus-visible: a focused control keeps its keys.
    return true;
  }
}

/**
 * What covers the page and takes the keys while it is open: a dialog (settings, the help, a
 * confirmation, the image preview) or a menu or other dropdown. Not the narrow screens' sidebar
 * drawer, which keeps the app's keys.
 */
const OVERLAY = '.mantine-Modal-content, .mantine-Popover-dropdown, [role="menu"]';

/** Whether a transition or animation is running on the element (browsers without the API: no). */
const fading = (el: HTMLElement): boolean =>
  typeof el.getAnimations === 'function' && el.getAnimations().length > 0;

/** True while a dialog, a menu or a dropdown is open over the page. */
export function overlayOpen(): boolean {
  for (const el of document.querySelectorAll<HTMLElement>(OVERLAY)) {
    // A dialog that says it is closing (`data-closing` on its root, set in the render that
    // closed it): its fade starts a frame or two later, and a key pressed before it would
    // still have counted as pressed over the dialog (Esc and at once `/` lost the `/`).
    if (el.closest('[data-closing]')) continue;
    // One that is closing (its inline style already says its closed look while it fades) or
    // closed but left in the page is not open: a key pressed right after Esc closed a dialog
    // belongs to the page again.
    if (el.style.opacity === '0' || el.style.display === 'none') continue;
    const style = getComputedStyle(el);
    if (style.display === 'none') continue;
    // Computed opacity 0: hidden, unless it is fading in (the animated value is 0 at the first
    // frame of the fade, when the dialog is already open and a key pressed belongs to it).
    if (style.opacity !== '0' || fading(el)) return true;
  }
  return false;
}

// Key presses that began while an overlay was open. Recorded in the capture phase, before any
// listener runs: the overlay's own handler may close it (Esc) before the page's shortcut
// listeners see the same press, and that press must not also close the article underneath.
// Installed when this module loads, so it is the first capture listener of all.
const pressedUnderOverlay = new WeakSet<Event>();
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      if (overlayOpen()) pressedUnderOverlay.add(event);
    },
    true,
  );
}

/** Whether a key press began while a dialog, menu or dropdown was open (see {@link overlayOpen}). */
export function pressedOverOverlay(event: Event): boolean {
  return pressedUnderOverlay.has(event);
}

/**
 * Listens on `window` for the shortcuts in `map` while `enabled` (default true). Ignores
 * presses made while a dialog, menu or dropdown is open (they belong to it; `overlay: true` for
 * the shortcuts of such an overlay itself),
 * events while typing (inputs, textareas, selects, contenteditable), events already handled
 * (`defaultPrevented`), IME composition and auto-repeat of non-navigation keys. The map may
 * change every render without re-subscribing. Calls `preventDefault` on a match unless the
 * handler returns `false`.
 */
export function useShortcuts(map: ShortcutMap, opts: { enabled?: boolean; overlay?: boolean } = {}): void {
  const enabled = opts.enabled ?? true;
  const overlay = opts.overlay ?? false;
  const mapRef = useRef(map);
  // In the commit, not after it: the router commits a navigation in a transition and runs its
  // passive effects later on a busy page, and a key pressed in between (Enter then Esc by a quick
  // hand) reached the previous render's map, whose close thought no article was open.
  useLayoutEffect(() => {
    mapRef.current = map;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      // An overlay's own map (a menu's) handles Enter on its focused entry itself.
      if (!overlay && activatesFocused(event)) return;
      if (!overlay && pressedOverOverlay(event)) return;
      for (const [spec, handler] of Object.entries(mapRef.current)) {
        if (!matchesShortcut(event, spec)) continue;
        if (event.repeat && !event.key.startsWith('Arrow')) return;
        if (handler(event) !== false) event.preventDefault();
        return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, overlay]);
}
