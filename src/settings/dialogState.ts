import { useSyncExternalStore } from 'react';

export type SettingsTab = 'general' | 'appearance' | 'integrations' | 'automation';

interface DialogState {
  opened: boolean;
  tab: SettingsTab;
}

let state: DialogState = { opened: false, tab: 'general' };
const listeners = new Set<() => void>();

function set(next: DialogState): void {
  state = next;
  for (const l of listeners) l();
}

/** Opens the settings dialog (from anywhere: sidebar gear, `,` key, other screens). */
export function openSettings(tab: SettingsTab = state.tab): void {
  set({ opened: true, tab });
}

/** Closes the settings dialog, remembering the last tab. */
export function closeSettings(): void {
  set({ ...state, opened: false });
}

/** Switches the visible tab. */
export function setSettingsTab(tab: SettingsTab): void {
  set({ ...state, tab });
}

/** The dialog's open state and tab. */
export function useSettingsDialog(): DialogState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
