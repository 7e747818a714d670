import type { QueryClient } from '@tanstack/react-query';
import { onEngineEvent } from './client';
import { applyEngineEvent } from './events';

/**
 * Routes every engine event into query invalidations for `client`. Call once per tab; returns
 * the function that disconnects. Does not start the engine: the first query does.
 */
export function connectEngineEvents(client: QueryClient): () => void {
  return onEngineEvent((e) => applyEngineEvent(client, e));
}
