import type { QueryError, QueryExpected, QueryWarning } from '../../worker/types';
import { errorText } from '../i18n/errorText';

/** What the live check says about the editor's text. */
export type CheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'ok'; total: number; warnings: QueryWarning[] }
  | { kind: 'error'; message: string; expected: QueryExpected[] }
  | { kind: 'failed'; message: string };

/** The engine's answer to `query.check`. */
export type CheckResult =
  { ok: true; total: number; warnings: QueryWarning[] } | { ok: false; error: QueryError };

/**
 * Turns the check query's status into what the editor shows. `fresh` says the answer belongs to
 * the text on screen now; a stale error keeps its message but loses its underline (the offsets
 * would point into text that has changed since).
 */
export function describeCheck(input: { data: CheckResult | undefined; error: unknown; fresh: boolean }): {
  state: CheckState;
  errorAt: { offset: number; length: number } | null;
} {
  const { data, error, fresh } = input;
  if (error && !data) {
    return { state: { kind: 'failed', message: messageOf(error) }, errorAt: null };
  }
  if (!data) return { state: { kind: 'checking' }, errorAt: null };
  if (data.ok) return { state: { kind: 'ok', total: data.total, warnings: data.warnings }, errorAt: null };
  const { expected, position } = data.error;
  return {
    state: { kind: 'error', message: errorText(data.error), expected },
    errorAt: fresh ? { offset: position.offset, length: position.length } : null,
  };
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'object' && err !== null && 'message' in err && typeof err.message === 'string')
    return err.message;
  return String(err);
}
