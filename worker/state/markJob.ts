/**
 * A long bulk mark as a job (jobs/jobs.ts, kind `mark`), so the page can say how far it has got
 * and stop it. "Mark all as read" over 300,000 unread articles at a million is a dozen
 * transactions and over a minute (flags.ts); before this the page showed nothing from the yes to
 * the Undo notice but counts dropping now and then.
 *
 * A mark of more than TX_IDS ids (certain to take more than one transaction) and a mark a start
 * resumes are jobs from their first transaction; a smaller mark becomes one only when a
 * transaction ends early and leaves ids for another (a read was waiting). A mark of one
 * transaction never is, so the usual mark adds no event. `total` and `done` count the mark's ids
 * (articles already in the wanted state count as done).
 *
 * Cancelling the job stops the mark after the transaction in hand: what was written stays
 * written (and the caller's undo token names it), the rest is left as it was, and a resumable
 * mark's record of the rest is deleted (flags.ts). An undo's mark cannot be stopped (its bar has
 * no Stop): a change half taken back would be neither, and its Undo entry is gone.
 *
 * A resumed mark has no caller to hand its undo token to: the engine keeps it by job id, and the
 * page asks for it when the job ends (`state.resumedUndo`), so Undo takes back the whole mark.
 */
import type { JobRegistry } from '../jobs/jobs';
import type { JobSummary, MarkJobInfo, UndoToken } from '../types';
import { FLAG_HIDDEN, FLAG_READ } from '../../shared/flags';

/** The part of the job registry a mark uses. */
export type MarkJobs = Pick<JobRegistry, 'start'>;

export class MarkJob {
  private job: { id: string; signal: AbortSignal; progress: { done: number }; changed(): void } | null = null;
  private finish: ((summary: JobSummary) => void) | null = null;
  private fail: ((err: unknown) => void) | null = null;

  /**
   * `jobs` undefined: a mark nobody watches (the sync's, the rules'), never a job. `eager`: a job
   * from the start (more than one transaction is certain, or the mark is resumed). `before`: ids
   * a resumed mark changed in the page that began it, counted in its total and done from the
   * start (its bar shows the whole mark, as its Undo notice does).
   */
  constructor(
    private readonly jobs: MarkJobs | undefined,
    private readonly total: number,
    private readonly info: MarkJobInfo,
    eager: boolean,
    private readonly before = 0,
  ) {
    if (eager) this.begin(0);
  }

  /** Whether the person stopped the mark (the job was cancelled); an undo never stops. */
  get stopped(): boolean {
    return !this.info.undo && (this.job?.signal.aborted ?? false);
  }

  /** After a transaction: `done` of the mark's ids (of `total`, `before` aside) are behind it. */
  step(done: number): void {
    if (this.job) {
      this.job.progress.done = this.before + Math.min(this.total, done);
      this.job.changed();
    } else if (done < this.total) this.begin(done);
  }

  /** Runs the mark (resolving every id it changed) and ends the job with it, done or failed. */
  async run(mark: () => Promise<number[]>): Promise<number[]> {
    try {
      const changed = await mark();
      this.end(undefined, changed);
      return changed;
    } catch (err) {
      this.end(err);
      throw err;
    }
  }

  /**
   * The mark ended (`err` set: it failed; else `changed`: every id it changed); the job finishes
   * with it. A resumed mark's token is kept first, for the page to offer Undo (`takeResumedUndo`).
   */
  private end(err?: unknown, changed: readonly number[] = []): void {
    if (err === undefined) {
      if (this.info.resumed && this.id && this.jobs && changed.length > 0)
        keepResumedUndo(this.jobs, this.id, { flag: this.info.flag, set: this.info.set, ids: [...changed] });
      this.finish?.({ added: 0, skipped: 0, failed: 0, newItems: 0 });
    } else this.fail?.(err);
    this.finish = this.fail = null;
  }

  /** The job's id, once the mark is a job. */
  get id(): string | null {
    return this.job?.id ?? null;
  }

  private begin(done: number): void {
    if (!this.jobs) return;
    this.jobs.start(
      'mark',
      null,
      this.before + this.total,
      (job) => {
        this.job = job;
        return new Promise<JobSummary>((resolve, reject) => {
          this.finish = resolve;
          this.fail = reject;
        });
      },
      { mark: this.info, done: this.before + done },
    );
  }
}

/** Resumed marks' undo tokens by job id, per registry (so per engine); the newest few. */
const resumedUndo = new WeakMap<MarkJobs, Map<string, UndoToken>>();
const KEEP_RESUMED = 4;

function keepResumedUndo(jobs: MarkJobs, jobId: string, token: UndoToken): void {
  let kept = resumedUndo.get(jobs);
  if (!kept) resumedUndo.set(jobs, (kept = new Map<string, UndoToken>()));
  kept.set(jobId, token);
  for (const old of [...kept.keys()].slice(0, Math.max(0, kept.size - KEEP_RESUMED))) kept.delete(old);
}

/**
 * The undo token of a resumed mark this engine finished (its `mark` job's id): every article the
 * whole mark changed, in the page that began it and in this one. Once: it is forgotten as it is
 * taken. Null for a job of another engine, one long gone, or one that changed nothing.
 */
export function takeResumedUndo(jobs: MarkJobs, jobId: string): UndoToken | null {
  const kept = resumedUndo.get(jobs);
  const token = kept?.get(jobId) ?? null;
  kept?.delete(jobId);
  return token;
}

/** The job's name for a flag bit (FLAG_SAVED is the only other one a mark sets). */
export function flagName(bit: number): MarkJobInfo['flag'] {
  return bit === FLAG_READ ? 'read' : bit === FLAG_HIDDEN ? 'hidden' : 'saved';
}
