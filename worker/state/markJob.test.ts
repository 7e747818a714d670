import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { MemoryChannelHub } from '../testing/memoryChannel';
import { incoming } from '../testing/fixtures';
import type { EngineEvent, JobProgress } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { readPendingMarks } from './pendingMark';

// A bulk mark of more than one transaction is a `mark` job (markJob.ts): its progress in `job`
// events, and a stop that keeps what was marked and leaves the rest as it was.

const open: Engine[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const e of open.splice(0)) e.close();
});

async function start(dbName = `mark-job-${Math.random()}`, hub?: MemoryChannelHub) {
  const engine = createTestEngine({ dbName, ...(hub && { channel: hub.channel() }) });
  open.push(engine);
  const jobs: JobProgress[] = [];
  const events: EngineEvent[] = [];
  internalsOf(engine).context.events.on((e) => {
    events.push(e);
    if (e.type === 'job' && e.job.kind === 'mark') jobs.push(e.job);
  });
  await engine.init();
  return { engine, jobs, events };
}

async function bigFeed(engine: Engine, n: number): Promise<{ feed: number; ids: number[] }> {
  const feed = await engine.feeds.save({ url: 'https://big.test' });
  const items = Array.from({ length: n }, (_, i) => incoming({ guid: `n${i}`, pubDate: i }));
  return { feed, ids: (await engine.items.ingest(feed, items)).added };
}

// Every transaction of a mark ends early (a read is waiting all along), after 2,500 ids or more.
function readsAlwaysWaiting(engine: Engine): void {
  vi.spyOn(internalsOf(engine).db, 'readsWaiting', 'get').mockReturnValue(1);
}

const flagsOf = async (engine: Engine, ids: number[]) =>
  (await internalsOf(engine).stores.items.byIds(ids)).map((item) => item.flags);

