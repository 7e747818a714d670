/**
 * Issue 14, failure 2: "Load older" over the Google Reader API found nothing on FreshRSS, which
 * reads `ot`/`nt` on its receive clock; and each feed keeps its own "no more" state. Against
 * fixtures that page the way FreshRSS and Miniflux do.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import { startFeverServer, feverSeed, type FeverFlavour } from '../fixtures/feverServer';
import { greaderSeed, startGReaderServer, type GReaderFlavour } from '../fixtures/greaderServer';
import { syncSuite } from './syncHarness';

const suite = syncSuite();
const engine = () => suite.engine();

async function synced(e: Engine): Promise<void> {
  const id = await e.sync.run();
  for (;;) {
    const job = await e.jobs.get(id);
    if (job && job.state !== 'running') return void expect(job.state).toBe('done');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const itemsOf = async (e: Engine, feedId: number) =>
  (await e.items.page({ scope: 'feed', id: feedId, limit: 500 })).rows.map((i) => i.title);

describe.each(['freshrss', 'miniflux'] as const)(
  'Google Reader API (%s): load older',
  (flavour: GReaderFlavour) => {
    it('pages back with the server’s continuation until the feed has no more, per feed', async () => {
      // 900 items over three feeds, 25 unread: the import brings those and the starred ones.
      const server = await startGReaderServer('reader', 'secret', greaderSeed(900, flavour), flavour);
      try {
        const e = await engine();
        await e.sync.connect({
          protocol: 'greader',
          url: server.url,
          username: 'reader',
          password: 'secret',
        });
        await synced(e);
        const feeds = await e.feeds.list();
        const rivers = feeds.find((f) => f.title === 'Rivers')!;
        const code = feeds.find((f) => f.title === 'Code')!;
        const onServer = server.state.items.filter((i) => i.feedId === 'feed/11').length;
        const before = (await itemsOf(e, rivers.id)).length;
        expect(before).toBeLessThan(onServer);

        server.requests.length = 0;
        let more = true;
        let clicks = 0;
        while (more && clicks < 40) {
          const r = await e.sync.loadOlder(rivers.id);
          more = r.more;
          clicks++;
          if (more) expect(r.added).toBeGreaterThan(0);
        }
        expect(more).toBe(false);
        const titles = await itemsOf(e, rivers.id);
        expect(titles).toHaveLength(onServer);
        expect(new Set(titles).size).toBe(onServer);
        // Only tokens the server handed out: no ot/nt from local dates.
        expect(server.requests.some((r) => /[?&](ot|nt)=/.test(r))).toBe(false);
        expect(server.requests.filter((r) => /[?&]c=/.test(r)).length).toBeGreaterThan(0);

        // Another feed still has its own older items.
        const other = await e.sync.loadOlder(code.id);
        expect(other.added).toBeGreaterThan(0);
        expect(other.more).toBe(true);
        // A feed that said "no more" says so again without inventing items.
        expect(await e.sync.loadOlder(rivers.id)).toMatchObject({ added: 0, more: false });
      } finally {
        await server.close();
      }
    });
  },
);

describe.each(['miniflux', 'freshrss'] as const)('Fever API (%s): load older', (flavour: FeverFlavour) => {
  it('walks down with max_id until the feed has no more', async () => {
    const server = await startFeverServer('reader', 'secret', feverSeed(240, flavour), flavour);
    try {
      const e = await engine();
      await e.sync.connect({ protocol: 'fever', url: server.url, username: 'reader', password: 'secret' });
      await synced(e);
      const birds = (await e.feeds.list()).find((f) => f.title === 'Birds')!;
      const onServer = server.state.items.filter((i) => i.feedId === 2).length;
      let more = true;
      for (let clicks = 0; more && clicks < 30; clicks++) more = (await e.sync.loadOlder(birds.id)).more;
      expect(more).toBe(false);
      const titles = await itemsOf(e, birds.id);
      expect(new Set(titles).size).toBe(onServer);
    } finally {
      await server.close();
    }
  });
});
