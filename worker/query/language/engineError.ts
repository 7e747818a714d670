import { EngineError } from '../../errors';
import type { QueryError } from './parse';

/** Wraps a QueryError into the EngineError that crosses the worker boundary (details: position, expected). */
export function queryErrorToEngineError(error: QueryError): EngineError {
  return new EngineError(error.code, error.message, { position: error.position, expected: error.expected });
}
