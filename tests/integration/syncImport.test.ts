/**
 * Issue 14, failure 6: a Fever import from FreshRSS created an empty "Uncategorized" group, and
 * only unread and starred articles could be imported. Empty server folders stay out; the Google
 * Reader API import can also bring the last N days of read articles.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import { startFeverServer } from '../fixtures/feverServer';
import { greaderSeed, startGReaderServer } from '../fixtures/greaderServer';
import { syncSuite } from './syncHarness';

const suite = syncSuite();
const engine = (now?: () => number) => suite.engine(now ? { now } : {});
async function finished(e: Engine, id: string) {
  for (;;) {
    const j = await e.jobs.get(id);
    if (j && j.state !== 'running') return j;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(['freshrss', 'miniflux'] as const)('empty server folders (%s)', (flavour) => {
  it('Fever: the empty default group is not created', async () => {
    const server = await startFeverServer('reader', 'secret', undefined, flavour);
    try {
      const e = await engine();
      const preview = await e.sync.connect({
        protocol: 'fever',
        url: server.url,
        username: 'reader',
        password: 'secret',
      });
      expect(preview.groups).toBe(2);
      await finished(e, await e.sync.run());
      expect((await e.groups.list()).map((g) => g.title).sort()).toEqual(['Nature', 'Tech']);
    } finally {
      await server.close();
    }
  });

  it('Google Reader: the empty default folder is not created', async () => {
    const server = await startGReaderServer('reader', 'secret', undefined, flavour);
    try {
      const e = await engine();
      await e.sync.connect({ protocol: 'greader', url: server.url, username: 'reader', password: 'secret' });
      await finished(e, await e.sync.run());
      expect((await e.groups.list()).map((g) => g.title).sort()).toEqual(['Outdoors', 'Work']);
    } finally {
      await server.close();
    }
  });
});

describe('read articles of the last N days (Google Reader API)', () => {
  it('imports unread and saved only by default, and also recent read ones when asked', async () => {
    // FreshRSS: 90 items received in one burst at 1_700_100_000 (ids = receive time); 25 unread.
    const state = greaderSeed(90);
    // Items 1–30 were received 20 days earlier: outside a 7-day window.
    for (const item of state.items.slice(0, 30)) {
      item.received -= 20n * 86_400n * 1_000_000n;
      item.id = item.received;
    }
    const server = await startGReaderServer('reader', 'secret', state);
    try {
      const now = () => 1_700_100_000 + 3_600;
      const e = await engine(now);
      await e.sync.connect({ protocol: 'greader', url: server.url, username: 'reader', password: 'secret' });
      await finished(e, await e.sync.run());
      const unreadOrSaved = state.items.filter((i) => !i.read || i.starred).length;
      expect((await e.counts()).items).toBe(unreadOrSaved);
      expect((await e.sync.status()).readDays).toBe(0);

      const job = await finished(e, await e.sync.run({ readDays: 7 }));
      expect(job.failed).toBe(0);
      const recent = state.items.filter((i) => i.received >= BigInt(now() - 7 * 86_400) * 1_000_000n);
      const expected = new Set([...recent, ...state.items.filter((i) => !i.read || i.starred)]).size;
      expect((await e.counts()).items).toBe(expected);
      expect((await e.sync.status()).readDays).toBe(7);
      // Read articles arrive read.
      expect((await e.counts()).unread).toBe(25);
    } finally {
      await server.close();
    }
  });
});

describe('synced feeds on the feeds page', () => {
  it('carry the last sync as their fetch time instead of "never"', async () => {
    const server = await startFeverServer();
    try {
      const e = await engine(() => 1_800_000_000);
      await e.sync.connect({ protocol: 'fever', url: server.url, username: 'reader', password: 'secret' });
      await finished(e, await e.sync.run());
      const feeds = (await e.feeds.list()).filter((f) => f.account);
      expect(feeds).toHaveLength(3);
      expect(feeds.every((f) => f.lastFetched === 1_800_000_000)).toBe(true);
      expect((await e.sync.status()).lastSync).toBe(1_800_000_000);
    } finally {
      await server.close();
    }
  });
});

describe('a first import', () => {
  it('stores each new article once, in the server state (no marking after)', async () => {
    const state = greaderSeed(90);
    const server = await startGReaderServer('reader', 'secret', state);
    try {
      const e = await engine(() => 1_700_100_000 + 3_600);
      const types: string[] = [];
      e.onEvent((ev) => types.push(ev.type));
      await e.sync.connect({ protocol: 'greader', url: server.url, username: 'reader', password: 'secret' });
      const job = await finished(e, await e.sync.run({ readDays: 30 }));
      expect(job.failed).toBe(0);
      // Every article arrived with its read and saved marks: none was marked after it was stored.
      expect(types).toContain('items-added');
      expect(types).not.toContain('read-changed');
      expect(types).not.toContain('saved-changed');
      const read = state.items.filter((i) => i.read).length;
      expect(await e.counts()).toMatchObject({
        items: 90,
        unread: 90 - read,
        saved: state.items.filter((i) => i.starred).length,
      });
      // Reads the server gave count for each feed's priority, as marks made after did.
      const feeds = (await e.feeds.list()).filter((f) => f.account);
      expect(feeds.reduce((sum, f) => sum + f.readCount, 0)).toBe(read);
      // Nothing to push back: the server already has this state.
      const again = await finished(e, await e.sync.run());
      expect(again.failed).toBe(0);
      expect(server.state.items.filter((i) => i.read).length).toBe(read);
    } finally {
      await server.close();
    }
  });
});
