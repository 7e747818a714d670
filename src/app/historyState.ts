/**
 * Marks in a history entry's state, for the screens that are history entries of their own (the
 * article reader's address, src/items/articleAddress.ts; the narrow screens' drawer,
 * src/layout/drawerEntry.ts; the settings dialog, src/settings/settingsEntry.ts): a mark tells an
 * entry the app pushed from one it did not, so closing can pop it.
 */

/** True when a history entry's `state` carries the mark `flag`. */
export function hasStateFlag(state: unknown, flag: string): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[flag] === true;
}

/** `state` (an entry's own, kept) with the mark `flag` added. */
export function withStateFlag(state: unknown, flag: string): Record<string, unknown> {
  const own = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { ...own, [flag]: true };
}

/** `state` (an entry's own, kept) without the mark `flag`. */
export function withoutStateFlag(state: unknown, flag: string): Record<string, unknown> {
  const own = typeof state === 'object' && state !== null ? { ...(state as Record<string, unknown>) } : {};
  delete own[flag];
  return own;
}

/**
 * The app's state of the history entry the browser is on now. A page that replaces its address
 * and keeps the entry's marks must copy this, not its render's `location.state`: the router
 * renders a navigation in a transition, so a render can still show the entry under one a dialog
 * pushed a moment before, and copying that state over the dialog's entry wipes its mark (Back
 * then left the page instead of closing Manage tags). React Router's browser history keeps the
 * app's state under `usr` in `history.state`.
 */
export function liveEntryState(): unknown {
  const entry: unknown = window.history.state;
  return typeof entry === 'object' && entry !== null ? (entry as { usr?: unknown }).usr : undefined;
}
