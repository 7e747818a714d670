/**
 * Manage tags is a history entry while it is open (src/app/overlayEntry.ts), as the settings
 * dialog is: Back closes it instead of leaving the page under it, Forward opens it again. Opened
 * from the narrow screens' drawer, it takes the drawer's entry rather than stacking on it.
 */
import { hasStateFlag } from '../app/historyState';
import { useOverlayEntry } from '../app/overlayEntry';
import { DRAWER_FLAG } from '../layout/drawerEntry';
import { closeManageTags, openManageTags } from './manageStore';

const MANAGE_TAGS = 'rivuletManageTags';

/** True when a history entry's state is the open Manage tags dialog's. */
export const manageTagsInState = (state: unknown): boolean => hasStateFlag(state, MANAGE_TAGS);

/** Keeps the dialog's open state (manageStore.ts) and its history entry in step. */
export function useManageTagsEntry(opened: boolean): void {
  useOverlayEntry(MANAGE_TAGS, opened, {
    open: openManageTags,
    close: closeManageTags,
    replaces: DRAWER_FLAG,
  });
}
