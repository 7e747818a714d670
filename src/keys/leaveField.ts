/**
 * Esc in a text field leaves it, so the app's keys work again (Gmail and Feedly do the same): the
 * filter editor and the subscribe screen focus their field on arrival, and Esc, Esc did nothing
 * there, so `g a` typed "ga" into the query. Left alone: a field inside a dialog or menu (Esc
 * closes that), one whose suggestion list is open (Esc closes the list first), and a press
 * something else already handled.
 */
import { useEffect } from 'react';
import { isTypingTarget } from '../reader/shortcuts';

/** True when this Esc should take focus out of its field (see the file comment). */
export function leavesField(event: KeyboardEvent): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return false;
  const target = event.target;
  if (!(target instanceof HTMLElement) || !isTypingTarget(target)) return false;
  if (target.getAttribute('aria-expanded') === 'true') return false;
  return !target.closest('[role="dialog"], [role="menu"], [role="listbox"], [aria-modal="true"]');
}

/** Installs the Esc-leaves-a-field rule on the window while mounted (once, near the app root). */
export function useEscapeLeavesField(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!leavesField(event)) return;
      (event.target as HTMLElement).blur();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
