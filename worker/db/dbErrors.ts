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

/**
 * Wraps a failure as `EngineError('db_<kind>', '<text>: <underlying message>')`. An error that is
 * already an EngineError passes through unchanged, so nested helpers never double-prefix.
 */
export function dbError(kind: DbErrorKind, err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  return new EngineError(`db_${kind}`, `${DB_ERRORS[kind]}: ${underlyingMessage(err)}`, {
    name: err instanceof Error ? err.name : typeof err,
  });
}
