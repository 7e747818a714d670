/**
 * A feed the server stops listing (hidden in FreshRSS, or unsubscribed on another device) was
 * deleted here with its saved articles. One that holds saved articles is now set aside: kept as
 * a local feed with every article, named on the account until the reader keeps it or removes it
 * (which can be undone), and joining the account again if the server lists it again.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import type { JobProgress } from '../../worker/types';
import { internalsOf } from '../../worker/testing/createTestEngine';
import { FLAG_HIDDEN, FLAG_SAVED } from '../../shared/flags';
import { setFlag } from '../../worker/state/flags';
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
const sync = async (e: Engine) => expect((await finished(e, await e.sync.run())).failures).toEqual([]);
const feed = async (e: Engine, title: string) => (await e.feeds.list()).find((f) => f.title === title);
/** Saved articles of a feed here. */
const savedOf = async (e: Engine, feedId: number) => {
  const { index } = internalsOf(e).context;
  await Promise.resolve();
  return index.idsOfFeed(feedId).filter((id) => index.flags(index.rowOf(id)) & FLAG_SAVED).length;
};

async function withServer(run: (server: GReaderServer, e: Engine) => Promise<void>): Promise<void> {
  const server = await startGReaderServer('reader', 'secret', greaderSeed());
  try {
    const e = await engine();
    await e.sync.connect({ protocol: 'greader', url: server.url, username: 'reader', password: 'secret' });
    await sync(e);
    await run(server, e);
  } finally {
    await server.close();
  }
}