describe('a long bulk mark as a job', () => {
  it('reports each transaction: running with growing counts, then done with every article', async () => {
    const { engine, jobs } = await start();
    const { feed } = await bigFeed(engine, 5200);
    readsAlwaysWaiting(engine);
    const token = await engine.state.markAllRead({ scope: 'feed', id: feed });
    expect(token.ids).toHaveLength(5200);
    const ids0 = new Set(jobs.map((j) => j.id));
    expect(ids0.size).toBe(1);
    const last = jobs.at(-1)!;
    expect(last).toMatchObject({
      kind: 'mark',
      state: 'done',
      total: 5200,
      mark: { flag: 'read', set: true, resumed: false },
      failed: 0,
    });
    const running = jobs.filter((j) => j.state === 'running');
    expect(running.length).toBeGreaterThan(0);
    // Counts only grow, and the last one is every article.
    const done = running.map((j) => j.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(last.done).toBe(5200);
    expect(await engine.jobs.list()).toContainEqual(expect.objectContaining({ id: last.id, state: 'done' }));
  }, 30_000);

  it('a mark of one transaction is no job, and neither is a write that is not the person’s', async () => {
    const { engine, jobs } = await start();
    const { ids } = await bigFeed(engine, 3000);
    await engine.state.markRead(ids, true);
    await engine.state.markSaved(ids.slice(0, 10), true);
    expect(jobs).toEqual([]);
  }, 30_000);

  it('stopped, it keeps what it marked (the token names it) and leaves the rest and no record', async () => {
    const { engine, events } = await start();
    const { feed, ids } = await bigFeed(engine, 5200);
    readsAlwaysWaiting(engine);
    // Stopped the moment its bar appears: after the first transaction.
    internalsOf(engine).context.events.on((e) => {
      if (e.type === 'job' && e.job.kind === 'mark' && e.job.state === 'running')
        void engine.jobs.cancel(e.job.id);
    });
    const token = await engine.state.markAllRead({ scope: 'feed', id: feed });
    expect(token.ids.length).toBeGreaterThanOrEqual(2500);
    expect(token.ids.length).toBeLessThan(5200);
    const flags = await flagsOf(engine, ids);
    const read = ids.filter((_, i) => (flags[i]! & FLAG_READ) !== 0);
    expect(new Set(read)).toEqual(new Set(token.ids));
    expect(await readPendingMarks(internalsOf(engine).db)).toEqual([]);
    expect((await engine.feeds.get(feed))?.readCount).toBe(token.ids.length);
    expect((await engine.counts()).unreadByFeed[feed]).toBe(5200 - token.ids.length);
    const end = events.flatMap((e) => (e.type === 'job' && e.job.state !== 'running' ? [e.job] : []));
    expect(end).toEqual([expect.objectContaining({ kind: 'mark', state: 'cancelled' })]);
    // What it marked can be taken back as a whole.
    vi.restoreAllMocks();
    expect(await engine.state.undo(token)).toBe(token.ids.length);
    expect((await flagsOf(engine, ids)).every((f) => (f & FLAG_READ) === 0)).toBe(true);
  }, 30_000);

  it("stopped from another tab (whose bar shows this tab's job), it stops here", async () => {
    const hub = new MemoryChannelHub();
    const a = await start(undefined, hub);
    // B on a database of its own: what it reads of A's events (the articles A stored, then marked)
    // is not the matter here, only A's job and B's ask crossing the channel.
    const b = await start(undefined, hub);
    const { feed, ids } = await bigFeed(a.engine, 8000);
    readsAlwaysWaiting(a.engine);
    // Tab B hears of A's job and presses Stop: B's engine does not run it, so it asks A's.
    internalsOf(b.engine).context.events.on((e) => {
      if (e.type === 'job' && e.job.kind === 'mark' && e.job.state === 'running')
        void b.engine.jobs.cancel(e.job.id);
    });
    // A's second transaction waits until the ask has reached A (B hears of A's events a step
    // behind: it first reads what A's first transaction changed).
    let asked!: () => void;
    const askedNow = new Promise<void>((resolve) => (asked = resolve));
    internalsOf(a.engine).context.events.on((e) => void (e.type === 'job-cancel' && asked()));
    const { db } = internalsOf(a.engine);
    const tx = db.tx.bind(db);
    let updates = 0;
    vi.spyOn(db, 'tx').mockImplementation(((kind: string, ...rest: unknown[]) => {
      const call = () => (tx as (...args: unknown[]) => unknown)(kind, ...rest);
      return kind === 'update' && ++updates === 2 ? askedNow.then(call) : call();
    }) as typeof db.tx);
    const token = await a.engine.state.markAllRead({ scope: 'feed', id: feed });
    expect(token.ids.length).toBeGreaterThan(0);
    expect(token.ids.length).toBeLessThan(8000);
    expect(a.jobs.at(-1)).toMatchObject({ state: 'cancelled' });
    const read = (await flagsOf(a.engine, ids)).filter((f) => (f & FLAG_READ) !== 0);
    expect(read).toHaveLength(token.ids.length);
    // A cancel of a job nobody runs (long finished, or made up) changes nothing anywhere.
    await expect(b.engine.jobs.cancel('job-none')).resolves.toBeUndefined();
  }, 30_000);

  it("an undo's mark is a job that says so and runs to its end, whatever asks it to stop", async () => {
    const { engine, jobs } = await start();
    const { feed, ids } = await bigFeed(engine, 5200);
    const token = await engine.state.markAllRead({ scope: 'feed', id: feed });
    readsAlwaysWaiting(engine);
    internalsOf(engine).context.events.on((e) => {
      if (e.type === 'job' && e.job.kind === 'mark' && e.job.state === 'running')
        void engine.jobs.cancel(e.job.id);
    });
    expect(await engine.state.undo(token)).toBe(5200);
    expect((await flagsOf(engine, ids)).every((f) => (f & FLAG_READ) === 0)).toBe(true);
    expect(jobs.at(-1)!.mark).toMatchObject({ flag: 'read', set: false, undo: true });
    // It ran to its end, and its job says so: not 'cancelled'.
    await expect.poll(() => jobs.at(-1)?.state).toBe('done');
  }, 30_000);

  it('a failed mark ends its job with the failure', async () => {
    const { engine, jobs } = await start();
    const { ids } = await bigFeed(engine, 5200);
    readsAlwaysWaiting(engine);
    const { db } = internalsOf(engine);
    const tx = db.tx.bind(db);
    let updates = 0;
    vi.spyOn(db, 'tx').mockImplementation(((kind: string, ...rest: unknown[]) => {
      if (kind === 'update' && ++updates >= 2) return Promise.reject(new Error('Error updating data: disk'));
      return (tx as (...args: unknown[]) => unknown)(kind, ...rest);
    }) as typeof db.tx);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(engine.state.markSaved(ids, true)).rejects.toThrow(/disk/);
    await expect.poll(() => jobs.at(-1)?.state).toBe('done');
    expect(jobs.at(-1)).toMatchObject({
      kind: 'mark',
      failed: 1,
      mark: { flag: 'saved', set: true, resumed: false },
    });
    expect(jobs.at(-1)!.failures[0]!.reason).toMatch(/disk/);
  }, 30_000);

  it('a mark cut short and finished at the next start can be undone whole there, once', async () => {
    const dbName = `mark-job-${Math.random()}`;
    const first = await start(dbName);
    const { feed, ids } = await bigFeed(first.engine, 5200);
    // Every transaction ends early; the page ends before the second one commits.
    readsAlwaysWaiting(first.engine);
    const { db } = internalsOf(first.engine);
    const tx = db.tx.bind(db);
    let updates = 0;
    vi.spyOn(db, 'tx').mockImplementation(((kind: string, ...rest: unknown[]) => {
      if (kind === 'update' && ++updates >= 2)
        return Promise.reject(new Error('Error updating data: closed'));
      return (tx as (...args: unknown[]) => unknown)(kind, ...rest);
    }) as typeof db.tx);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(first.engine.state.markAllRead({ scope: 'feed', id: feed })).rejects.toThrow(/closed/);
    vi.restoreAllMocks();
    const [record] = await readPendingMarks(db);
    // The record names what is left and what the first page changed, together every article.
    expect(record!.done.length).toBeGreaterThanOrEqual(2500);
    expect(new Set([...record!.done, ...record!.ids])).toEqual(new Set(ids));
    first.engine.close();

    const second = await start(dbName);
    await expect.poll(() => second.jobs.at(-1)?.state, { timeout: 10_000 }).toBe('done');
    // Its bar counts the whole mark, what the first page did included.
    expect(second.jobs[0]).toMatchObject({ state: 'running', total: 5200, done: record!.done.length });
    expect(second.jobs.at(-1)).toMatchObject({ total: 5200, done: 5200 });
    const jobId = second.jobs.at(-1)!.id;
    const token = await second.engine.state.resumedUndo(jobId);
    expect(token).toMatchObject({ flag: 'read', set: true });
    expect(new Set(token!.ids)).toEqual(new Set(ids));
    expect(await second.engine.state.resumedUndo(jobId)).toBeNull();
    expect(await second.engine.state.undo(token!)).toBe(5200);
    expect((await second.engine.counts()).unreadByFeed[feed]).toBe(5200);
  }, 30_000);

  it('a mark a start resumes is a job from the start, said to be resumed', async () => {
    const dbName = `mark-job-${Math.random()}`;
    const first = await start(dbName);
    const { ids } = await bigFeed(first.engine, 5200);
    const meta = internalsOf(first.engine).db.dexie.table('meta');
    await meta.put({
      key: `flagPending:${String(Date.now()).padStart(15, '0')}-000001`,
      value: { bit: FLAG_SAVED, on: true, ids: Float64Array.from(ids.slice(0, 4000)) },
    });
    first.engine.close();

    const second = await start(dbName);
    await expect.poll(() => second.jobs.at(-1)?.state, { timeout: 10_000 }).toBe('done');
    expect(second.jobs[0]).toMatchObject({
      state: 'running',
      total: 4000,
      done: 0,
      mark: { flag: 'saved', set: true, resumed: true },
    });
    expect(second.jobs.at(-1)).toMatchObject({ total: 4000, done: 4000 });
    expect((await second.engine.counts()).saved).toBe(4000);
  }, 30_000);
});
