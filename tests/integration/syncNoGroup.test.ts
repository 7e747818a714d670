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
import {
  greaderSeed,
  startGReaderServer,
  type GReaderServer,
  type GReaderState,
} from '../fixtures/greaderServer';
import { feverSeed, startFeverServer } from '../fixtures/feverServer';
import { patchFeed } from '../../worker/feeds/refresh/patchFeed';
import { readAccount, writeAccount } from '../../worker/sync/store';
import { internalsOf } from '../../worker/testing/createTestEngine';
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

describe('FreshRSS behind a rewritten path', () => {
  it('is known by its own API check: its default folder is no group from the first sync, asked once', async () => {
    const state = greaderSeed();
    // Misc is in the default category.
    state.feeds.find((f) => f.title === 'Misc')!.labels = [];
    const server = await startGReaderServer('reader', 'secret', state, 'freshrss', { base: '/greader' });
    try {
      expect(server.url).toMatch(/\/greader$/);
      const e = await connected(server);
      expect((await feed(e, 'Misc')).groupId).toBe(-1);
      expect(await titles(e)).toEqual(['Outdoors', 'Work']);
      expect(await readAccount(internalsOf(e).db)).toMatchObject({
        server: 'freshrss',
        defaultFolder: 'Uncategorized',
      });
      await sync(e);
      expect(server.requests.filter((r) => r.includes('/check/compatibility'))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('an account kept from before asks at its next sync; another server is not taken for FreshRSS', async () => {
    const state = greaderSeed();
    state.feeds.find((f) => f.title === 'Misc')!.labels = [];
    const server = await startGReaderServer('reader', 'secret', state, 'freshrss', { base: '/rss' });
    const mini = await startGReaderServer('reader', 'secret', greaderSeed(30, 'miniflux'), 'miniflux');
    try {
      const e = await connected(server);
      const db = internalsOf(e).db;
      // As an account connected before Rivulet asked: nothing known, a group made for the folder.
      const { server: _said, defaultFolder: _known, ...before } = (await readAccount(db))!;
      await writeAccount(db, before);
      await patchFeed(internalsOf(e).context, (await feed(e, 'Misc')).id, {
        groupId: await e.groups.save({ title: 'Uncategorized' }),
      });
      await sync(e);
      expect((await feed(e, 'Misc')).groupId).toBe(-1);
      expect((await readAccount(db))?.server).toBe('freshrss');

      const m = await engine();
      await m.sync.connect({ protocol: 'greader', url: mini.url, username: 'reader', password: 'secret' });
      await sync(m);
      expect(await readAccount(internalsOf(m).db)).toMatchObject({ server: 'other' });
      expect((await readAccount(internalsOf(m).db))?.defaultFolder).toBeUndefined();
    } finally {
      await server.close();
      await mini.close();
    }
  });
});

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

describe('FreshRSS names its default category itself: known from the first sync', () => {
  const french = (): GReaderState => {
    const state = { ...greaderSeed(), defaultFolder: 'Sans catégorie' };
    state.feeds.find((f) => f.title === 'Rivers')!.labels = [];
    return state;
  };
  let server: GReaderServer;
  beforeAll(async () => {
    server = await startGReaderServer('reader', 'secret', french());
  });
  afterAll(async () => {
    await server.close();
  });

  it('a feed already in "Sans catégorie" arrives in no group, and no such group is made', async () => {
    server.state = french();
    const e = await engine();
    const made: string[] = [];
    const { context } = internalsOf(e);
    context.events.on((event) => {
      if (event.type === 'groups-changed') made.push(...[...context.groupCache.values()].map((g) => g.title));
    });
    const preview = await e.sync.connect({
      protocol: 'greader',
      url: server.url,
      username: 'reader',
      password: 'secret',
    });
    // The preview counts the groups the import makes: Work only.
    expect(preview.groups).toBe(1);
    await sync(e);
    expect((await feed(e, 'Rivers')).groupId).toBe(-1);
    expect(await titles(e)).toEqual(['Work']);
    expect(made).not.toContain('Sans catégorie');
    await sync(e);
    expect((await feed(e, 'Rivers')).groupId).toBe(-1);
    expect(await titles(e)).toEqual(['Work']);
  });

  it('the group an earlier version made for it goes once its feeds are in no group', async () => {
    server.state = french();
    const e = await connected(server);
    // As an earlier version left it: the default folder not known, its feed in a group of its name.
    const { context } = internalsOf(e);
    const { defaultFolder, madeGroups, ...before } = (await readAccount(context.db))!;
    expect([defaultFolder, madeGroups]).toEqual(['Sans catégorie', [1]]);
    await writeAccount(context.db, before);
    const legacy = await e.groups.save({ title: 'Sans catégorie' });
    await patchFeed(context, (await feed(e, 'Rivers')).id, { groupId: legacy });
    await sync(e);
    expect((await feed(e, 'Rivers')).groupId).toBe(-1);
    expect(await titles(e)).toEqual(['Work']);
  });

  it('a name it does not know is learned from a move, and the group the sync made for it goes', async () => {
    // A language the list lacks: the first sync makes a group of that name.
    server.state = { ...french(), defaultFolder: 'Bez kategorii' };
    const e = await connected(server);
    const unknown = (await group(e, 'Bez kategorii'))!;
    expect((await feed(e, 'Rivers')).groupId).toBe(unknown.id);
    // Moving Code to no group teaches it; the next sync empties the group the sync made.
    await e.feeds.move([(await feed(e, 'Code')).id], -1);
    await sync(e);
    expect([(await feed(e, 'Rivers')).groupId, (await feed(e, 'Code')).groupId]).toEqual([-1, -1]);
    expect(await titles(e)).toEqual(['Work']);
  });

  it('a folder renamed on another device: the old group goes; a group the reader made stays, emptied or not', async () => {
    server.state = french();
    const e = await connected(server);
    const mine = await e.groups.save({ title: 'Later' });
    const empty = await e.groups.save({ title: 'Someday' });
    await e.feeds.move([(await feed(e, 'Code')).id], mine);
    expect(server.state.feeds.find((f) => f.title === 'Code')!.labels).toEqual(['Later']);
    await sync(e);
    // Elsewhere: Code back to Work, and Work renamed Jobs.
    for (const f of server.state.feeds) if (f.labels[0] === 'Work' || f.title === 'Code') f.labels = ['Jobs'];
    await sync(e);
    const jobs = (await group(e, 'Jobs'))!;
    expect([(await feed(e, 'Code')).groupId, (await feed(e, 'Misc')).groupId]).toEqual([jobs.id, jobs.id]);
    expect(await titles(e)).toEqual(['Jobs', 'Later', 'Someday']);
    expect((await e.groups.get(mine))?.title).toBe('Later');
    expect((await e.groups.get(empty))?.title).toBe('Someday');
  });
});

describe("FreshRSS's Fever API behind a rewritten path", () => {
  it('is known by its answer to refresh: group 1 is no group from the first sync, asked once', async () => {
    const state = feverSeed(60, 'freshrss');
    state.feeds.find((f) => f.title === 'Loose')!.groupId = 1;
    const server = await startFeverServer('reader', 'secret', state, 'freshrss', { path: '/fever' });
    const mini = await startFeverServer('reader', 'secret', feverSeed(30), 'miniflux', { path: '/rss' });
    try {
      expect(server.url).toMatch(/\/fever$/);
      const e = await engine();
      await e.sync.connect({ protocol: 'fever', url: server.url, username: 'reader', password: 'secret' });
      await sync(e);
      expect((await feed(e, 'Loose')).groupId).toBe(-1);
      expect(await titles(e)).toEqual(['Nature', 'Tech']);
      expect(await readAccount(internalsOf(e).db)).toMatchObject({ server: 'freshrss', defaultFolder: '1' });
      await sync(e);
      expect(server.requests.filter((r) => r.includes('refresh'))).toHaveLength(1);

      // Miniflux's Fever API at a path of its own is not taken for FreshRSS: "All" stays a group.
      const m = await engine();
      await m.sync.connect({ protocol: 'fever', url: mini.url, username: 'reader', password: 'secret' });
      await sync(m);
      expect(await readAccount(internalsOf(m).db)).toMatchObject({ server: 'other' });
      expect((await readAccount(internalsOf(m).db))?.defaultFolder).toBeUndefined();
    } finally {
      await server.close();
      await mini.close();
    }
  });
});

describe.each(['freshrss', 'miniflux'] as const)('Fever API (%s): group 1', (flavour) => {
  it(
    flavour === 'freshrss'
      ? "is FreshRSS's default category: its feeds are in no group"
      : 'is an ordinary category ("All"): its feeds are in that group',
    async () => {
      const state = feverSeed(60, flavour);
      state.groups[0]!.title = flavour === 'freshrss' ? 'Sans catégorie' : 'All';
      state.feeds.find((f) => f.title === 'Loose')!.groupId = 1;
      const server = await startFeverServer('reader', 'secret', state, flavour);
      try {
        const e = await engine();
        await e.sync.connect({ protocol: 'fever', url: server.url, username: 'reader', password: 'secret' });
        await sync(e);
        const all = await group(e, 'All');
        expect((await feed(e, 'Loose')).groupId).toBe(flavour === 'freshrss' ? -1 : all!.id);
        expect(await titles(e)).toEqual(
          flavour === 'freshrss' ? ['Nature', 'Tech'] : ['All', 'Nature', 'Tech'],
        );
      } finally {
        await server.close();
      }
    },
  );
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

  it('has no default folder: "All" is an ordinary category, and where it puts an unfiled feed teaches nothing', async () => {
    // "AI" sorts before "All": Miniflux's first category, where a feed that needs one goes.
    const state = greaderSeed(90, 'miniflux');
    state.feeds.find((f) => f.title === 'Rivers')!.labels = ['AI'];
    state.feeds.find((f) => f.title === 'Misc')!.labels = [];
    const server = await startGReaderServer('reader', 'secret', state, 'miniflux');
    const onServer = (title: string) => server.state.feeds.find((f) => f.title === title)!.labels;
    try {
      const e = await connected(server);
      expect(await titles(e)).toEqual(['AI', 'All', 'Work']);
      // Subscribed into no group: Miniflux puts it in its first category, "AI".
      const { feedId } = await e.subscriptions.subscribe({ url: 'http://127.0.0.1:1/new.xml' });
      expect(server.state.feeds.at(-1)!.labels).toEqual(['AI']);
      const ai = (await group(e, 'AI'))!;
      expect((await e.feeds.get(feedId))?.groupId).toBe(ai.id);
      // Work deleted here: Miniflux moves Code to its first category left, "AI".
      await e.groups.delete((await group(e, 'Work'))!.id);
      expect(onServer('Code')).toEqual(['AI']);
      await sync(e);
      const all = (await group(e, 'All'))!;
      expect([
        (await feed(e, 'Rivers')).groupId,
        (await feed(e, 'Code')).groupId,
        (await feed(e, 'Misc')).groupId,
        (await e.feeds.get(feedId))?.groupId,
      ]).toEqual([ai.id, ai.id, all.id, ai.id]);
      expect(await titles(e)).toEqual(['AI', 'All']);
      expect((await readAccount(internalsOf(e).context.db))?.defaultFolder).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
