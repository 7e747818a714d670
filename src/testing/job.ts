import type { JobProgress } from '../../worker/types';

/** A job's progress for UI tests: a refresh of 4 feeds just started; `over` sets what a test is about. */
export function testJob(over: Partial<JobProgress> = {}): JobProgress {
  return {
    id: 'job-1',
    kind: 'refresh',
    state: 'running',
    total: 4,
    done: 0,
    failed: 0,
    failures: [],
    summary: null,
    startedAt: 1,
    finishedAt: null,
    ...over,
  };
}
