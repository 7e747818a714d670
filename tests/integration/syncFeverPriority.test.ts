/**
 * FreshRSS's Fever API lists unread and saved ids of its main stream only (feeds of priority 10
 * and up), while `items` answers every feed's articles with their own state. A feed the user set
 * to "show in its category only" (or hid) on the server vanished from both lists, and a pass read
 * that as every one of its articles read and unsaved (worker/sync/feverCheck.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { internalsOf } from '../../worker/testing/createTestEngine';
import { feverSeed, startFeverServer } from '../fixtures/feverServer';
import { syncSuite } from './syncHarness';

const suite = syncSuite();

async function sync(e: Engine) {
  const id = await e.sync.run();
  for (;;) {
    const j = await e.jobs.get(id);
    if (j && j.state !== 'running') return j;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Local flags by server id, for the articles of server feed `feedId`. */
function flagsOfFeed(
  e: Engine,
  server: { state: { items: { id: number; feedId: number }[] } },
  feedId: number,
) {
  const { index } = internalsOf(e).context;
  const byGuid = new Map<string, number>();
  for (const id of index.idsWhereFlags(() => true)) byGuid.set(index.guid(index.rowOf(id)), id);
  return server.state.items
    .filter((i) => i.feedId === feedId)
    .map((i) => {
      const id = byGuid.get(`fever:${i.id}`);
      return id === undefined ? null : index.flags(index.rowOf(id)) & (FLAG_READ | FLAG_SAVED);
    });
}

describe('Fever from FreshRSS: a feed out of the main stream', () => {
  it('keeps its articles unread and saved as they are on the server', async () => {
    const server = await startFeverServer('reader', 'secret', undefined, 'freshrss');
    try {
      const e = await suite.engine();
      await e.sync.connect({ protocol: 'fever', url: server.url, username: 'reader', password: 'secret' });
      await sync(e);
      const feed = server.state.feeds[0]!.id;
      const before = flagsOfFeed(e, server, feed);
      expect(before.filter((f) => f !== null && (f & FLAG_READ) === 0).length).toBeGreaterThan(0);
      expect(before.filter((f) => f !== null && (f & FLAG_SAVED) !== 0).length).toBeGreaterThan(0);
      // On the server: "show in its category only". Nothing about the articles changed.
      server.state.feeds[0]!.priority = 0;
      await sync(e);
      expect(flagsOfFeed(e, server, feed)).toEqual(before);
      // A real change on the server still comes down: one of them read there.
      const unread = server.state.items.find((i) => i.feedId === feed && !i.read)!;
      unread.read = true;
      await sync(e);
      const after = flagsOfFeed(e, server, feed);
      const at = server.state.items.filter((i) => i.feedId === feed).indexOf(unread);
      expect(after[at]! & FLAG_READ).toBe(FLAG_READ);
      expect(after.filter((_, i) => i !== at)).toEqual(before.filter((_, i) => i !== at));
    } finally {
      await server.close();
    }
  });
});

describe('Fever from FreshRSS: a feed shown in its category only', () => {
  it('brings its unread and saved articles in a normal sync, old and new', async () => {
    // Loose (feed 3) is out of the main stream; of its articles, an old unread one and an old
    // saved one lie far below the newest pages, the rest of its new ones are unread.
    const state = feverSeed(200, 'freshrss');
    const loose = state.feeds.find((f) => f.title === 'Loose')!;
    loose.priority = 0;
    const own = state.items.filter((i) => i.feedId === loose.id);
    own[0]!.read = false;
    own[1]!.saved = true;
    const server = await startFeverServer('reader', 'secret', state, 'freshrss');
    try {
      const e = await suite.engine();
      await e.sync.connect({ protocol: 'fever', url: server.url, username: 'reader', password: 'secret' });
      await sync(e);
      const wanted = () => own.map((i) => (!i.read || i.saved ? 'here' : 'server'));
      const here = () => flagsOfFeed(e, server, loose.id).map((f) => (f === null ? 'server' : 'here'));
      expect(here()).toEqual(wanted());
      const flags = flagsOfFeed(e, server, loose.id);
      expect(flags[0]! & FLAG_READ).toBe(0);
      expect(flags[1]! & FLAG_SAVED).toBe(FLAG_SAVED);
      // New on the server: one unread article of Loose, one of Gadgets (main stream).
      const last = state.items.at(-1)!;
      for (const [n, feedId] of [
        [1, loose.id],
        [2, 1],
      ] as const)
        state.items.push({ ...last, id: last.id + n, feedId, title: `New ${n}`, read: false, saved: false });
      own.push(state.items.at(-2)!);
      const before = server.requests.length;
      await sync(e);
      expect(here()).toEqual(wanted());
      // The walk brought both new articles: no with_ids call asked for them. (Those that do are
      // feverCheck.ts asking Loose's unread articles what they are, as every pass does.)
      const asked = server.requests.slice(before).filter((r) => r.includes('with_ids'));
      expect(asked.join(',')).not.toMatch(new RegExp(`${last.id + 1}|${last.id + 2}`));
      // A quiet pass walks once, and finds nothing.
      const quiet = server.requests.length;
      await sync(e);
      expect(server.requests.slice(quiet).filter((r) => /since_id|max_id/.test(r))).toEqual([
        `api items since_id=${last.id + 2}`,
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('Fever from FreshRSS: the walk through a new login', () => {
  it('"Log in again" and a logout keeping feeds go on from where the walk was', async () => {
    const server = await startFeverServer('reader', 'secret', feverSeed(120, 'freshrss'), 'freshrss');
    try {
      const e = await suite.engine();
      await e.sync.connect({ protocol: 'fever', url: server.url, username: 'reader', password: 'secret' });
      await sync(e);
      const walks = (from: number) => server.requests.slice(from).filter((r) => /max_id|since_id/.test(r));
      server.setPassword('changed');
      let from = server.requests.length;
      await e.sync.relogin('changed');
      await sync(e);
      // Only the walk up from the highest id seen: no newest page, no look back again.
      expect(walks(from).every((r) => r.includes('since_id'))).toBe(true);
      await e.sync.logout({ removeFeeds: false });
      await e.sync.connect({ protocol: 'fever', url: server.url, username: 'reader', password: 'changed' });
      from = server.requests.length;
      await sync(e);
      expect(walks(from).every((r) => r.includes('since_id'))).toBe(true);
      expect(walks(from).length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
