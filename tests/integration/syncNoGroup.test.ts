/**
 * "No group" on a server that keeps every feed in a folder. FreshRSS puts a feed taken out of its
 * folder (moved to no group here, or its folder deleted here, or subscribed without one) in its
 * default category, named in the install's language ("Sans catégorie" here): the next sync made a
 * local group of that name and undid the reader's choice. Rivulet learns the default folder from
 * where the server put the feed and keeps it as no group both ways. Miniflux, which ignores a
 * removed label, refuses the move instead of undoing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import type { EngineError } from '../../worker/errors';
import type { JobProgress } from '../../worker/types';
import { greaderSeed, startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { syncSuite } from './syncHarness';

const { engine } = syncSuite();

async function finished(e: Engine, id: string): Promise<JobProgress> {
  for (;;) {
    const job = await e.jobs.get(id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const sync = async (e: Engine) => {
  const job = await finished(e, await e.sync.run());
  expect(job.failures).toEqual([]);
};

async function connected(server: GReaderServer): Promise<Engine> {
  const e = await engine();
  await e.sync.connect({ protocol: 'greader', url: server.url, username: 'reader', password: 'secret' });
  await sync(e);
  return e;
}
const feed = async (e: Engine, title: string) => (await e.feeds.list()).find((f) => f.title === title)!;
const group = async (e: Engine, title: string) => (await e.groups.list()).find((g) => g.title === title);
const titles = async (e: Engine) => (await e.groups.list()).map((g) => g.title).sort();

describe('FreshRSS in French: its default category is "Sans catégorie"', () => {
  let server: GReaderServer;
  beforeAll(async () => {
    server = await startGReaderServer('reader', 'secret', {
      ...greaderSeed(),
      defaultFolder: 'Sans catégorie',
    });
  });
  afterAll(async () => {
    await server.close();
  });
  const onServer = (title: string) => server.state.feeds.find((f) => f.title === title)!.labels;

  it('a feed moved to no group stays in no group through syncs and a new login', async () => {
    server.state = { ...greaderSeed(), defaultFolder: 'Sans catégorie' };
    const e = await connected(server);
    await e.feeds.move([(await feed(e, 'Rivers')).id], -1);
    // On the server the feed is in the default category.
    expect(onServer('Rivers')).toEqual([]);
    await sync(e);
    expect((await feed(e, 'Rivers')).groupId).toBe(-1);
    expect(await titles(e)).toEqual(['Outdoors', 'Work']);
    // A new login (after a password change) remembers it.
    await finished(e, await e.sync.relogin('secret'));
    await sync(e);
    expect((await feed(e, 'Rivers')).groupId).toBe(-1);
    expect(await group(e, 'Sans catégorie')).toBeUndefined();
    // And back into a folder: the server moves it there.
    const outdoors = (await group(e, 'Outdoors'))!;
    await e.feeds.move([(await feed(e, 'Rivers')).id], outdoors.id);
    expect(onServer('Rivers')).toEqual(['Outdoors']);
    await sync(e);
    expect((await feed(e, 'Rivers')).groupId).toBe(outdoors.id);
  });

  it("a deleted group's feeds stay in no group after the next sync", async () => {
    server.state = { ...greaderSeed(), defaultFolder: 'Sans catégorie' };
    const e = await connected(server);
    await e.groups.delete((await group(e, 'Work'))!.id);
    expect([onServer('Code'), onServer('Misc')]).toEqual([[], []]);
    await sync(e);
    expect([(await feed(e, 'Code')).groupId, (await feed(e, 'Misc')).groupId]).toEqual([-1, -1]);
    expect(await titles(e)).toEqual(['Outdoors']);
  });

  it('a feed subscribed into no group arrives in no group', async () => {
    server.state = { ...greaderSeed(), defaultFolder: 'Sans catégorie' };
    const e = await connected(server);
    const { feedId } = await e.subscriptions.subscribe({ url: 'http://127.0.0.1:1/new.xml' });
    expect((await e.feeds.get(feedId))?.groupId).toBe(-1);
    await sync(e);
    expect((await e.feeds.get(feedId))?.groupId).toBe(-1);
    expect(await titles(e)).toEqual(['Outdoors', 'Work']);
  });
});

describe('Miniflux keeps every feed in a category and ignores a removed label', () => {
  it('moving to no group is refused with the reason, and nothing changes', async () => {
    const server = await startGReaderServer('reader', 'secret', undefined, 'miniflux');
    try {
      const e = await connected(server);
      const rivers = await feed(e, 'Rivers');
      const err = (await e.feeds.move([rivers.id], -1).catch((x: EngineError) => x)) as EngineError;
      expect(err.code).toBe('sync_refused');
      expect(err.message).toContain('it keeps every feed in a folder');
      expect((await feed(e, 'Rivers')).groupId).toBe(rivers.groupId);
      expect(server.state.feeds.find((f) => f.title === 'Rivers')!.labels).toEqual(['Outdoors']);
    } finally {
      await server.close();
    }
  });
});
