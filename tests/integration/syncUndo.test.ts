/**
 * Undo of a bulk change with a sync account connected (Fever fixture server through the real
 * companion server): a change still queued is withdrawn, so the server never hears of it; a
 * change already pushed is sent back; an earlier change of the same item stays queued.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import { createTestEngine, internalsOf } from '../../worker/testing/createTestEngine';
import { readQueue } from '../../worker/sync/store';
import type { JobProgress } from '../../worker/types';
import { FLAG_READ } from '../../shared/flags';
import type { Running } from '../../server/testing';
import { feverSeed, startFeverServer, type FeverServer } from '../fixtures/feverServer';
import { startCompanion } from './syncHarness';

let app: Running;
let fever: FeverServer;
let e: Engine;

beforeAll(async () => {
  ({ app } = await startCompanion());
  fever = await startFeverServer();
});
afterAll(async () => {
  await fever.close();
  await app.close();
});
beforeEach(async () => {
  fever.state = feverSeed(30);
  e = createTestEngine({ fetch: { base: app.url } });
  await e.init();
  await e.sync.connect({ protocol: 'fever', url: fever.url, username: 'reader', password: 'secret' });
  await sync();
  fever.marks.length = 0;
});
afterEach(() => e.close());

async function sync(): Promise<JobProgress> {
  const id = await e.sync.run();
  for (;;) {
    const job = await e.jobs.get(id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The queue as `op ids` lines, once the queue listener's appends have landed. */
async function queue(): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 50));
  return (await readQueue(internalsOf(e).db)).map((q) => `${q.op} ${[...q.remoteIds].sort().join()}`);
}

const serverRead = () =>
  fever.state.items
    .filter((i) => i.read)
    .map((i) => i.id)
    .sort((a, b) => a - b);

function local(remoteId: number): number {
  for (const id of internalsOf(e).context.index.idsWhereFlags(() => true))
    if (internalsOf(e).context.index.guid(internalsOf(e).context.index.rowOf(id)) === `fever:${remoteId}`)
      return id;
  throw new Error(`no local item for ${remoteId}`);
}
const flagsOf = (id: number) => internalsOf(e).context.index.flags(internalsOf(e).context.index.rowOf(id));

it('withdraws a queued mark-all-read: the queue ends empty and the server hears nothing', async () => {
  const readBefore = serverRead();
  const countsBefore = await e.counts();
  const token = await e.state.markAllRead({ scope: 'all' });
  expect(token.ids.length).toBe(countsBefore.unread);
  expect(await queue()).toHaveLength(1);
  expect((await e.sync.status()).pending).toBe(1);

  expect(await e.state.undo(token)).toBe(token.ids.length);
  expect(await queue()).toEqual([]);
  expect((await e.sync.status()).pending).toBe(0);
  expect(await e.counts()).toEqual(countsBefore);

  expect((await sync()).state).toBe('done');
  expect(fever.marks).toEqual([]);
  expect(serverRead()).toEqual(readBefore);
});

it('keeps an earlier change of the same kind queued and queues an item whose server state moved', async () => {
  const a = local(30);
  const b = local(29);
  const c = local(28);
  await e.state.markRead([a], true); // read before the bulk change: not part of its undo
  // b: read on the server (pushed), then marked unread here (queued), then the bulk marks it read.
  await e.state.markRead([b], true);
  await sync();
  await e.state.markRead([b], false);
  expect(await queue()).toEqual(['unread 29']);
  await e.state.markRead([a], true);
  await e.state.markRead([a], false);
  await e.state.markRead([a], true);
  fever.marks.length = 0;

  const token = await e.state.markAllRead({ scope: 'all' });
  expect(token.ids).toContain(b);
  expect(token.ids).toContain(c);
  expect(token.ids).not.toContain(a);
  await e.state.undo(token);
  // b is unread here and read on the server: its "unread" stays; a's read is untouched.
  expect(await queue()).toEqual(['unread 30', 'read 30', 'unread 29']);
  expect(flagsOf(b) & FLAG_READ).toBe(0);
  expect(flagsOf(c) & FLAG_READ).toBe(0);
  await sync();
  expect(fever.marks).toEqual([
    { mark: 'item', as: 'read', id: '30' },
    { mark: 'item', as: 'unread', id: '29' },
  ]);
  expect(serverRead()).not.toContain(29);
  expect(serverRead()).not.toContain(28);
});

it('sends the change back when it was pushed before the undo', async () => {
  const readBefore = serverRead();
  const token = await e.state.markAllRead({
    scope: 'feed',
    id: internalsOf(e).context.index.feedId(internalsOf(e).context.index.rowOf(local(30))),
  });
  await sync();
  expect(serverRead().length).toBeGreaterThan(readBefore.length);
  fever.marks.length = 0;
  await e.state.undo(token);
  expect(await queue()).toEqual([
    `unread ${token.ids
      .map((id) => internalsOf(e).context.index.guid(internalsOf(e).context.index.rowOf(id)).slice(6))
      .sort()
      .join()}`,
  ]);
  await sync();
  expect(fever.marks.every((m) => m.as === 'unread')).toBe(true);
  expect(serverRead()).toEqual(readBefore);
});
