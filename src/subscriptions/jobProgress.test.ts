import { describe, expect, it } from 'vitest';
import type { JobProgress } from '../../worker/types';
import { testJob } from '../testing/job';
import {
  KEEP_FINISHED,
  combineJobs,
  jobReducer,
  jobTitle,
  percentDone,
  progressLabel,
  runningJobs,
} from './jobProgress';

const job = (over: Partial<JobProgress> = {}): JobProgress =>
  testJob({ id: 'a', total: 10, startedAt: 100, ...over });

describe('jobReducer', () => {
  it('adds and advances a job', () => {
    let s = jobReducer({}, job({ done: 1 }));
    s = jobReducer(s, job({ done: 4, failed: 1 }));
    expect(s.a?.done).toBe(4);
    expect(s.a?.failed).toBe(1);
  });

  it('ignores an older progress event arriving late (returns the same state)', () => {
    const s = jobReducer({}, job({ done: 5 }));
    expect(jobReducer(s, job({ done: 3 }))).toBe(s);
  });

  it('never moves a finished job back to running, nor changes its end', () => {
    const done = job({
      state: 'done',
      done: 10,
      finishedAt: 200,
      summary: { added: 0, skipped: 0, failed: 0, newItems: 2 },
    });
    const s = jobReducer(jobReducer({}, job({ done: 9 })), done);
    expect(jobReducer(s, job({ done: 10 }))).toBe(s);
    expect(jobReducer(s, { ...done, state: 'cancelled' })).toBe(s);
    expect(s.a?.state).toBe('done');
  });

  it('accepts the end even with fewer done (a cancelled job)', () => {
    const s = jobReducer({}, job({ done: 5 }));
    expect(jobReducer(s, job({ state: 'cancelled', done: 5, finishedAt: 150 })).a?.state).toBe('cancelled');
  });

  it('keeps only the newest finished jobs, and every running one', () => {
    let s = jobReducer({}, job({ id: 'run' }));
    for (let i = 0; i < KEEP_FINISHED + 5; i++)
      s = jobReducer(s, job({ id: `f${i}`, state: 'done', finishedAt: 1000 + i }));
    expect(Object.keys(s)).toHaveLength(KEEP_FINISHED + 1);
    expect(s.run).toBeDefined();
    expect(s.f0).toBeUndefined();
    expect(s[`f${KEEP_FINISHED + 4}`]).toBeDefined();
  });

  it('does not mutate the previous state', () => {
    const s = jobReducer({}, job({ done: 1 }));
    jobReducer(s, job({ done: 2 }));
    expect(s.a?.done).toBe(1);
  });
});

describe('progress helpers', () => {
  it('percentDone handles empty and finished jobs', () => {
    expect(percentDone(job({ done: 5 }))).toBe(50);
    expect(percentDone(job({ total: 0 }))).toBe(0);
    expect(percentDone(job({ total: 0, state: 'done' }))).toBe(100);
    expect(percentDone(job({ done: 12 }))).toBe(100);
  });

  it('progressLabel shows done/total and failures', () => {
    expect(progressLabel(job({ done: 3 }))).toBe('3 / 10');
    expect(progressLabel(job({ total: 0, state: 'done' }))).toBe('nothing to do');
    expect(progressLabel(job({ total: 0 }))).toBe('0 / 0');
    expect(progressLabel(job({ done: 4, failed: 2 }))).toBe('4 / 10 · 2 failed');
    expect(progressLabel(job({ done: 5, newItems: 1 }))).toBe('5 / 10 · 1 new article');
    expect(progressLabel(job({ done: 6, newItems: 1234, failed: 1 }))).toBe(
      '6 / 10 · 1,234 new articles · 1 failed',
    );
  });

  it('runningJobs filters by kind, oldest first', () => {
    const s = {
      b: job({ id: 'b', startedAt: 5 }),
      a: job({ id: 'a', startedAt: 9 }),
      c: job({ id: 'c', kind: 'opml-import' }),
      d: job({ id: 'd', state: 'done' }),
    };
    expect(runningJobs(s, ['refresh']).map((j) => j.id)).toEqual(['b', 'a']);
    expect(runningJobs(s).map((j) => j.id)).toHaveLength(3);
  });

  it('combineJobs sums counts and joins ids', () => {
    expect(combineJobs([])).toBeNull();
    const one = job();
    expect(combineJobs([one])).toBe(one);
    const c = combineJobs([
      job({
        id: 'x',
        total: 1,
        done: 1,
        failed: 1,
        failures: [{ feedId: 1, url: 'u', title: 't', reason: 'r', code: 'internal' }],
      }),
      job({ id: 'y', total: 2, done: 0, startedAt: 50 }),
    ]);
    expect(c).toMatchObject({ id: 'x+y', total: 3, done: 1, failed: 1, startedAt: 50 });
    expect(c?.failures).toHaveLength(1);
  });

  it('jobTitle names a mark by what it sets, and a resumed one as left from an earlier page', () => {
    expect(jobTitle(job())).toBe('Refreshing feeds');
    const mark = (flag: 'read' | 'saved' | 'hidden', set: boolean, resumed = false) =>
      jobTitle(job({ kind: 'mark', mark: { flag, set, resumed } }));
    expect(mark('read', true)).toBe('Marking as read');
    expect(mark('read', false)).toBe('Marking as unread');
    expect(mark('saved', true)).toBe('Saving');
    expect(mark('saved', false)).toBe('Unsaving');
    expect(mark('hidden', true)).toBe('Hiding');
    expect(mark('hidden', false)).toBe('Showing in lists again');
    expect(mark('read', true, true)).toBe('Marking as read, resumed');
    // A mark job from an engine that sends no `mark` (none does; older records): its kind's words.
    expect(jobTitle(job({ kind: 'mark' }))).toBe('Marking articles');
  });
});
