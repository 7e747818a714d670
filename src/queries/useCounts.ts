import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Counts } from '../engine/contract';
import { countsQuery } from './counts';

const logged = new WeakSet<Error>();

export interface EngineStatus {
  counts: Counts | undefined;
  loading: boolean;
  /** The engine's start-up or counts error, if any. */
  error: Error | null;
  /** Restarts the engine if needed and refetches everything on screen. */
  retry: () => void;
}

/**
 * Counts plus the engine's health, for the sidebar and welcome screen. Logs each new failure
 * with `console.error` once (the UI shows a Retry button instead of crashing).
 */
export function useEngineStatus(): EngineStatus {
  const client = useQueryClient();
  const { data, isPending, error } = useQuery(countsQuery());
  useEffect(() => {
    // Several components watch the same query; the same failure is logged once.
    if (!error || logged.has(error)) return;
    logged.add(error);
    console.error('Rivulet engine did not answer:', error);
  }, [error]);
  const retry = useCallback(() => {
    void client.invalidateQueries();
  }, [client]);
  return { counts: data, loading: isPending && !error, error, retry };
}
