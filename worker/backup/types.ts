/**
 * The data types of backups (worker/backup/), shared with the UI by type import through
 * worker/types.ts.
 */

/** The first line of a backup file (see worker/backup/format.ts). */
export interface BackupHeaderInfo {
  format: 'rivulet-backup';
  version: number;
  /** ms since the epoch. */
  createdAt: number;
  schemaVersion: number;
  /** Records per store; `@settings` is the page's settings. */
  counts: Record<string, number>;
}

/** What `backup.inspect` found in a file that passed every check. */
export interface BackupPreview {
  /** Pass to `backup.restore`. */
  id: string;
  header: BackupHeaderInfo;
  hasSettings: boolean;
  /** Stores in the file this version does not have (left out of a restore). */
  unknownStores: string[];
}

/** What `backup.restore` did. `settings`: the backup's page settings, for the page to apply. */
export interface RestoreResult {
  mode: 'merge' | 'replace';
  written: Record<string, number>;
  settings: unknown;
  /** Tags the settings kept beside the data until the page applied them (`backup.settingsApplied`). */
  restoreId: string;
}
