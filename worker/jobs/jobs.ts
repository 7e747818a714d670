/**
 * Long-running engine jobs (refresh, OPML import, bulk subscribe): one registry per engine that
 * owns each job's progress record, its AbortController and the throttled `job` events.
 */
import { isQuotaError, QUOTA_EXCEEDED } from '../db/dbErrors';
import { toErrorShape } from '../errors';
import type { EngineEvent, JobFailure, JobProgress, JobSummary, MarkJobInfo } from '../types';

/**
 * A job failure for what `err` says went wrong with one entry, with its EngineError code (a
 * storage quota failure, however wrapped, is `quota_exceeded`; an error without a code is
 * `internal`), so the UI never reads the English `reason` to decide anything.
 */
export function failureOf(err: unknown, entry: Pick<JobFailure, 'feedId' | 'url' | 'title'>): JobFailure {
  const shape = toErrorShape(err);
  return { ...entry, reason: shape.message, code: isQuotaError(err) ? QUOTA_EXCEEDED : shape.code };
}

/** Minimum gap between two progress events of one job, ms (≤ 10 events per second). */
export const JOB_EVENT_GAP_MS = 100;
/** Finished jobs kept for `list()` / `get()`. */
const KEEP_FINISHED = 10;

/** What a job's body sees: its signal and its progress record (mutate, then call `changed`). */
export interface RunningJob {
  readonly id: string;
  readonly signal: AbortSignal;
  readonly progress: JobProgress;
  /** Announces a progress change; events are coalesced to one per JOB_EVENT_GAP_MS. */
  changed(): void;
  /** Records a failure (and counts it) and announces the change. */
  fail(failure: JobFailure): void;
}

/** The body of a job: does the work, reports through `job`, resolves the summary. */
export type JobBody = (job: RunningJob) => Promise<JobSummary>;

interface Entry {
  job: RunningJob & { progress: JobProgress };
  key: string | null;
  controller: AbortController;
  finished: Promise<void>;
  lastEmit: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The `jobs` domain of the engine API. */
export interface JobsApi {
  /**
   * Cancels a running job: aborts its in-flight fetches and resolves once the job has stopped
   * writing (its state is then 'cancelled'). A job this engine does not know (another tab's,
   * whose bar every tab shows): asks the other tabs to cancel it and resolves at once; its final
   * `job` event follows from the tab that runs it. Finished jobs, and an undo's mark (which
   * cannot be stopped): resolves, does nothing.
   */
  cancel(jobId: string): Promise<void>;
  /** A copy of the job's progress, or null when unknown (or long finished). No I/O. */
  get(jobId: string): Promise<JobProgress | null>;
  /** Running jobs, then the last few finished ones, newest first. No I/O. */
  list(): Promise<JobProgress[]>;
}

const copy = (p: JobProgress): JobProgress => ({
  ...p,
  failures: p.failures.map((f) => ({ ...f })),
  summary: p.summary && { ...p.summary },
});

/** Owns every job of one engine. `emit` publishes a job event; `now` is Unix seconds. */
export class JobRegistry {
  private readonly entries = new Map<string, Entry>();
  private serial = 0;

  constructor(
    private readonly emit: (job: JobProgress) => void,
    private readonly now: () => number,
  ) {}

  /** Id of the running job started under `key`, or null. */
  runningByKey(key: string): string | null {
    for (const [id, e] of this.entries) if (e.key === key && e.job.progress.state === 'running') return id;
    return null;
  }

  /**
   * Starts `body` as a job and returns its id at once (the body runs in the background). When
   * `key` names a job that is still running, returns that job's id instead and runs nothing.
   * The body's resolved summary finishes the job ('done', or 'cancelled' if aborted); a throw
   * finishes it too, with the error as a failure, so a job never stays 'running' forever.
   * `mark` describes a `mark` job's change from its first event on; `done`, how much of `total`
   * is behind it already (a mark that became a job after a transaction, or a resumed one).
   */
  start(
    kind: JobProgress['kind'],
    key: string | null,
    total: number,
    body: JobBody,
    { mark, done = 0 }: { mark?: MarkJobInfo; done?: number } = {},
  ): string {
    if (key !== null) {
      const running = this.runningByKey(key);
      if (running) return running;
    }
    this.serial += 1;
    const id = `job-${this.serial}-${Math.random().toString(36).slice(2, 8)}`;
    const controller = new AbortController();
    const progress: JobProgress = {
      id,
      kind,
      state: 'running',
      total,
      done,
      failed: 0,
      failures: [],
      newItems: 0,
      summary: null,
      ...(mark && { mark }),
      startedAt: this.now(),
      finishedAt: null,
    };
    const entry: Entry = {
      job: {
        id,
        signal: controller.signal,
        progress,
        changed: () => this.changed(entry),
        fail: (failure) => {
          progress.failures.push(failure);
          progress.failed = progress.failures.length;
          this.changed(entry);
        },
      },
      key,
      controller,
      finished: Promise.resolve(),
      lastEmit: 0,
      timer: null,
    };
    this.entries.set(id, entry);
    this.publish(entry);
    entry.finished = this.run(entry, body);
    return id;
  }

