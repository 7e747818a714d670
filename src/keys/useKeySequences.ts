/**
 * Two-key sequences ('g' then a letter). The first key arms the sequence for SEQUENCE_MS; the
 * next key is taken in the capture phase, before any other shortcut listener sees it, so "g s"
 * goes to Saved and never also saves the selected article. A key that finishes no sequence
 * disarms it and goes on as usual.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isTypingTarget, pressedOverOverlay } from '../reader/shortcuts';
import { SEQUENCE_PREFIX } from './keyMap';

/** How long the prefix waits for its second key (ms). */
export const SEQUENCE_MS = 1500;

// Not while a dialog or menu is open: its keys are its own (reader/shortcuts.ts).
const plain = (e: KeyboardEvent) =>
  !e.ctrlKey &&
  !e.metaKey &&
  !e.altKey &&
  !e.isComposing &&
  !e.defaultPrevented &&
  !isTypingTarget(e.target) &&
  !pressedOverOverlay(e);

/** Listens for `SEQUENCE_PREFIX` + a key of `seconds` while `enabled`. */
export function useKeySequences(seconds: Map<string, () => void>, enabled = true): void {
  const ref = useRef(seconds);
  // In the commit, as useShortcuts' map (reader/shortcuts.ts): a key right after a render reaches it.
  useLayoutEffect(() => {
    ref.current = seconds;
  });
  useEffect(() => {
    if (!enabled) return;
    let armedUntil = 0;
    const onPrefix = (e: KeyboardEvent) => {
      if (e.key !== SEQUENCE_PREFIX || e.repeat || !plain(e)) return;
      e.preventDefault();
      armedUntil = Date.now() + SEQUENCE_MS;
    };
    const onSecond = (e: KeyboardEvent) => {
      if (armedUntil === 0 || e.key === SEQUENCE_PREFIX || e.key === 'Shift') return;
      const live = Date.now() <= armedUntil;
      armedUntil = 0;
      const run = ref.current.get(e.key);
      if (!live || !run || !plain(e)) return;
      e.preventDefault();
      e.stopPropagation();
      run();
    };
    window.addEventListener('keydown', onSecond, true);
    window.addEventListener('keydown', onPrefix);
    return () => {
      window.removeEventListener('keydown', onSecond, true);
      window.removeEventListener('keydown', onPrefix);
    };
  }, [enabled]);
}