describe('a feed the server no longer lists', () => {
  it('hidden in FreshRSS: kept with its saved articles, named on the account, and back when shown again', async () => {
    await withServer(async (server, e) => {
      const misc = (await feed(e, 'Misc'))!;
      const saved = await savedOf(e, misc.id);
      expect(saved).toBeGreaterThan(0);
      const before = await e.counts();
      server.state.feeds.find((f) => f.title === 'Misc')!.hidden = true;
      await sync(e);
      // Twice: the server's lists, which no longer hold its articles, must not unsave them.
      await sync(e);
      const aside = (await feed(e, 'Misc'))!;
      expect(aside).toMatchObject({ id: misc.id, remoteId: misc.remoteId, groupId: misc.groupId });
      expect(aside.account).toBeUndefined();
      expect(await savedOf(e, misc.id)).toBe(saved);
      expect(await e.counts()).toMatchObject({
        feeds: before.feeds,
        items: before.items,
        saved: before.saved,
      });
      const status = await e.sync.status();
      expect(status.leftServer).toEqual([
        { feedId: misc.id, title: 'Misc', at: aside.leftServer, saved, tagged: 0, highlighted: 0 },
      ]);
      expect(status.feeds).toBe(2);

      // Shown again on the server: it joins the account again, no second copy.
      server.state.feeds.find((f) => f.title === 'Misc')!.hidden = false;
      await sync(e);
      const back = (await feed(e, 'Misc'))!;
      expect([back.id, back.account, back.leftServer]).toEqual([misc.id, misc.account, undefined]);
      expect((await e.feeds.list()).filter((f) => f.title === 'Misc')).toHaveLength(1);
      expect(await e.counts()).toMatchObject({
        feeds: before.feeds,
        items: before.items,
        saved: before.saved,
      });
      expect((await e.sync.status()).leftServer).toEqual([]);
    });
  });

  it("FreshRSS's starred list leaves out a hidden feed's articles: they stay saved here, the unread ones unread", async () => {
    await withServer(async (server, e) => {
      const misc = (await feed(e, 'Misc'))!;
      const { index } = internalsOf(e).context;
      const flagsOf = () => index.idsOfFeed(misc.id).map((id) => [id, index.flags(index.rowOf(id))]);
      const before = flagsOf();
      expect(await savedOf(e, misc.id)).toBeGreaterThan(0);
      server.state.feeds.find((f) => f.title === 'Misc')!.hidden = true;
      // As FreshRSS answers (EntryDAO type 's': priority above "archived"), neither the starred
      // nor the unread list holds the hidden feed's articles any more.
      const login = await fetch(`${server.url}/accounts/ClientLogin`, {
        method: 'POST',
        body: new URLSearchParams({ Email: 'reader', Passwd: 'secret' }),
      });
      const auth = /^Auth=(.+)$/m.exec(await login.text())![1]!;
      const starred = (await (
        await fetch(`${server.url}/reader/api/0/stream/items/ids?s=user/-/state/com.google/starred&n=1000`, {
          headers: { Authorization: `GoogleLogin auth=${auth}` },
        })
      ).json()) as { itemRefs: { id: string }[] };
      const ofMisc = server.state.items.filter((i) => i.feedId === misc.remoteId && i.starred);
      const listed = new Set(starred.itemRefs.map((r) => BigInt.asUintN(64, BigInt(r.id))));
      expect(ofMisc.length).toBeGreaterThan(0);
      expect(ofMisc.filter((i) => listed.has(i.id))).toEqual([]);
      await sync(e);
      await sync(e);
      expect(flagsOf()).toEqual(before);
      expect(server.writes).toEqual([]);
    });
  });

  it('unsubscribed elsewhere: the reader keeps it, or removes it and can undo that', async () => {
    await withServer(async (server, e) => {
      const code = (await feed(e, 'Code'))!;
      const saved = await savedOf(e, code.id);
      expect(saved).toBeGreaterThan(0);
      server.state.feeds = server.state.feeds.filter((f) => f.title !== 'Code');
      server.state.items = server.state.items.filter((i) => i.feedId !== code.remoteId);
      await sync(e);
      expect((await e.sync.status()).leftServer.map((l) => l.feedId)).toEqual([code.id]);
      expect(await savedOf(e, code.id)).toBe(saved);

      // Removed here: an unsubscribe of a local feed, which Undo brings back.
      const token = await e.feeds.deleteMany([code.id]);
      expect(token).not.toBeNull();
      expect(await feed(e, 'Code')).toBeUndefined();
      expect((await e.sync.status()).leftServer).toEqual([]);
      await e.state.undo(token!);
      expect((await feed(e, 'Code'))?.leftServer).toBeGreaterThan(0);
      expect(await savedOf(e, code.id)).toBe(saved);

      // Kept: a local feed of this browser, no longer named on the account, left alone by syncs.
      await e.sync.keepLeft([code.id]);
      expect((await e.sync.status()).leftServer).toEqual([]);
      await sync(e);
      const kept = (await feed(e, 'Code'))!;
      expect([kept.account, kept.leftServer]).toEqual([undefined, undefined]);
      expect(await savedOf(e, code.id)).toBe(saved);
    });
  });

  it('a feed whose articles carry tags or highlights, or saved ones a rule hid, is set aside too; the account names why', async () => {
    await withServer(async (server, e) => {
      const ctx = internalsOf(e).context;
      const [rivers, code, misc] = await Promise.all(['Rivers', 'Code', 'Misc'].map((t) => feed(e, t)));
      // A fourth feed stays listed (a list of none is refused as an odd answer).
      server.state.feeds.push({
        id: 'feed/30',
        title: 'Spare',
        url: 'https://example.net/spare.xml',
        htmlUrl: '',
        labels: ['Work'],
      });
      // Nothing saved in Rivers and Code.
      for (const item of server.state.items)
        if (item.feedId === rivers!.remoteId || item.feedId === code!.remoteId) item.starred = false;
      await sync(e);
      expect([await savedOf(e, rivers!.id), await savedOf(e, code!.id)]).toEqual([0, 0]);
      // Rivers: one tagged article. Code: one highlighted article. Misc: its saved articles
      // hidden by a rule (the lists, and so the visible rows, leave them out).
      const [tagged] = ctx.index.idsOfFeed(rivers!.id);
      await e.tags.addToItems([tagged!], 'Keep');
      const [marked] = ctx.index.idsOfFeed(code!.id);
      await e.highlights.add({
        itemId: marked!,
        color: 'yellow',
        quote: { exact: 'Text', prefix: '', suffix: '' },
        position: { start: 0, end: 4 },
      });
      const savedMisc = ctx.index
        .idsOfFeed(misc!.id)
        .filter((id) => ctx.index.flags(ctx.index.rowOf(id)) & FLAG_SAVED);
      expect(savedMisc.length).toBe(2);
      await setFlag(ctx, savedMisc, FLAG_HIDDEN, true);
      expect(await savedOf(e, misc!.id)).toBe(0);
      const before = await e.counts();

      // Rivers and Code unsubscribed on another device, Misc hidden on the server.
      const gone = new Set([rivers!.remoteId, code!.remoteId]);
      server.state.feeds = server.state.feeds.filter((f) => !gone.has(f.id));
      server.state.items = server.state.items.filter((i) => !gone.has(i.feedId));
      server.state.feeds.find((f) => f.title === 'Misc')!.hidden = true;
      await sync(e);
      await sync(e);
      const status = await e.sync.status();
      const why = (f: typeof rivers) => status.leftServer.find((l) => l.feedId === f!.id);
      expect(why(rivers)).toMatchObject({ saved: 0, tagged: 1, highlighted: 0 });
      expect(why(code)).toMatchObject({ saved: 0, tagged: 0, highlighted: 1 });
      expect(why(misc)).toMatchObject({ saved: 2, tagged: 0, highlighted: 0 });
      expect(await e.counts()).toMatchObject({ feeds: before.feeds, items: before.items });
      expect(ctx.index.tags(ctx.index.rowOf(tagged!)).length).toBe(1);
      expect((await e.highlights.listByItem(marked!)).length).toBe(1);
      expect(savedMisc.map((id) => ctx.index.flags(ctx.index.rowOf(id)) & FLAG_SAVED)).toEqual([
        FLAG_SAVED,
        FLAG_SAVED,
      ]);
    });
  });

  it("a hidden feed's tagged articles are not asked for again on every sync, and keep their tags", async () => {
    await withServer(async (server, e) => {
      const ctx = internalsOf(e).context;
      // Two articles of Misc carry a FreshRSS label, pulled here as a tag.
      server.state.tags = ['Later'];
      const labelled = server.state.items.filter((i) => i.feedId === 'feed/13').slice(-2);
      for (const item of labelled) item.tags = ['Later'];
      await sync(e);
      const misc = (await feed(e, 'Misc'))!;
      const tagged = () =>
        ctx.index
          .idsOfFeed(misc.id, { hidden: true })
          .filter((id) => ctx.index.tags(ctx.index.rowOf(id)).length > 0);
      expect(tagged()).toHaveLength(2);
      // Hidden on the server: its label stream still lists the two (FreshRSS's label type has no
      // priority condition), though no answer gives their contents.
      server.state.feeds.find((f) => f.id === 'feed/13')!.hidden = true;
      await sync(e);
      expect((await feed(e, 'Misc'))?.leftServer).toBeGreaterThan(0);
      const contents = () => server.requests.filter((r) => r.includes('/stream/items/contents')).length;
      const asked = contents();
      await sync(e);
      await sync(e);
      // They are here already, in the feed set aside: nothing to fetch.
      expect(contents()).toBe(asked);
      expect(tagged()).toHaveLength(2);
      // Shown again: it rejoins the account and its articles are linked again, no second copy.
      const items = (await e.counts()).items;
      server.state.feeds.find((f) => f.id === 'feed/13')!.hidden = false;
      await sync(e);
      expect((await feed(e, 'Misc'))?.account).toBe(misc.account);
      expect((await e.counts()).items).toBe(items);
      expect(tagged()).toHaveLength(2);
      server.state.feeds.find((f) => f.id === 'feed/13')!.hidden = true;
      await sync(e);
      // Kept as a local feed: the same.
      await e.sync.keepLeft([misc.id]);
      const kept = contents();
      await sync(e);
      expect(contents()).toBe(kept);
      expect(tagged()).toHaveLength(2);
    });
  });

  it('a feed with nothing saved follows the server, as before', async () => {
    await withServer(async (server, e) => {
      const rivers = (await feed(e, 'Rivers'))!;
      for (const item of server.state.items) if (item.feedId === rivers.remoteId) item.starred = false;
      await sync(e);
      expect(await savedOf(e, rivers.id)).toBe(0);
      server.state.feeds = server.state.feeds.filter((f) => f.title !== 'Rivers');
      await sync(e);
      expect(await feed(e, 'Rivers')).toBeUndefined();
      expect((await e.sync.status()).leftServer).toEqual([]);
    });
  });
});
