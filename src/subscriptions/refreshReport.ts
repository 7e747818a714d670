/**
 * Which refreshes the user asked for, so their outcome can be reported: a refresh started by a
 * click or a key is "reported" (the bar above the main area turns into a summary when it ends),
 * while the automatic refresh stays quiet. One batch at a time: starting a new one (Refresh all,
 * Retry failed feeds) replaces the previous summary.
 */
import { useSyncExternalStore } from 'react';
import type { JobProgress } from '../../worker/types';
import { type JobsState } from './jobProgress';

/** The batch being reported: its job ids and whether the user has dismissed its summary. */
export interface ReportBatch {
  readonly ids: readonly string[];
  readonly dismissed: boolean;
}

let batch: ReportBatch = { ids: [], dismissed: true };
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/**
 * Reports `ids` (jobs just started by the user). Called again before any of the current batch's
 * jobs has finished, the ids join it (several per-feed refreshes started together); otherwise
 * they start a new batch.
 */
export function reportJobs(ids: readonly string[], jobs: JobsState): void {
  if (!ids.length) return;
  const current = batch.ids.map((id) => jobs[id]);
  const joining =
    !batch.dismissed && current.length > 0 && current.every((j) => j === undefined || j.state === 'running');
  const next = joining ? [...batch.ids, ...ids.filter((id) => !batch.ids.includes(id))] : [...new Set(ids)];
  batch = { ids: next, dismissed: false };
  notify();
}

/** Hides the current summary. */
export function dismissReport(): void {
  if (batch.dismissed) return;
  batch = { ...batch, dismissed: true };
  notify();
}

/** Whether `jobId` belongs to the batch being reported (its summary speaks for it). */
export function isReported(jobId: string): boolean {
  return batch.ids.includes(jobId);
}

/** Test hook: forgets the batch. */
export function resetReport(): void {
  batch = { ids: [], dismissed: true };
  notify();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The current batch; re-renders when it changes. */
export function useReportBatch(): ReportBatch {
  return useSyncExternalStore(subscribe, () => batch);
}

/** What a finished batch did, summed over its jobs. */
export interface BatchOutcome {
  /** Feeds fetched (or tried), failures included. */
  checked: number;
  newItems: number;
  /** Feeds left out: dead, waiting out a backoff, or being fetched by another job. */
  skipped: number;
  failures: JobProgress['failures'];
  cancelled: boolean;
}

/**
 * The summary of `b` once every one of its jobs has finished; null while one still runs, when
 * a job is unknown to the store (not heard of yet) or when the batch was dismissed. O(jobs).
 */
export function batchOutcome(b: ReportBatch, jobs: JobsState): BatchOutcome | null {
  if (b.dismissed || !b.ids.length) return null;
  const list = b.ids.map((id) => jobs[id]);
  if (list.some((j) => !j || j.state === 'running')) return null;
  const done = list as JobProgress[];
  return {
    checked: done.reduce((n, j) => n + Math.min(j.done, j.total), 0),
    newItems: done.reduce((n, j) => n + (j.summary?.newItems ?? j.newItems ?? 0), 0),
    skipped: done.reduce((n, j) => n + (j.summary?.skipped ?? 0), 0),
    failures: done.flatMap((j) => j.failures),
    cancelled: done.some((j) => j.state === 'cancelled'),
  };
}
