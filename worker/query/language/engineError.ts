import { EngineError } from '../../errors';
import type { QueryError } from './parse';

/**
 * Wraps a QueryError into the EngineError that crosses the worker boundary (details: position,
 * expected, before, found, reason; the UI words the message from them).
 */
export function queryErrorToEngineError(error: QueryError): EngineError {
  const { position, expected, before, found, reason } = error;
  return new EngineError(error.code, error.message, {
    position,
    expected,
    before,
    found,
    ...(reason && { reason }),
  });
}
