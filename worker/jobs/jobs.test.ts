import { describe, expect, it } from 'vitest';
import type { JobProgress } from '../types';
import { EngineError } from '../errors';
import { failureOf, JobRegistry, JOB_EVENT_GAP_MS } from './jobs';

const summary = { added: 0, skipped: 0, failed: 0, newItems: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function registry() {
  const events: JobProgress[] = [];
  const jobs = new JobRegistry(
    (j) => events.push(j),
    () => 1000,
  );
  return { jobs, events };
}

describe('JobRegistry', () => {
  it('runs a body, announces start and end, and keeps the final state', async () => {
    const { jobs, events } = registry();
    const id = jobs.start('refresh', null, 2, async (job) => {
      job.progress.done = 2;
      job.changed();
      await sleep(1);
      return { ...summary, newItems: 5 };
    });
    const done = await jobs.whenFinished(id);
    expect(done).toMatchObject({
      state: 'done',
      done: 2,
      total: 2,
      summary: { newItems: 5 },
      finishedAt: 1000,
    });
    expect(events[0]).toMatchObject({ id, state: 'running', done: 0 });
    expect(events.at(-1)).toEqual(done);
    expect(jobs.get(id)).toEqual(done);
  });

  it('coalesces progress to one event per gap and never sends a stale one after the end', async () => {
    const { jobs, events } = registry();
    const started = Date.now();
    const id = jobs.start('refresh', null, 100, async (job) => {
      for (let i = 1; i <= 100; i++) {
        job.progress.done = i;
        job.changed();
        if (i % 10 === 0) await sleep(JOB_EVENT_GAP_MS / 4);
      }
      return summary;
    });
    await jobs.whenFinished(id);
    const elapsed = Date.now() - started;
    await sleep(JOB_EVENT_GAP_MS * 2);
    // 100 changes; start + end + at most one per gap in between.
    expect(events.length).toBeLessThanOrEqual(3 + Math.ceil(elapsed / JOB_EVENT_GAP_MS));
    expect(events.length).toBeLessThan(20);
    expect(events.at(-1)).toMatchObject({ state: 'done', done: 100 });
    expect(events.filter((e) => e.state !== 'running')).toHaveLength(1);
  });

  it('returns the running job of the same key instead of starting another', async () => {
    const { jobs } = registry();
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const a = jobs.start('refresh', 'k', 0, async () => {
      await gate;
      return summary;
    });
    expect(jobs.start('refresh', 'k', 0, () => Promise.resolve(summary))).toBe(a);
    expect(jobs.runningByKey('k')).toBe(a);
    release();
    await jobs.whenFinished(a);
    expect(jobs.runningByKey('k')).toBeNull();
    expect(jobs.start('refresh', 'k', 0, () => Promise.resolve(summary))).not.toBe(a);
  });

  it('cancel aborts the signal and resolves after the body stopped', async () => {
    const { jobs } = registry();
    let stopped = false;
    const id = jobs.start('opml-import', null, 1, async (job) => {
      await new Promise((r) => job.signal.addEventListener('abort', r));
      await sleep(5);
      stopped = true;
      return summary;
    });
    await jobs.cancel(id);
    expect(stopped).toBe(true);
    expect(jobs.get(id)?.state).toBe('cancelled');
    await jobs.cancel(id);
    await jobs.cancel('no-such-job');
  });

  it('a throwing body finishes the job with the error as a failure', async () => {
    const { jobs } = registry();
    const spy = console.error;
    console.error = () => {};
    try {
      const id = jobs.start('subscribe-many', null, 1, () => Promise.reject(new Error('boom')));
      const job = await jobs.whenFinished(id);
      expect(job).toMatchObject({ state: 'done', failed: 1, failures: [{ reason: 'boom', feedId: null }] });
      // An error without a code still crosses the boundary with one.
      expect(job?.failures[0]?.code).toBe('internal');
      const coded = jobs.start('sync', null, 1, () => Promise.reject(new EngineError('auth_failed', 'no')));
      expect((await jobs.whenFinished(coded))?.failures[0]).toMatchObject({
        code: 'auth_failed',
        reason: 'no',
      });
    } finally {
      console.error = spy;
    }
  });

  it('lists running jobs first and keeps only the last ten finished', async () => {
    const { jobs } = registry();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(jobs.start('refresh', null, 0, () => Promise.resolve(summary)));
    await Promise.all(ids.map((id) => jobs.whenFinished(id)));
    const running = jobs.start('refresh', null, 0, () => new Promise(() => {}));
    const list = jobs.list();
    expect(list[0]!.id).toBe(running);
    expect(list).toHaveLength(11);
    expect(jobs.get(ids[0]!)).toBeNull();
    expect(jobs.get(ids[11]!)).not.toBeNull();
    // Copies: mutating what we got changes nothing inside.
    list[0]!.done = 99;
    expect(jobs.get(running)!.done).toBe(0);
  });
});

describe('failureOf', () => {
  const entry = { feedId: 3, url: 'https://a.example/f', title: 'A' };

  it('carries the EngineError code and message', () => {
    expect(failureOf(new EngineError('http_status', 'HTTP 500'), entry)).toEqual({
      ...entry,
      reason: 'HTTP 500',
      code: 'http_status',
    });
  });

  it('gives errors without a code `internal`', () => {
    expect(failureOf(new Error('boom'), entry).code).toBe('internal');
    expect(failureOf('odd', entry)).toMatchObject({ reason: 'odd', code: 'internal' });
  });

  it('tells a full disk by the error, however wrapped, never by its text', () => {
    const quota = Object.assign(new Error('Error adding data'), {
      name: 'AbortError',
      inner: Object.assign(new Error('x'), { name: 'QuotaExceededError' }),
    });
    expect(failureOf(quota, entry).code).toBe('quota_exceeded');
    expect(failureOf(new Error('quota exceeded'), entry).code).toBe('internal');
  });
});
