/**
 * The settings dialog is a history entry while it is open (src/app/overlayEntry.ts): Back closes
 * the dialog instead of leaving the page under it, and Forward opens it again. Opened from the
 * narrow screens' drawer, it takes the drawer's entry instead of stacking on it: the drawer
 * closes, and Back from the dialog returns to the page, closed.
 */
import { hasStateFlag } from '../app/historyState';
import { useOverlayEntry } from '../app/overlayEntry';
import { DRAWER_FLAG } from '../layout/drawerEntry';
import { closeSettings, openSettings } from './dialogState';

const SETTINGS = 'rivuletSettings';

/** True when a history entry's state is the open settings dialog's. */
export const settingsInState = (state: unknown): boolean => hasStateFlag(state, SETTINGS);

/** Keeps the dialog's open state (dialogState.ts, opened from anywhere) and its history entry in step. */
export function useSettingsEntry(opened: boolean): void {
  useOverlayEntry(SETTINGS, opened, { open: openSettings, close: closeSettings, replaces: DRAWER_FLAG });
}
