/**
 * Issue 14, failure 3: after the API password changed, logging out (keeping feeds) and in again
 * duplicated every feed and dropped the queued change. Now "Log in again" keeps everything and
 * sends the queue; and a logout that keeps feeds followed by a login to the same server and user
 * re-attaches the same feeds and articles and sends what was queued.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import type { EngineError } from '../../worker/errors';
import { startFeverServer } from '../fixtures/feverServer';
import { startGReaderServer } from '../fixtures/greaderServer';
import { syncSuite } from './syncHarness';
import { internalsOf } from '../../worker/testing/createTestEngine';
import { ingestItems } from '../../worker/items/ingest';

const suite = syncSuite();
const engine = () => suite.engine();
async function finished(e: Engine, id: string) {
  for (;;) {
    const j = await e.jobs.get(id);
    if (j && j.state !== 'running') return j;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const settle = () => new Promise((r) => setTimeout(r, 50));
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: EngineError) => err.code,
  );
function localId(e: Engine, guid: string): number {
  const ix = internalsOf(e).context.index;
  const id = ix.idsWhereFlags(() => true).find((i) => ix.guid(ix.rowOf(i)) === guid);
  if (id === undefined) throw new Error(`no item ${guid}`);
  return id;
}

const servers = {
  greader: async () => {
    const s = await startGReaderServer();
    const newest = s.state.items.at(-1)!;
    return {
      url: s.url,
      setPassword: (p: string) => s.setPassword(p),
      close: () => s.close(),
      guid: `greader:${newest.id}`,
      isRead: () => newest.read,
    };
  },
  fever: async () => {
    const s = await startFeverServer();
    const newest = s.state.items.at(-1)!;
    return {
      url: s.url,
      setPassword: (p: string) => s.setPassword(p),
      close: () => s.close(),
      guid: `fever:${newest.id}`,
      isRead: () => newest.read,
    };
  },
};

describe.each(['greader', 'fever'] as const)('%s: password changed on the server', (protocol) => {
  it('"Log in again" keeps the feeds, articles and queued change, and sends it', async () => {
    const server = await servers[protocol]();
    try {
      const e = await engine();
      await e.sync.connect({ protocol, url: server.url, username: 'reader', password: 'secret' });
      await finished(e, await e.sync.run());
      const before = await e.counts();
      server.setPassword('changed');
      await e.state.markRead([localId(e, server.guid)], true);
      await settle();
      expect((await finished(e, await e.sync.run())).failed).toBe(1);
      expect(await e.sync.status()).toMatchObject({
        pending: 1,
        problem: { code: 'sync_auth', action: 'relogin' },
      });
      expect(await codeOf(e.sync.relogin('wrong'))).toBe('sync_auth');
      expect((await e.sync.status()).pending).toBe(1);
      expect((await finished(e, await e.sync.relogin('changed'))).failed).toBe(0);
      expect(server.isRead()).toBe(true);
      expect(await e.sync.status()).toMatchObject({ pending: 0, problem: null, connected: true });
      expect(await e.counts()).toMatchObject({ feeds: before.feeds, items: before.items });
    } finally {
      await server.close();
    }
  });

  it('logging out keeping feeds, then in again to the same account, re-attaches without duplicates', async () => {
    const server = await servers[protocol]();
    try {
      const e = await engine();
      await e.sync.connect({ protocol, url: server.url, username: 'reader', password: 'secret' });
      await finished(e, await e.sync.run());
      const feeds = (await e.feeds.list()).map((f) => f.id).sort();
      const before = await e.counts();
      server.setPassword('changed');
      await e.state.markRead([localId(e, server.guid)], true);
      await settle();
      await e.sync.logout({ removeFeeds: false });
      const out = await e.sync.status();
      expect(out).toMatchObject({ connected: false, former: { username: 'reader', feeds: 3 } });
      expect((await e.feeds.list()).every((f) => !f.account)).toBe(true);

      const preview = await e.sync.connect({
        protocol,
        url: server.url,
        username: 'reader',
        password: 'changed',
      });
      expect(preview.reattached).toBe(3);
      expect((await finished(e, await e.sync.run())).failed).toBe(0);
      expect((await e.feeds.list()).map((f) => f.id).sort()).toEqual(feeds);
      expect((await e.feeds.list()).every((f) => f.account)).toBe(true);
      expect(await e.counts()).toMatchObject({ feeds: before.feeds, items: before.items });
      expect(server.isRead()).toBe(true);
      expect((await e.sync.status()).pending).toBe(0);
    } finally {
      await server.close();
    }
  });
});

it('a copy fetched while logged out is matched by link also when a rule hid it', async () => {
  const server = await startGReaderServer();
  try {
    const e = await engine();
    await e.sync.connect({ protocol: 'greader', url: server.url, username: 'reader', password: 'secret' });
    await finished(e, await e.sync.run());
    await e.sync.logout({ removeFeeds: false });
    // Logged out, the feed refreshes from its own address and brings an article the server has
    // not synced yet; a rule (here: the same flag a rule's "Hide" sets) hides it.
    const ctx = internalsOf(e).context;
    const feed = (await e.feeds.list()).find((f) => f.remoteId === 'feed/11')!;
    const link = 'https://example.net/posts/while-away';
    const { added } = await ingestItems(ctx, feed.id, [
      {
        guid: link,
        title: 'While away',
        author: '',
        description: '<p>Away</p>',
        pubDate: 1_700_300_000,
        link,
        enclosure: null,
      },
    ]);
    await e.state.markHidden(added, true);
    const newest = server.state.items.at(-1)!;
    server.state.items.push({
      ...newest,
      id: newest.id + 10n,
      received: newest.received + 10n,
      feedId: 'feed/11',
      title: 'While away',
      url: link,
      read: false,
      starred: false,
    });
    const before = (await e.counts()).items;
    await e.sync.connect({ protocol: 'greader', url: server.url, username: 'reader', password: 'secret' });
    expect((await finished(e, await e.sync.run())).failed).toBe(0);
    // The server's article is the hidden copy: not a second, visible one.
    expect((await e.counts()).items).toBe(before);
    const ix = ctx.index;
    const withLink = ix
      .idsOfFeed(feed.id, { hidden: true })
      .filter(
        (id) => ix.guid(ix.rowOf(id)) === link || ix.guid(ix.rowOf(id)) === `greader:${newest.id + 10n}`,
      );
    expect(withLink).toEqual(added);
    expect(await e.state.hiddenIds()).toEqual(added);
  } finally {
    await server.close();
  }
});

it('logging in to another account after a logout forgets the former one', async () => {
  const a = await startGReaderServer();
  const b = await startFeverServer();
  try {
    const e = await engine();
    await e.sync.connect({ protocol: 'greader', url: a.url, username: 'reader', password: 'secret' });
    await finished(e, await e.sync.run());
    await e.sync.logout({ removeFeeds: false });
    const preview = await e.sync.connect({
      protocol: 'fever',
      url: b.url,
      username: 'reader',
      password: 'secret',
    });
    expect(preview.reattached).toBe(0);
    await finished(e, await e.sync.run());
    const feeds = await e.feeds.list();
    // The Google Reader feeds stay as plain local feeds; the Fever ones are new.
    expect(feeds.filter((f) => !f.account && !f.remoteId)).toHaveLength(3);
    expect(feeds.filter((f) => f.account)).toHaveLength(3);
    expect((await e.sync.status()).former).toBeNull();
  } finally {
    await a.close();
    await b.close();
  }
});
