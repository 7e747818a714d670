/**
 * The sync (Login) engine calls the UI makes, in one typed place. Each waits for the engine and
 * rejects with the engine's error (an Error carrying `code`, see `errorAdvice`).
 */
import { queryOptions } from '@tanstack/react-query';
import { withEngine } from '../queries/engine';
import { queryKeys } from '../queries/keys';
import type { EngineApi } from '../engine/contract';
import type { JobProgress } from '../../worker/types';
import { getJob } from '../subscriptions/api';
import { onJobFinished } from '../subscriptions/jobStore';

type Sync = EngineApi['sync'];
export type ConnectRequest = Parameters<Sync['connect']>[0];
export type ConnectPreview = Awaited<ReturnType<Sync['connect']>>;
export type SyncStatus = Awaited<ReturnType<Sync['status']>>;

/** Logs in and counts what an import brings; stores only the key or token. */
export const connectAccount = (req: ConnectRequest): Promise<ConnectPreview> =>
  withEngine((e) => e.sync.connect(req));

/** The connected account (or `connected: false`) and the number of changes waiting. */
export const syncStatus = (): Promise<SyncStatus> => withEngine((e) => e.sync.status());

/**
 * The sync status as a query. Engine events keep it fresh (src/engine/events.ts: a finished sync
 * job, read and saved changes that fill the queue).
 */
export const syncStatusQuery = () => queryOptions({ queryKey: queryKeys.syncStatus, queryFn: syncStatus });

/** Resolves with a job's final progress once it has finished (at once if it already has). */
export function waitForJob(id: string): Promise<JobProgress | null> {
  return new Promise((resolve) => {
    const off = onJobFinished((job) => {
      if (job.id !== id) return;
      off();
      resolve(job);
    });
    void getJob(id).then((job) => {
      if (job && job.state === 'running') return;
      off();
      resolve(job);
    });
  });
}

/** Logs in again to the connected account with a new password; starts a sync (job id). */
export const reloginAccount = (password: string): Promise<string> =>
  withEngine((e) => e.sync.relogin(password));

/**
 * Starts (or joins) a sync job and returns its id. While the server's requested wait runs
 * (`SyncStatus.retryAt`) it rejects with `sync_rate`, unless `force`.
 */
export const runSync = (opts: { readDays?: number; force?: boolean } = {}): Promise<string> =>
  withEngine((e) => e.sync.run(opts));

/** Keeps feeds the server stopped listing as feeds of this browser; the account stops naming them. */
export const keepLeftFeeds = (feedIds: number[]): Promise<void> =>
  withEngine((e) => e.sync.keepLeft(feedIds));

/** Forgets the account; `removeFeeds` also deletes the feeds it brought. */
export const logoutAccount = (removeFeeds: boolean): Promise<void> =>
  withEngine((e) => e.sync.logout({ removeFeeds }));

/** One page of older items of a synced feed. */
export const loadOlder = (feedId: number): Promise<{ added: number; more: boolean }> =>
  withEngine((e) => e.sync.loadOlder(feedId));

/** Whether the server's requested wait (Retry-After of the last failure) is still running. */
export const waitingForServer = (status: SyncStatus, now = Date.now()): boolean =>
  status.retryAt * 1000 > now;
