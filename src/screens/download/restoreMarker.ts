/**
 * Which restore's settings this page has written to localStorage. Kept in localStorage with the
 * settings themselves: Chromium writes an origin's localStorage to disk in one batch, so when
 * this id reached the disk the settings written before it did too. At start-up a restore whose
 * settings still wait in the database (restoreNotices.tsx) is then either confirmed (this id
 * matches: only the database's copy is dropped) or applied again (the page died before its
 * localStorage was on disk).
 */

const APPLIED_KEY = 'rivulet-restore-applied';

/** Notes that the settings of restore `restoreId` were written (a full storage only loses the note). */
export function noteSettingsApplied(restoreId: string, storage: Storage = localStorage): void {
  try {
    storage.setItem(APPLIED_KEY, restoreId);
  } catch {
    // Without the note the next start applies the same settings once more: harmless.
  }
}

/** The restore whose settings this page last wrote, or null. */
export function appliedRestoreId(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(APPLIED_KEY);
  } catch {
    return null;
  }
}
