import { type AppSettings, type SettingsGroup, defaultSettings } from './defaults';
import { checkSettings } from './merge';

export const SETTINGS_KEY = 'app-settings';

type Listener = () => void;

/** Where the last settings the app saved are copied, for "Restore the saved copy". */
export const SAVED_COPY_KEY = `${SETTINGS_KEY}.saved`;
const BACKUP_PREFIX = `${SETTINGS_KEY}.backup-`;

/** What was wrong with the stored settings, for the notice that tells the person. */
export interface SettingsProblem {
  /** The stored text was not JSON or not an object: every setting is at its default. */
  unreadable: boolean;
  /** `group.key` paths reset to their defaults (see checkSettings); `*` when unreadable. */
  reset: string[];
  /** Where the stored text was copied before it was repaired; null when it could not be. */
  backupKey: string | null;
  /** The stored text as found (first 2,000 characters), for the disclosure. */
  raw: string;
  /** The last settings the app saved, when that copy is usable and differs from what is in force. */
  saved: { settings: AppSettings; savedAt: number } | null;
}

/** Settings as read, and what had to be repaired (null when nothing). */
export interface SettingsRead {
  settings: AppSettings;
  problem: SettingsProblem | null;
}

function readSavedCopy(storage: Storage): { settings: AppSettings; savedAt: number } | null {
  try {
    const copy = JSON.parse(storage.getItem(SAVED_COPY_KEY) ?? 'null') as unknown;
    if (typeof copy !== 'object' || copy === null) return null;
    const { settings, savedAt } = copy as { settings?: unknown; savedAt?: unknown };
    const checked = checkSettings(settings);
    if (checked.reset.length || typeof savedAt !== 'number') return null;
    return { settings: checked.settings, savedAt };
  } catch {
    return null;
  }
}

function writeSavedCopy(storage: Storage, settings: AppSettings, now: number): void {
  try {
    storage.setItem(SAVED_COPY_KEY, JSON.stringify({ savedAt: now, settings }));
  } catch {
    // Quota full: the copy is a convenience; the settings themselves were saved (or warned about).
  }
}

// The key already holding exactly `raw`, so a text seen twice is backed up once.
function existingBackup(storage: Storage, raw: string): string | null {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(BACKUP_PREFIX) && storage.getItem(key) === raw) return key;
    }
  } catch {
    // A storage without key(): look no further.
  }
  return null;
}

/**
 * Reads the settings from `storage`, keeping every usable value and resetting only what is not
 * (checkSettings). When something had to be reset the stored text is first copied to
 * `app-settings.backup-<ms timestamp>` (once per distinct text), then the repaired settings
 * replace it (only once the copy is made, so nothing is ever lost), a warning is logged, and
 * `problem` says what happened. A clean read makes sure a saved copy exists. Never throws.
 */
export function readSettingsReport(storage: Storage, now: () => number = Date.now): SettingsRead {
  let raw: string | null;
  try {
    raw = storage.getItem(SETTINGS_KEY);
  } catch (err) {
    console.warn('Settings: localStorage is not readable, using defaults', err);
    return { settings: defaultSettings(), problem: null };
  }
  if (raw === null) return { settings: defaultSettings(), problem: null };
  let parsed: unknown;
  let unreadable = false;
  try {
    parsed = JSON.parse(raw);
  } catch {
    unreadable = true;
  }
  const checked = unreadable ? { settings: defaultSettings(), reset: ['*'] } : checkSettings(parsed);
  if (checked.reset.includes('*')) unreadable = true;
  if (!checked.reset.length) {
    if (storage.getItem(SAVED_COPY_KEY) === null) writeSavedCopy(storage, checked.settings, now());
    return { settings: checked.settings, problem: null };
  }
  let backupKey = existingBackup(storage, raw);
  try {
    if (!backupKey) {
      backupKey = `${BACKUP_PREFIX}${now()}`;
      storage.setItem(backupKey, raw);
    }
    // Safe now that the text has a copy; without this every load would report it again.
    storage.setItem(SETTINGS_KEY, JSON.stringify(checked.settings));
  } catch {
    // Quota full: the original text is still under SETTINGS_KEY until the next save.
    backupKey = null;
  }
  console.warn(
    `Settings: ${unreadable ? 'stored JSON is corrupt, using defaults' : `reset ${checked.reset.join(', ')}`} (original kept under ${backupKey ?? SETTINGS_KEY})`,
  );
  const saved = readSavedCopy(storage);
  return {
    settings: checked.settings,
    problem: {
      unreadable,
      reset: checked.reset,
      backupKey,
      raw: raw.slice(0, 2000),
      saved: saved && JSON.stringify(saved.settings) !== JSON.stringify(checked.settings) ? saved : null,
    },
  };
}

/** The settings in `storage` (see readSettingsReport), without the report. */
export function readSettings(storage: Storage, now: () => number = Date.now): AppSettings {
  return readSettingsReport(storage, now).settings;
}

/**
 * A tiny external store for `useSyncExternalStore`: one immutable snapshot, replaced on every
 * change and persisted at once. Other tabs' writes arrive through the `storage` event.
 */
export class SettingsStore {
  private snapshot: AppSettings;
  private readonly listeners = new Set<Listener>();
  /** What the last read had to repair, until the person restores the saved copy or dismisses it. */
  problem: SettingsProblem | null;

  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {
    const read = readSettingsReport(storage, now);
    this.snapshot = read.settings;
    this.problem = read.problem;
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

  /** Puts back the last settings the app saved (see SettingsProblem.saved); false when there is none. */
  restoreSavedCopy(): boolean {
    const saved = this.problem?.saved ?? readSavedCopy(this.storage);
    this.problem = null;
    if (!saved) return false;
    this.replace(saved.settings);
    return true;
  }

  /** The person has seen the problem and keeps the repaired settings. */
  dismissProblem(): void {
    this.problem = null;
  }

  /** Re-reads storage (another tab wrote it) and notifies when something changed. */
  reload(): void {
    const read = readSettingsReport(this.storage, this.now);
    if (read.problem) this.problem = read.problem;
    const next = read.settings;
    if (JSON.stringify(next) === JSON.stringify(this.snapshot)) return;
    this.snapshot = next;
    this.emit();
  }

  private replace(next: AppSettings): void {
    this.snapshot = next;
    try {
      this.storage.setItem(SETTINGS_KEY, JSON.stringify(next));
      writeSavedCopy(this.storage, next, this.now());
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
