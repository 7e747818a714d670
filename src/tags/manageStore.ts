/**
 * Whether Manage tags is open: one dialog for the app, mounted by ManageTagsHost (IndexLayout),
 * not by the sidebar that opens it. The sidebar goes away when the window narrows to a drawer
 * and a phone, and a dialog it held went with it, closed in the middle of an edit.
 */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

/** Opens Manage tags. */
export const openManageTags = (): void => set(true);

/** Closes Manage tags. */
export const closeManageTags = (): void => set(false);

/** True while Manage tags is open. */
export function useManageTagsOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
