/**
 * Keyboard shortcuts: one small registry hook and the table of every shortcut in the app
 * (the single source for the help dialog).
 */
import { useEffect, useRef } from 'react';

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

/**
 * Listens on `window` for the shortcuts in `map` while `enabled` (default true). Ignores
 * events while typing (inputs, textareas, selects, contenteditable), events already handled
 * (`defaultPrevented`), IME composition and auto-repeat of non-navigation keys. The map may
 * change every render without re-subscribing. Calls `preventDefault` on a match unless the
 * handler returns `false`.
 */
export function useShortcuts(map: ShortcutMap, opts: { enabled?: boolean } = {}): void {
  const enabled = opts.enabled ?? true;
  const mapRef = useRef(map);
  useEffect(() => {
    mapRef.current = map;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      for (const [spec, handler] of Object.entries(mapRef.current)) {
        if (!matchesShortcut(event, spec)) continue;
        if (event.repeat && !event.key.startsWith('Arrow')) return;
        if (handler(event) !== false) event.preventDefault();
        return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** One row of the help table. */
export interface ShortcutInfo {
  keys: string[];
  description: string;
  scope: 'Everywhere' | 'Article list' | 'Reader';
}

/** Every shortcut of the app, in the order the help dialog shows them. */
export const SHORTCUTS: readonly ShortcutInfo[] = [
  { keys: ['j', '↓'], description: 'Next item', scope: 'Article list' },
  { keys: ['k', '↑'], description: 'Previous item', scope: 'Article list' },
  { keys: ['Enter', 'o'], description: 'Open item', scope: 'Article list' },
  { keys: ['v'], description: 'Cycle view', scope: 'Article list' },
  { keys: ['M'], description: 'Mark all as read', scope: 'Article list' },
  { keys: ['u'], description: 'Show only unread', scope: 'Article list' },
  { keys: ['Esc'], description: 'Close article / dialog', scope: 'Reader' },
  { keys: ['←', '→'], description: 'Previous / next article', scope: 'Reader' },
  { keys: ['m'], description: 'Mark read / unread', scope: 'Reader' },
  { keys: ['s', 'f'], description: 'Save / unsave', scope: 'Reader' },
  { keys: ['v'], description: 'Open original in a new tab', scope: 'Reader' },
  { keys: ['g'], description: 'AI summary', scope: 'Reader' },
  { keys: ['R'], description: 'Refresh feeds', scope: 'Everywhere' },
  { keys: ['n', 'N'], description: 'Next / previous feed with unread', scope: 'Everywhere' },
  { keys: ['/', 'Ctrl+K'], description: 'Search', scope: 'Everywhere' },
  { keys: ['a'], description: 'Subscribe to a feed', scope: 'Everywhere' },
  { keys: ['Ctrl+B'], description: 'Toggle sidebar', scope: 'Everywhere' },
  { keys: ['?'], description: 'Keyboard shortcuts', scope: 'Everywhere' },
];
