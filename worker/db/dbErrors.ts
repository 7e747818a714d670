import { EngineError } from '../errors';

/**
 * The exact texts storage failures start with; the underlying message follows after ': '.
 * The UI and older tooling match on these prefixes, so they must not change.
 */
export const DB_ERRORS = {
  open: 'Error opening database',
  openFailed: 'Database open failed',
  add: 'Error adding data',
  update: 'Error updating data',
  delete: 'Error deleting data',
  fetch: 'Error fetching data',
  fetchAll: 'Error fetching all data',
  cursor: 'Error during cursor operation',
  count: 'Error counting records',
  exists: 'Error checking existence',
} as const;

/** One of the storage failure kinds above. */
export type DbErrorKind = keyof typeof DB_ERRORS;

/** Message of anything thrown, without Dexie's repeated "Name: " prefixes. */
export function underlyingMessage(err: unknown): string {
  if (err instanceof EngineError) return err.message;
  if (err instanceof Error) return err.message.split('\n')[0] ?? err.name;
  return String(err);
}

/** Error code of a write refused because the browser's storage quota for the site is used up. */
export const QUOTA_EXCEEDED = 'quota_exceeded';

// The legacy DOMException code of QuotaExceededError (some engines report only the code).
const QUOTA_DOM_CODE = 22;

/**
 * Whether `err` is (or wraps) a storage quota failure, decided by the error's name or DOMException
 * code, never by its text: Dexie wraps it (`inner`), bulk writes collect it (`failures`), an
 * aborted transaction carries it as its cause. Looks at most a few levels deep.
 */
export function isQuotaError(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const e = err as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown; failures?: unknown };
  if (e.name === 'QuotaExceededError' || e.code === QUOTA_EXCEEDED) return true;
  if (e.code === QUOTA_DOM_CODE && typeof DOMException === 'function' && err instanceof DOMException)
    return true;
  if (isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1)) return true;
  const failures = Array.isArray(e.failures) ? e.failures : e.failures ? Object.values(e.failures) : [];
  return failures.slice(0, 3).some((f) => isQuotaError(f, depth + 1));
}

/**
 * Wraps a failure as `EngineError('db_<kind>', '<text>: <underlying message>')`; a write refused
 * for lack of space gets the code `quota_exceeded` instead (same text), so the UI can tell a full
 * disk from a broken feed without reading English. An error that is already an EngineError
 * passes through unchanged, so nested helpers never double-prefix.
 */
export function dbError(kind: DbErrorKind, err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const name = err instanceof Error ? err.name : typeof err;
  const code = kind !== 'open' && isQuotaError(err) ? QUOTA_EXCEEDED : `db_${kind}`;
  return new EngineError(code, `${DB_ERRORS[kind]}: ${underlyingMessage(err)}`, { name, kind });
}

/** Error code of a call made after the database was deleted or closed under the engine. */
export const DB_LOST = 'db_lost';

/** The error every storage call gets once the connection is lost (database.ts `lost`). */
export function lostError(reason: 'deleted' | 'closed' | 'upgraded'): EngineError {
  const why =
    reason === 'upgraded'
      ? 'a newer version of Rivulet opened it in another tab'
      : 'it was deleted or closed by the browser while Rivulet was open';
  return new EngineError(DB_LOST, `The database is no longer available: ${why}. Reload Rivulet.`, { reason });
}
