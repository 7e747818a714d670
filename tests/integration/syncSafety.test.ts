/**
 * What a sync must never do to the reader's data, against the FreshRSS fixture: undo a read made
 * while it runs, empty the account on one odd answer, or put back a folder renamed or deleted here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import type { EngineError } from '../../worker/errors';
import { internalsOf } from '../../worker/testing/createTestEngine';
import type { JobProgress } from '../../worker/types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { greaderSeed, startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { syncSuite } from './syncHarness';

const { engine } = syncSuite();
let server: GReaderServer;

beforeAll(async () => {
  server = await startGReaderServer();
});
afterAll(async () => {
  await server.close();
});

async function finished(e: Engine, id: string): Promise<JobProgress> {
  for (;;) {
    const job = await e.jobs.get(id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const sync = async (e: Engine) => finished(e, await e.sync.run());

async function connected(): Promise<Engine> {
  server.state = greaderSeed();
  const e = await engine();
  await e.sync.connect({ protocol: 'greader', url: server.url, username: 'reader', password: 'secret' });
  expect((await sync(e)).state).toBe('done');
  return e;
}

/** The local id of a server item. */
function localId(e: Engine, remote: bigint): number {
  const { index } = internalsOf(e).context;
  for (const id of index.idsWhereFlags(() => true))
    if (index.guid(index.rowOf(id)) === `greader:${remote.toString()}`) return id;
  throw new Error(`no local item for ${remote}`);
}
const flagsOf = (e: Engine, id: number) => {
  const { index } = internalsOf(e).context;
  return index.flags(index.rowOf(id));
};

describe('a sync and the reader at the same time', () => {
  it('an article read here while the sync fetches the server saving it stays read, here and then there', async () => {
    const e = await connected();
    const item = server.state.items.find((i) => !i.read && !i.starred)!;
    const id = localId(e, item.id);
    // Starred on another device.
    item.starred = true;
    // The reader opens the article while the sync waits for the unread list (after it pushed):
    // the list's answer is held until the read is stored.
    const fetchBefore = globalThis.fetch;
    let read: Promise<unknown> | null = null;
    globalThis.fetch = async (input, init) => {
      if (!read && typeof init?.body === 'string' && init.body.includes('stream/items/ids')) {
        read = e.state.markRead([id], true);
        await read;
      }
      return fetchBefore(input, init);
    };
    try {
      expect((await sync(e)).state).toBe('done');
    } finally {
      globalThis.fetch = fetchBefore;
    }
    // The read was stored before the unread list arrived (the fetch above waited for it).
    expect(read).not.toBeNull();
    // The star came in; the read was not undone by it.
    expect(flagsOf(e, id)).toBe(FLAG_READ | FLAG_SAVED);
    await new Promise((r) => setTimeout(r, 50));
    expect((await sync(e)).state).toBe('done');
    expect(flagsOf(e, id)).toBe(FLAG_READ | FLAG_SAVED);
    expect(server.state.items.find((i) => i.id === item.id)).toMatchObject({ read: true, starred: true });
  });
});

describe('an answer listing no subscriptions', () => {
  it('changes nothing here, says so, and the next good answer syncs as before', async () => {
    const e = await connected();
    const before = await e.counts();
    expect(before.saved).toBeGreaterThan(0);
    const feeds = server.state.feeds;
    server.state.feeds = [];
    const job = await sync(e);
    expect(job.failures[0]?.reason).toMatch(/listed no subscriptions/);
    expect((await e.sync.status()).lastErrorCode).toBe('sync_refused');
    expect(await e.counts()).toMatchObject({
      feeds: before.feeds,
      items: before.items,
      saved: before.saved,
      unread: before.unread,
    });
    server.state.feeds = feeds;
    expect((await sync(e)).state).toBe('done');
    expect(await e.counts()).toMatchObject({ feeds: before.feeds, items: before.items, saved: before.saved });
    expect((await e.sync.status()).lastErrorCode).toBe('');
  });
});

describe("the account's folders edited here", () => {
  it('a rename reaches the server, and the next sync keeps it', async () => {
    const e = await connected();
    const work = (await e.groups.list()).find((g) => g.title === 'Work')!;
    // A title the group store refuses never reaches the server.
    const blank = await e.groups.save({ id: work.id, title: '  ' }).catch((x: EngineError) => x);
    expect((blank as EngineError).code).toBe('bad_input');
    expect(server.state.feeds.filter((f) => f.labels.includes('Work')).length).toBe(2);
    await e.groups.rename(work.id, 'Job');
    expect(
      server.state.feeds
        .filter((f) => f.labels.includes('Job'))
        .map((f) => f.title)
        .sort(),
    ).toEqual(['Code', 'Misc']);
    expect((await sync(e)).state).toBe('done');
    const groups = await e.groups.list();
    expect(groups.map((g) => g.title).sort()).toEqual(['Job', 'Outdoors']);
    const job = groups.find((g) => g.title === 'Job')!;
    expect((await e.feeds.list()).filter((f) => f.groupId === job.id).length).toBe(2);
  });

  it('a delete reaches the server, and the next sync does not put the folder back', async () => {
    const e = await connected();
    const outdoors = (await e.groups.list()).find((g) => g.title === 'Outdoors')!;
    await e.groups.delete(outdoors.id);
    expect(server.state.feeds.find((f) => f.title === 'Rivers')?.labels).toEqual([]);
    expect((await sync(e)).state).toBe('done');
    expect((await e.groups.list()).map((g) => g.title)).not.toContain('Outdoors');
  });

  it('a server that refuses leaves the group as it was, and groups of local feeds never ask it', async () => {
    const e = await connected();
    const work = (await e.groups.list()).find((g) => g.title === 'Work')!;
    server.mode = 'down';
    try {
      const err = await e.groups.rename(work.id, 'Job').catch((x: EngineError) => x);
      expect((err as EngineError).code).toMatch(/^sync_/);
      expect((await e.groups.get(work.id))?.title).toBe('Work');
      const deleted = await e.groups.delete(work.id).catch((x: EngineError) => x);
      expect((deleted as EngineError).code).toMatch(/^sync_/);
      expect((await e.groups.get(work.id))?.title).toBe('Work');
      // A group of local feeds only is no folder of the account: no server, no refusal.
      const mine = await e.groups.save({ title: 'Mine' });
      await e.feeds.save({ url: 'https://local.example/feed.xml', title: 'Local', groupId: mine });
      await e.groups.rename(mine, 'Still mine');
      await e.groups.delete(mine);
      expect((await e.groups.list()).map((g) => g.title)).not.toContain('Still mine');
    } finally {
      server.mode = 'ok';
    }
  });
});
