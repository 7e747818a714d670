/**
 * The data types of long-running engine jobs (worker/jobs/: refresh, OPML import, subscribing
 * many, sync), shared with the UI by type import through worker/types.ts.
 */

/** One failure inside a job. `feedId` null: nothing was stored for this entry. */
export interface JobFailure {
  feedId: number | null;
  url: string;
  title: string;
  reason: string;
  /**
   * The `EngineError` code behind `reason` (`quota_exceeded`, `http_status`, `timeout`, …;
   * `internal` when the cause had none), so the UI can word it and tell storage failures from
   * feed failures without reading text. Always set by this engine; records stored by older
   * versions may lack it.
   */
  code: string;
}

/** Final counts of a job (refresh: `added` is 0, `skipped` = dead, backed-off or busy feeds). */
export interface JobSummary {
  added: number;
  skipped: number;
  failed: number;
  newItems: number;
  /**
   * Subscribing jobs (OPML import, bundles): the feeds the job subscribed that were still
   * subscribed when it ended, and the groups it created; what undoing the job removes. Absent
   * for refresh and sync jobs and from older records.
   */
  feedIds?: number[];
  groupIds?: number[];
  /**
   * Subscribing jobs: feeds that were already subscribed (so skipped) which the file or bundle
   * puts in another group than theirs, with that group's id (found or created by the job). They
   * were not moved; the page offers to. Absent when there are none.
   */
  elsewhere?: { feedId: number; groupId: number }[];
}

/** Progress of a long-running engine job; pushed as `job` events, times in Unix seconds. */
export interface JobProgress {
  id: string;
  kind: 'refresh' | 'opml-import' | 'subscribe-many' | 'sync' | 'mark';
  state: 'running' | 'done' | 'cancelled';
  total: number;
  done: number;
  failed: number;
  failures: JobFailure[];
  /** New articles stored so far (refresh and import jobs; absent from older records). */
  newItems?: number;
  summary: JobSummary | null;
  /** A `mark` job's change (its `total` and `done` count articles); absent for other kinds. */
  mark?: MarkJobInfo;
  startedAt: number;
  finishedAt: number | null;
}

/**
 * What a `mark` job changes: a bulk mark of more than one transaction (worker/state/markJob.ts).
 * `resumed`: a mark an earlier page began and this start finishes (worker/state/pendingMark.ts).
 */
export interface MarkJobInfo {
  flag: 'read' | 'saved' | 'hidden';
  set: boolean;
  resumed: boolean;
  /**
   * An undo taking a change back: it cannot be stopped (a change half taken back would be
   * neither, and could no longer be undone). Absent from older events: false.
   */
  undo?: boolean;
}
