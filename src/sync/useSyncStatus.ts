import { useQuery } from '@tanstack/react-query';
import { useRunningJobs } from '../subscriptions/jobStore';
import { syncStatusQuery } from './api';

const KINDS = ['sync'] as const;

/**
 * The sync account's status, kept fresh: re-read when a sync job ends (last sync, failure) and
 * when read/saved state changes (the queue). `syncing`: a sync job is running now.
 */
export function useSyncStatus() {
  const status = useQuery(syncStatusQuery());
  const running = useRunningJobs(KINDS);
  return { status: status.data, syncing: running.length > 0 };
}
