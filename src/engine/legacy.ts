/** localStorage keys written by the previous app version, imported once by the engine. */
export const LEGACY_KEYS = ['readfeeds', 'urids', 'sids'] as const;

export interface LegacyState {
  readfeeds: string | null;
  urids: string | null;
  sids: string | null;
}

/**
 * Reads the raw legacy strings (the engine parses them, so bad JSON is its problem to report).
 * A storage that throws (privacy mode) reads as "nothing to import".
 */
export function readLegacy(storage: Storage): LegacyState {
  const get = (k: string): string | null => {
    try {
      return storage.getItem(k);
    } catch {
      return null;
    }
  };
  return { readfeeds: get('readfeeds'), urids: get('urids'), sids: get('sids') };
}

/** True when there is at least one legacy key to hand over. */
export function hasLegacy(state: LegacyState): boolean {
  return state.readfeeds !== null || state.urids !== null || state.sids !== null;
}

/** Removes the legacy keys once the engine confirmed the import. */
export function clearLegacy(storage: Storage): void {
  for (const k of LEGACY_KEYS) {
    try {
      storage.removeItem(k);
    } catch {
      // Leaving them means a harmless re-import next start; the engine's import is idempotent.
    }
  }
}
