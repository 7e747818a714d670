import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onEngineEvent } from '../engine/client';
import { SYNC_STATUS_KEY } from '../queries/keys';
import { connectJobEvents, useRunningJobs } from '../subscriptions/jobStore';
import { syncStatus } from './api';

const KINDS = ['sync'] as const;

/**
 * The sync account's status, kept fresh: re-read when a sync job ends (last sync, failure) and
 * when read/saved state changes (the queue). `syncing`: a sync job is running now.
 */
export function useSyncStatus() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: SYNC_STATUS_KEY, queryFn: syncStatus });
  const running = useRunningJobs(KINDS);
  useEffect(() => {
    connectJobEvents();
    return onEngineEvent((e) => {
      if (
        (e.type === 'job' && e.job.kind === 'sync' && e.job.state !== 'running') ||
        e.type === 'read-changed' ||
        e.type === 'saved-changed'
      )
        void client.invalidateQueries({ queryKey: SYNC_STATUS_KEY });
    });
  }, [client]);
  return { status: status.data, syncing: running.length > 0 };
}
