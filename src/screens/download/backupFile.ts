/**
 * Making and restoring backup files on the page side. The engine streams the backup as NDJSON
 * chunks (never the whole database in one message) and this assembles them into a Blob; a
 * restore hands the picked File to the engine, which reads and checks it completely before
 * writing anything (see worker/backup/).
 */
import * as Comlink from 'comlink';
import type { BackupPreview, RestoreResult } from '../../../worker/types';
import { withEngine } from '../../queries/engine';
import type { AppSettings } from '../../settings/defaults';
import { mergeSettings } from '../../settings/merge';
import { SETTINGS_KEY } from '../../settings/store';
import { settingsStore } from '../../settings/useSettings';
import { noteSettingsApplied } from './restoreMarker';

/** Progress of a long operation: records done of total. */
export type OnProgress = (done: number, total: number) => void;

/** The settings as they go into a backup: the AI key only when the person asked for it. */
export function settingsForBackup(settings: AppSettings, includeApiKey: boolean): AppSettings {
  return includeApiKey ? settings : { ...settings, integrated: { ...settings.integrated, apiKey: '' } };
}

/**
 * `rivulet-backup-YYYY-MM-DD.ndjson` for the local date of `now`; with a `suffix`,
 * `rivulet-backup-YYYY-MM-DD-<suffix>.ndjson` (the copy a replacing restore saves first, named
 * apart from the backup being restored, which is often that day's).
 */
export function backupFileName(now = new Date(), suffix = ''): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `rivulet-backup-${day}${suffix ? `-${suffix}` : ''}.ndjson`;
}

const countLines = (text: string) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/**
 * Builds the whole backup file: one engine call per chunk of ~500 records, so the page stays
 * responsive and memory holds the text once (inside the Blob parts). Rejects with the engine's
 * error (a record deleted meanwhile: start again).
 */
export async function makeBackup(includeApiKey: boolean, onProgress: OnProgress): Promise<Blob> {
  const settings = settingsForBackup(settingsStore.getSnapshot(), includeApiKey);
  return withEngine(async (e) => {
    const { id, total } = await e.backup.start({ settings });
    const parts: string[] = [];
    let done = -1; // the header line is not a record
    try {
      for (let chunk = await e.backup.next(id); chunk !== null; chunk = await e.backup.next(id)) {
        parts.push(chunk);
        done += countLines(chunk);
        onProgress(Math.max(0, done), total);
      }
    } catch (err) {
      void e.backup.cancel(id).catch(() => {});
      throw err;
    }
    return new Blob(parts, { type: 'application/x-ndjson' });
  });
}

/** Reads and checks a backup file without changing anything; rejects with the reason it is refused. */
export const inspectBackup = (file: File): Promise<BackupPreview> =>
  withEngine((e) => e.backup.inspect(file));

/** Forgets an inspected backup (frees the worker's memory). */
export const discardBackup = (id: string): Promise<void> => withEngine((e) => e.backup.discard(id));

/**
 * Applies the settings of a restored backup. Replace: the backup's settings win, except an
 * empty AI key (left out when the backup was made) keeps the current one. Merge: only saved
 * filters this browser lacks are added. Returns the settings now in force.
 */
export function applyRestoredSettings(
  current: AppSettings,
  restored: unknown,
  mode: RestoreResult['mode'],
): AppSettings {
  if (restored === undefined || restored === null) return current;
  const incoming = mergeSettings(restored);
  if (mode === 'merge') {
    const have = new Set(current.automation.filters.map((f) => f.id));
    const added = incoming.automation.filters.filter((f) => !have.has(f.id));
    return added.length
      ? {
          ...current,
          automation: { ...current.automation, filters: [...current.automation.filters, ...added] },
        }
      : current;
  }
  const apiKey = incoming.integrated.apiKey || current.integrated.apiKey;
  return { ...incoming, integrated: { ...incoming.integrated, apiKey } };
}

/** The steps of a restore as the engine reports them (see worker/backup/restore.ts). */
export type RestorePhase = 'write' | 'commit' | 'done';
export type OnRestoreProgress = (done: number, total: number, phase: RestorePhase) => void;

/**
 * Writes a restore's settings (as `applyRestoredSettings` makes them) and notes which restore
 * they came from. The engine keeps its copy until the next start has seen that note on disk
 * (restoreNotices.tsx), so a crash before localStorage is flushed cannot lose them.
 */
export function applyRestore(restoreId: string, restored: unknown, mode: RestoreResult['mode']): void {
  const next = applyRestoredSettings(settingsStore.getSnapshot(), restored, mode);
  try {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch (err) {
    console.warn('Rivulet: restored settings could not be saved', err);
  }
  noteSettingsApplied(restoreId);
  settingsStore.reload();
}

/**
 * Restores the inspected backup. The engine writes the data and the backup's settings in one
 * transaction; this then applies the settings and tells the engine, so if the tab is closed
 * in between, the next start finishes the job (restoreNotices.tsx). The engine notes the restore
 * as started before its transaction, so a start after a restore that never committed can say so.
 * Rejects with the engine's error, in which case the database and the settings are unchanged.
 */
export async function restoreBackup(
  id: string,
  mode: RestoreResult['mode'],
  onProgress: OnRestoreProgress,
  file = '',
): Promise<RestoreResult> {
  const restoreId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const result = await withEngine((e) =>
    e.backup.restore(id, mode, Comlink.proxy(onProgress), restoreId, file),
  );
  applyRestore(result.restoreId, result.settings, mode);
  return result;
}
