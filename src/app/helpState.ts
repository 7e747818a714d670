/** Whether the keyboard shortcuts dialog is open: a tiny store so any screen can open it. */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

/** Opens (true) or closes (false) the shortcuts dialog. */
export function setShortcutsHelp(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** React binding of the dialog state. */
export function useShortcutsHelp(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}
