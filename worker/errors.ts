import type { EngineErrorShape } from './types';

/** An error with a code, a message for people and optional details; crosses Comlink intact. */
export class EngineError extends Error implements EngineErrorShape {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'EngineError';
  }

  /** Plain-object form for transfer across the worker boundary. */
  toJSON(): EngineErrorShape {
    return { code: this.code, message: this.message, details: this.details };
  }
}

/** Normalises anything thrown into the boundary shape. */
export function toErrorShape(err: unknown): EngineErrorShape {
  if (err instanceof EngineError) return err.toJSON();
  if (err instanceof Error) return { code: 'internal', message: err.message };
  return { code: 'internal', message: String(err) };
}
