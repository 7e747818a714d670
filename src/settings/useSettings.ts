import { useSyncExternalStore } from 'react';
import type { AppSettings, SettingsGroup } from './defaults';
import { SettingsStore, followOtherTabs } from './store';

/** The one settings store of this tab (localStorage-backed), following other tabs. */
export const settingsStore = new SettingsStore(window.localStorage);
followOtherTabs(settingsStore);

/** All settings; re-renders on any change. */
export function useSettings(): AppSettings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.getSnapshot);
}

/** One group of settings; re-renders only when that group's object changes. */
export function useSettingsGroup<G extends SettingsGroup>(group: G): AppSettings[G] {
  return useSyncExternalStore(settingsStore.subscribe, () => settingsStore.getSnapshot()[group]);
}

/** Saves a partial change to one group. */
export function updateSettings<G extends SettingsGroup>(group: G, patch: Partial<AppSettings[G]>): void {
  settingsStore.update(group, patch);
}

/** Resets one group to its defaults (saved). */
export function resetSettings(group: SettingsGroup): void {
  settingsStore.reset(group);
}
