/**
 * Keys while the mark-all-read menu is open. They replace the list's keys (j, m, s… must not act
 * on the list behind the menu). Enter takes the option that has focus; before focus has reached
 * the menu (Mantine moves it there on a timer, and Chromium runs input before timers when busy)
 * it takes the first option, the one focus is about to land on.
 */
import type { ShortcutMap } from '../reader/shortcuts';
import { MARK_AGES, type MarkAge } from './markAllRead';

/** Attribute that carries each menu option's age, read back when Enter is pressed on it. */
export const MARK_AGE_ATTR = 'data-mark-age';

/** The age of the option `target` is (or is inside of), or null. */
export function markAgeOf(target: EventTarget | null): MarkAge | null {
  if (!(target instanceof Element)) return null;
  const value = target.closest(`[${MARK_AGE_ATTR}]`)?.getAttribute(MARK_AGE_ATTR);
  return MARK_AGES.find((age) => age === value) ?? null;
}

function focusOption(which: 'first' | 'last'): void {
  const options = document.querySelectorAll<HTMLElement>(`[${MARK_AGE_ATTR}]`);
  options[which === 'first' ? 0 : options.length - 1]?.focus();
}

/**
 * The open menu's keys: Enter (the focused option, else "everything"), 1 / 2 / 3 (an option by
 * position), Esc (close), ↓ / ↑ (into the menu when focus is still outside it; inside, Mantine's
 * items handle arrows first and this map never sees them).
 */
export function markMenuKeymap(choose: (age: MarkAge) => void, close: () => void): ShortcutMap {
  const map: ShortcutMap = {
    Enter: (event) => choose(markAgeOf(event.target) ?? 'all'),
    Escape: () => close(),
    ArrowDown: () => focusOption('first'),
    ArrowUp: () => focusOption('last'),
  };
  MARK_AGES.forEach((age, i) => {
    map[String(i + 1)] = () => choose(age);
  });
  return map;
}
