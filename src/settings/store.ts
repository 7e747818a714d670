import { type AppSettings, type SettingsGroup, defaultSettings } from './defaults';
import { mergeSettings } from './merge';

export const SETTINGS_KEY = 'app-settings';

type Listener = () => void;

/**
 * Reads the settings from `storage`. Corrupt JSON never loses data: the raw text is copied to
 * `app-settings.backup-<ms timestamp>`, the defaults replace it (only once the copy is made),
 * a warning is logged and the defaults are returned.
 */
export function readSettings(storage: Storage, now: () => number = Date.now): AppSettings {
  let raw: string | null;
  try {
    raw = storage.getItem(SETTINGS_KEY);
  } catch (err) {
    console.warn('Settings: localStorage is not readable, using defaults', err);
    return defaultSettings();
  }
  if (raw === null) return defaultSettings();
  try {
    return mergeSettings(JSON.parse(raw));
  } catch (err) {
    const backupKey = `${SETTINGS_KEY}.backup-${now()}`;
    try {
      storage.setItem(backupKey, raw);
      // Safe now that the text has a copy; without this every load would add another backup.
      storage.setItem(SETTINGS_KEY, JSON.stringify(defaultSettings()));
    } catch {
      // Quota full: the original text is still under SETTINGS_KEY until the next save.
    }
    console.warn(`Settings: stored JSON is corrupt, using defaults (original kept under ${backupKey})`, err);
    return defaultSettings();
  }
}

/**
 * A tiny external store for `useSyncExternalStore`: one immutable snapshot, replaced on every
 * change and persisted at once. Other tabs' writes arrive through the `storage` event.
 */
export class SettingsStore {
  private snapshot: AppSettings;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly storage: Storage) {
    this.snapshot = readSettings(storage);
  }

  /** The current settings; the same object until something changes. */
  getSnapshot = (): AppSettings => this.snapshot;

  /** Registers a listener called after each change; returns the unsubscribe function. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Shallow-merges `patch` into one group, saves and notifies. */
  update<G extends SettingsGroup>(group: G, patch: Partial<AppSettings[G]>): void {
    this.replace({ ...this.snapshot, [group]: { ...this.snapshot[group], ...patch } });
  }

  /** Puts one group back to its defaults and saves. */
  reset(group: SettingsGroup): void {
    this.replace({ ...this.snapshot, [group]: defaultSettings()[group] });
  }

  /** Re-reads storage (another tab wrote it) and notifies when something changed. */
  reload(): void {
    const next = readSettings(this.storage);
    if (JSON.stringify(next) === JSON.stringify(this.snapshot)) return;
    this.snapshot = next;
    this.emit();
  }

  private replace(next: AppSettings): void {
    this.snapshot = next;
    try {
      this.storage.setItem(SETTINGS_KEY, JSON.stringify(next));
    } catch (err) {
      // The change still applies to this tab; it just will not survive a reload.
      console.warn('Settings: could not save to localStorage', err);
    }
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

/**
 * Follows writes made by other tabs. Returns the function that stops listening.
 */
export function followOtherTabs(store: SettingsStore, target: Window = window): () => void {
  const onStorage = (e: StorageEvent): void => {
    if (e.key === SETTINGS_KEY || e.key === null) store.reload();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
