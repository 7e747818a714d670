import type { EngineRemote } from '../engine/contract';
import { engineReady, getEngine } from '../engine/client';

/**
 * Runs `fn` against the engine once it has been initialised. Rejects with the init error when the
 * engine cannot start, so queries show an error state instead of waiting forever.
 */
export async function withEngine<T>(fn: (engine: EngineRemote) => Promise<T>): Promise<T> {
  await engineReady();
  return fn(getEngine());
}