  private async run(entry: Entry, body: JobBody): Promise<void> {
    const { progress } = entry.job;
    let summary: JobSummary;
    try {
      summary = await body(entry.job);
    } catch (err) {
      console.error('Rivulet: job failed', err);
      progress.failures.push(failureOf(err, { feedId: null, url: '', title: '' }));
      progress.failed = progress.failures.length;
      summary = { added: 0, skipped: 0, failed: progress.failed, newItems: 0 };
    }
    progress.summary = summary;
    progress.state = entry.controller.signal.aborted ? 'cancelled' : 'done';
    progress.finishedAt = this.now();
    this.publish(entry);
    this.prune();
  }

  private changed(entry: Entry): void {
    if (entry.timer !== null) return;
    const wait = entry.lastEmit + JOB_EVENT_GAP_MS - Date.now();
    if (wait <= 0) return this.publish(entry);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      // The final event has been sent already; never follow it with a stale 'running' one.
      if (entry.job.progress.state === 'running') this.publish(entry);
    }, wait);
  }

  private publish(entry: Entry): void {
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.timer = null;
    entry.lastEmit = Date.now();
    this.emit(copy(entry.job.progress));
  }

  private prune(): void {
    const finished = [...this.entries.values()].filter((e) => e.job.progress.state !== 'running');
    for (const e of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED)))
      this.entries.delete(e.job.id);
  }

  /** See JobsApi.cancel. */
  async cancel(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.job.progress.state !== 'running') return;
    // An undo's mark runs to its end (state/markJob.ts): aborted, it would be labelled
    // 'cancelled' although it changed every article back.
    if (entry.job.progress.mark?.undo) return;
    entry.controller.abort();
    await entry.finished;
  }

  /** Aborts every running job (engine shutdown) without waiting. */
  abortAll(): void {
    for (const e of this.entries.values()) if (e.job.progress.state === 'running') e.controller.abort();
  }

  /** Resolves when the job has finished (tests, chained work); at once for unknown ids. */
  async whenFinished(id: string): Promise<JobProgress | null> {
    const entry = this.entries.get(id);
    if (!entry) return null;
    await entry.finished;
    return copy(entry.job.progress);
  }

  /** See JobsApi.get. */
  get(id: string): JobProgress | null {
    const entry = this.entries.get(id);
    return entry ? copy(entry.job.progress) : null;
  }

  /** See JobsApi.list. */
  list(): JobProgress[] {
    const all = [...this.entries.values()].map((e) => copy(e.job.progress)).reverse();
    return [...all.filter((j) => j.state === 'running'), ...all.filter((j) => j.state !== 'running')];
  }
}

/**
 * Builds the `jobs` domain over a registry. `askOthers` passes a cancel of a job this registry
 * does not know to the other tabs' engines (see `listenForCancels`).
 */
export function createJobsApi(
  registry: JobRegistry,
  askOthers: (jobId: string) => void = () => undefined,
): JobsApi {
  return {
    cancel: (id) => {
      if (registry.get(id)) return registry.cancel(id);
      askOthers(id);
      return Promise.resolve();
    },
    get: (id) => Promise.resolve(registry.get(id)),
    list: () => Promise.resolve(registry.list()),
  };
}

/**
 * Cancels the jobs of `registry` that another tab asks to (a `job-cancel` event); returns the
 * function that stops listening. `on` subscribes to the engine's events (this tab's own ask
 * names a job the registry does not know, so it does nothing).
 */
export function listenForCancels(
  registry: JobRegistry,
  on: (listener: (event: EngineEvent) => void) => () => void,
): () => void {
  return on((event) => {
    if (event.type === 'job-cancel') void registry.cancel(event.jobId);
  });
}
