/**
 * The UI's view of engine jobs: a pure reducer over `job` events, so out-of-order or repeated
 * events never move a job backwards, plus small helpers the progress bar shows.
 */
import { formatNumber, t } from '../i18n';
import type { JobProgress } from '../../worker/types';

/** Jobs by id. Treated as immutable: the reducer returns a new object when anything changed. */
export type JobsState = Readonly<Record<string, JobProgress>>;

/** How many finished jobs the UI remembers (older ones are dropped, newest kept). */
export const KEEP_FINISHED = 20;

const finished = (j: JobProgress) => j.state !== 'running';

/** Whether `next` is news compared to `prev` (later in the job's life, or the same point redelivered). */
function isNewer(prev: JobProgress, next: JobProgress): boolean {
  if (finished(prev)) return false; // a finished job never goes back to running or changes its end
  if (finished(next)) return true;
  return next.done >= prev.done && next.failed >= prev.failed;
}

/**
 * Applies one job update. Returns `state` itself when the update is stale (an older progress
 * event after a newer one, anything after the job finished). Drops the oldest finished jobs
 * beyond KEEP_FINISHED. O(jobs).
 */
export function jobReducer(state: JobsState, job: JobProgress): JobsState {
  const prev = state[job.id];
  if (prev && (prev === job || !isNewer(prev, job))) return state;
  const next: Record<string, JobProgress> = { ...state, [job.id]: job };
  const done = Object.values(next).filter(finished);
  if (done.length > KEEP_FINISHED) {
    done.sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0) || b.startedAt - a.startedAt);
    for (const old of done.slice(KEEP_FINISHED)) delete next[old.id];
  }
  return next;
}

/**
 * Share of the work done, 0..100 (`done` counts failed entries too, as the engine reports it).
 * A job with no total is 0 while running and 100 once finished.
 */
export function percentDone(job: JobProgress): number {
  if (job.total <= 0) return finished(job) ? 100 : 0;
  return Math.min(100, Math.round((job.done / job.total) * 100));
}

/**
 * The one-line status the progress bar shows, e.g. "12 / 40 · 35 new articles · 2 failed", in
 * the language in effect; the new-article part only once some have arrived.
 */
export function progressLabel(job: JobProgress): string {
  // A job that ended with nothing to go through (Refresh all with no feeds) says so, not "0 / 0".
  if (job.total === 0 && job.state !== 'running' && !job.failed) return t('subscribe.jobs.nothingToDo');
  const processed = Math.min(job.total, job.done);
  const parts = [`${formatNumber(processed)} / ${formatNumber(job.total)}`];
  if (job.newItems) parts.push(t('upkeep.refresh.newSoFar', { count: job.newItems }));
  if (job.failed) parts.push(t('subscribe.jobs.failed', { count: job.failed }));
  return parts.join(' · ');
}

/**
 * What a job does, as its bar's title: its kind's words, or for a mark what it sets ("Marking as
 * read"), said to be left from an earlier page when a start resumed it.
 */
export function jobTitle(job: JobProgress): string {
  const m = job.mark;
  if (job.kind !== 'mark' || !m) return t(`subscribe.jobs.kinds.${job.kind}`);
  const what = t(`subscribe.jobs.marks.${m.flag}${m.set ? 'On' : 'Off'}`);
  return m.resumed ? t('subscribe.jobs.marks.resumed', { what }) : what;
}

/** Running jobs of the given kinds, oldest first (the order they appear in the bar). */
export function runningJobs(state: JobsState, kinds?: readonly JobProgress['kind'][]): JobProgress[] {
  return Object.values(state)
    .filter((j) => j.state === 'running' && (!kinds || kinds.includes(j.kind)))
    .sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id));
}

/**
 * Several running jobs of one kind as one progress record (summed counts, all failures), for a
 * single bar when many per-feed refreshes run at once. Its id joins the ids with '+'.
 */
export function combineJobs(jobs: readonly JobProgress[]): JobProgress | null {
  const [first] = jobs;
  if (!first) return null;
  if (jobs.length === 1) return first;
  return {
    ...first,
    id: jobs.map((j) => j.id).join('+'),
    total: jobs.reduce((n, j) => n + j.total, 0),
    done: jobs.reduce((n, j) => n + j.done, 0),
    failed: jobs.reduce((n, j) => n + j.failed, 0),
    failures: jobs.flatMap((j) => j.failures),
    newItems: jobs.reduce((n, j) => n + (j.newItems ?? 0), 0),
    startedAt: Math.min(...jobs.map((j) => j.startedAt)),
  };
}
