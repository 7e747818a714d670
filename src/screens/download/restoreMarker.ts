/**
 * "A restore was started": kept in localStorage while a restore runs, so the next start can tell
 * a restore that never committed (nothing changed) from one that did (see restoreNotices.tsx).
 */

const MARKER_KEY = 'rivulet-restore';

/** What the page remembers of a restore it started. */
export interface RestoreMarker {
  /** The id the engine tags the restore's settings with. */
  id: string;
  /** The backup file's name, to name it in the notice. */
  file: string;
  mode: 'merge' | 'replace';
  /** ms since the epoch. */
  startedAt: number;
}

/** Notes a restore as started (a full storage only loses the note). */
export function writeRestoreMarker(marker: RestoreMarker, storage: Storage = localStorage): void {
  try {
    storage.setItem(MARKER_KEY, JSON.stringify(marker));
  } catch {
    // Without the note an interrupted restore goes unreported; the data is safe either way.
  }
}

/** The restore noted as started, or null. */
export function readRestoreMarker(storage: Storage = localStorage): RestoreMarker | null {
  try {
    const m = JSON.parse(storage.getItem(MARKER_KEY) ?? 'null') as Partial<RestoreMarker> | null;
    if (!m || typeof m.id !== 'string' || typeof m.startedAt !== 'number') return null;
    return {
      id: m.id,
      file: typeof m.file === 'string' ? m.file : '',
      mode: m.mode === 'merge' ? 'merge' : 'replace',
      startedAt: m.startedAt,
    };
  } catch {
    return null;
  }
}

/** Forgets the note (only the one with `id` when given). */
export function clearRestoreMarker(id?: string, storage: Storage = localStorage): void {
  try {
    if (id === undefined || readRestoreMarker(storage)?.id === id) storage.removeItem(MARKER_KEY);
  } catch {
    // Nothing to forget.
  }
}
