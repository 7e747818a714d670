/**
 * The tab's job progress, fed by the engine's `job` events (from every tab, routed here by
 * src/engine/bridge.ts) and by the answer of the call that started a job. Components read it
 * with `useJob` / `useRunningJobs`; code that acts when a job ends uses `onJobFinished`.
 */
import { useSyncExternalStore } from 'react';
import type { JobProgress } from '../../worker/types';
import { getJob } from './api';
import { type JobsState, jobReducer, runningJobs } from './jobProgress';

type Listener = () => void;
type FinishListener = (job: JobProgress) => void;

let state: JobsState = {};
const listeners = new Set<Listener>();
const finishListeners = new Set<FinishListener>();

/** Applies one job update to the store, notifying subscribers when it changed anything. */
export function recordJob(job: JobProgress): void {
  const prev = state;
  const next = jobReducer(prev, job);
  if (next === prev) return;
  state = next;
  for (const l of listeners) l();
  const stored = next[job.id];
  const before = prev[job.id];
  if (stored && stored.state !== 'running' && (!before || before.state === 'running')) {
    for (const l of finishListeners) l(stored);
  }
}

/** Asks the engine for a job's current progress (events may have been missed) and records it. */
export async function syncJob(jobId: string): Promise<JobProgress | null> {
  const job = await getJob(jobId);
  if (job) recordJob(job);
  return job;
}

/** Calls `listener` once per job that finishes (done or cancelled) while subscribed. */
export function onJobFinished(listener: FinishListener): () => void {
  finishListeners.add(listener);
  return () => finishListeners.delete(listener);
}

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => state;

/** Every job the store knows, now (for code outside React). */
export const jobsSnapshot = (): JobsState => state;

/** Test hook: forgets every job. */
export function resetJobs(): void {
  state = {};
  for (const l of listeners) l();
}

/** One job's progress, or undefined while unknown; re-renders on its updates. */
export function useJob(jobId: string | null): JobProgress | undefined {
  return useSyncExternalStore(subscribe, () => (jobId ? snapshot()[jobId] : undefined));
}

/** Every job the store knows. */
export function useJobs(): JobsState {
  return useSyncExternalStore(subscribe, snapshot);
}

/** Running jobs of some kinds (a new array only when the store changed). */
export function useRunningJobs(kinds?: readonly JobProgress['kind'][]): JobProgress[] {
  return runningJobs(useJobs(), kinds);
}
