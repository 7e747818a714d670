/**
 * Issue 14, failure 1: subscribing into a synced Google Reader account stayed local. Every place
 * that subscribes (the subscribe screen's `subscriptions.subscribe`, bundles'
 * `subscriptions.subscribeMany`, `opml.import`) now goes to the server unless told `into:
 * 'local'`; a Fever account refuses (its API cannot subscribe).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import type { EngineError } from '../../worker/errors';
import { createTestEngine } from '../../worker/testing/createTestEngine';
import type { Running } from '../../server/testing';
import { startFeverServer, type FeverServer } from '../fixtures/feverServer';
import { startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { startCompanion } from './syncHarness';

let app: Running;
const engines: Engine[] = [];
beforeAll(async () => {
  ({ app } = await startCompanion());
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

async function connected(protocol: 'greader' | 'fever', url: string): Promise<Engine> {
  const e = createTestEngine({ fetch: { base: app.url } });
  engines.push(e);
  await e.init();
  await e.sync.connect({ protocol, url, username: 'reader', password: 'secret' });
  const job = await e.sync.run();
  for (;;) {
    const j = await e.jobs.get(job);
    if (j && j.state !== 'running') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return e;
}

async function finished(e: Engine, id: string) {
  for (;;) {
    const j = await e.jobs.get(id);
    if (j && j.state !== 'running') return j;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: EngineError) => err.code,
  );
// Nothing listens here: a local subscription would fail to fetch it, the server "fetches" it.
const NEW = 'http://127.0.0.1:1/new.xml';

describe.each(['freshrss', 'miniflux'] as const)('Google Reader account (%s)', (flavour) => {
  let server: GReaderServer;
  beforeAll(async () => {
    server = await startGReaderServer('reader', 'secret', undefined, flavour);
  });
  afterAll(async () => {
    await server.close();
  });

  it('the subscribe screen’s call subscribes on the server, into the chosen group, and brings the items', async () => {
    const e = await connected('greader', server.url);
    const work = (await e.groups.list()).find((g) => g.title === 'Work')!;
    server.writes.length = 0;
    const result = await e.subscriptions.subscribe({ url: NEW, groupId: work.id });
    expect(result.alreadySubscribed).toBe(false);
    expect(server.writes.map((w) => w.path)).toEqual(['/subscription/quickadd', '/subscription/edit']);
    const onServer = server.state.feeds.find((f) => f.url === NEW)!;
    expect(onServer.labels).toEqual(['Work']);
    const feed = (await e.feeds.get(result.feedId))!;
    expect(feed).toMatchObject({ remoteId: onServer.id, groupId: work.id });
    expect(feed.account).toBeTruthy();
    expect(result.added).toBe(2);
    // Subscribing again is "already subscribed", with no second call.
    expect((await e.subscriptions.subscribe({ url: NEW })).alreadySubscribed).toBe(true);
    expect(server.writes).toHaveLength(2);

    // Asked for this browser only, nothing reaches the server.
    server.writes.length = 0;
    await codeOf(e.subscriptions.subscribe({ url: 'http://127.0.0.1:1/other.xml', into: 'local' }));
    expect(server.writes).toEqual([]);
  });

  it('OPML import and bundles subscribe on the server, folders becoming labels', async () => {
    const e = await connected('greader', server.url);
    server.writes.length = 0;
    const opml = `<?xml version="1.0"?><opml version="2.0"><body>
      <outline text="News" title="News">
        <outline type="rss" text="One" xmlUrl="http://127.0.0.1:1/one.xml"/>
        <outline type="rss" text="Two" xmlUrl="http://127.0.0.1:1/two.xml"/>
      </outline>
      <outline type="rss" text="Rivers" xmlUrl="https://example.net/rivers.xml"/>
    </body></opml>`;
    const job = await finished(e, await e.opml.import(opml));
    expect(job.summary).toMatchObject({ added: 2, skipped: 1, failed: 0 });
    expect(server.state.feeds.filter((f) => f.labels.includes('News')).map((f) => f.url)).toEqual([
      'http://127.0.0.1:1/one.xml',
      'http://127.0.0.1:1/two.xml',
    ]);
    const news = (await e.groups.list()).find((g) => g.title === 'News')!;
    const local = (await e.feeds.list()).filter((f) => f.groupId === news.id);
    expect(local).toHaveLength(2);
    expect(local.every((f) => f.account && f.remoteId)).toBe(true);
    // What undoing the import removes: the two feeds it subscribed on the server and their group.
    expect([...job.summary!.feedIds!].sort()).toEqual(local.map((f) => f.id).sort());
    expect(job.summary!.groupIds).toEqual([news.id]);

    const bundle = await finished(
      e,
      await e.subscriptions.subscribeMany([
        { url: 'http://127.0.0.1:1/three.xml', title: 'Three', groupTitle: 'Kit' },
      ]),
    );
    expect(bundle.summary).toMatchObject({ added: 1, failed: 0 });
    expect(server.state.feeds.find((f) => f.url === 'http://127.0.0.1:1/three.xml')?.labels).toEqual(['Kit']);
  });
});

describe('Fever account', () => {
  let fever: FeverServer;
  beforeAll(async () => {
    fever = await startFeverServer();
  });
  afterAll(async () => {
    await fever.close();
  });

  it('cannot subscribe on the server, and says so when asked to', async () => {
    const e = await connected('fever', fever.url);
    expect(await codeOf(e.subscriptions.subscribe({ url: NEW, into: 'account' }))).toBe('sync_unsupported');
    expect(await codeOf(e.opml.import('<opml version="2.0"><body/></opml>', { into: 'account' }))).toBe(
      'sync_unsupported',
    );
  });
});
