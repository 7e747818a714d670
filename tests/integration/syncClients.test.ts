import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineError } from '../../worker/errors';
import { createFeverClient, feverLogin } from '../../worker/sync/fever';
import { createGReaderClient, greaderLogin } from '../../worker/sync/greader';
import { longItemId } from '../../worker/sync/ids';
import type { SyncTransport } from '../../worker/sync/transport';
import type { Running } from '../../server/testing';
import { feverSeed, startFeverServer, type FeverServer } from '../fixtures/feverServer';
import { startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { startCompanion } from './syncHarness';

let app: Running;
let t: SyncTransport;
let fever: FeverServer;
let greader: GReaderServer;

beforeAll(async () => {
  ({ app, transport: t } = await startCompanion());
  fever = await startFeverServer();
  greader = await startGReaderServer();
});
afterAll(async () => {
  await app.close();
  await fever.close();
  await greader.close();
});

const codeOf = async (p: Promise<unknown>) =>
  (
    (await p.then(
      () => null,
      (e: unknown) => e,
    )) as EngineError | null
  )?.code;

describe('Fever client through /api/sync', () => {
  it('logs in with md5(user:password) and refuses a wrong password', async () => {
    const expected = createHash('md5').update('reader:secret').digest('hex');
    expect(await feverLogin(t, fever.url, 'reader', 'secret')).toBe(expected);
    expect(await codeOf(feverLogin(t, fever.url, 'reader', 'wrong'))).toBe('sync_auth');
  });

  it('tells a web page or a 404 from the API', async () => {
    expect(await codeOf(feverLogin(t, `${fever.origin}/nothing`, 'reader', 'secret'))).toBe('sync_not_api');
    fever.mode = 'html';
    expect(await codeOf(feverLogin(t, fever.url, 'reader', 'secret'))).toBe('sync_not_api');
    fever.mode = 'cut';
    expect(await codeOf(feverLogin(t, fever.url, 'reader', 'secret'))).toBe('sync_network');
    fever.mode = 'down';
    expect(await codeOf(feverLogin(t, fever.url, 'reader', 'secret'))).toBe('sync_http');
    fever.mode = 'ok';
    expect(await codeOf(feverLogin(t, 'http://127.0.0.1:1/fever/', 'reader', 'secret'))).toBe('sync_network');
  });

  it('reads groups, feeds, id lists, items by id, and pages older items by max_id', async () => {
    const key = await feverLogin(t, fever.url, 'reader', 'secret');
    const c = createFeverClient(t, fever.url, key);
    const { groups, feeds } = await c.structure();
    // Miniflux lists its default group "All" too, although no feed is in it.
    expect(groups.map((g) => g.title)).toEqual(['All', 'Tech', 'Nature']);
    expect(feeds.find((f) => f.title === 'Birds')?.groupIds).toEqual(['3']);
    expect(feeds.find((f) => f.title === 'Loose')?.groupIds).toEqual(['2']);
    const unread = await c.unreadIds();
    expect(unread).toHaveLength(30);
    expect(await c.savedIds()).toEqual(['25', '50', '75', '100']);
    const items = await c.items(unread);
    expect(items).toHaveLength(30);
    expect(items.every((i) => typeof i.id === 'string' && !i.read)).toBe(true);
    fever.requests.length = 0;
    const page = await c.older('2', '60', () => false);
    expect(fever.requests).toEqual(['api items max_id=60 feed_ids=2']);
    expect(page.items.every((i) => i.feedId === '2' && Number(i.id) < 60)).toBe(true);
    expect(page).toMatchObject({ next: '10', done: false });
  });

  it('pushes marks and mark-all-read with its time bound', async () => {
    const c = createFeverClient(t, fever.url, await feverLogin(t, fever.url, 'reader', 'secret'));
    fever.marks.length = 0;
    await c.push('read', ['120']);
    await c.push('saved', ['120']);
    await c.markAllRead('1', 1_700_003_000);
    expect(fever.marks).toEqual([
      { mark: 'item', as: 'read', id: '120' },
      { mark: 'item', as: 'saved', id: '120' },
      { mark: 'feed', as: 'read', id: '1', before: '1700003000' },
    ]);
    expect(fever.state.items.find((i) => i.id === 120)).toMatchObject({ read: true, saved: true });
  });
});

describe('Fever client: walking items by id (FreshRSS)', () => {
  it('walks up from an id and down from the newest, by feed, in bounded pages; says FreshRSS when it is', async () => {
    const fresh = await startFeverServer('reader', 'secret', feverSeed(120, 'freshrss'), 'freshrss', {
      path: '/rss',
    });
    try {
      const key = await feverLogin(t, fresh.url, 'reader', 'secret');
      const c = createFeverClient(t, fresh.url, key);
      const ids = fresh.state.items.map((i) => String(i.id));
      const up = await c.walk!('up', ids[9]!, null, 1);
      expect(up.items.map((i) => i.id)).toEqual(ids.slice(10, 60));
      expect(up).toMatchObject({ next: ids[59], end: false });
      const rest = await c.walk!('up', up.next, null, 5);
      expect(rest.items).toHaveLength(60);
      expect(rest).toMatchObject({ next: ids[119], end: true });
      // Down through one feed: feed 2 holds every third article, 40 in all: one short page.
      const down = await c.walk!('down', '', ['2'], 3);
      expect(down.items.map((i) => i.id)).toEqual(
        fresh.state.items
          .filter((i) => i.feedId === 2)
          .map((i) => String(i.id))
          .reverse(),
      );
      expect(down.end).toBe(true);
      expect(await c.isFreshRss!()).toBe(true);
      expect(await createFeverClient(t, fever.url, key).isFreshRss!()).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe('Google Reader client through /api/sync', () => {
  it('logs in, and tells wrong credentials, wrong address and API off apart', async () => {
    expect(await greaderLogin(t, greader.url, 'reader', 'secret')).toMatch(/^reader\//);
    expect(await codeOf(greaderLogin(t, greader.url, 'reader', 'nope'))).toBe('sync_auth');
    expect(await codeOf(greaderLogin(t, `${greader.origin}/elsewhere`, 'reader', 'secret'))).toBe(
      'sync_not_api',
    );
    greader.mode = 'html';
    expect(await codeOf(greaderLogin(t, greader.url, 'reader', 'secret'))).toBe('sync_not_api');
    greader.mode = 'ok';
  });

  it('reads labels, subscriptions, ids (negative short id) and contents (long ids)', async () => {
    const c = createGReaderClient(t, greader.url, await greaderLogin(t, greader.url, 'reader', 'secret'));
    const { groups, feeds } = await c.structure();
    // FreshRSS's tag/list leaves out a category without a feed, its empty default one too.
    expect(groups.map((g) => g.title).sort()).toEqual(['Outdoors', 'Work']);
    expect(feeds.map((f) => f.id)).toEqual(['feed/11', 'feed/12', 'feed/13']);
    const unread = await c.unreadIds();
    expect(unread).toHaveLength(25);
    const newest = greader.state.items.at(-1)!.id.toString();
    expect(unread).toContain(newest);
    const items = await c.items(unread);
    expect(items.map((i) => i.id).sort()).toEqual([...unread].sort());
    expect(items.find((i) => i.id === newest)).toMatchObject({ read: false, feedId: 'feed/11' });
    expect(await c.savedIds()).toHaveLength(4);
  });

  it.each(['freshrss', 'miniflux'] as const)(
    'follows continuation tokens across pages (%s)',
    async (flavour) => {
      const big = await startGReaderServer(
        'u',
        'p',
        {
          feeds: [{ id: 'feed/1', title: 'F', url: 'https://x/f', htmlUrl: '', labels: [] }],
          items: Array.from({ length: 2500 }, (_, i) => ({
            id: flavour === 'freshrss' ? 1_700_000_000_000_000n + BigInt(i) : BigInt(i + 1),
            feedId: 'feed/1',
            title: `${i}`,
            html: '',
            url: '',
            author: '',
            published: 1000 + i,
            received: 1_700_000_000_000_000n + BigInt(i),
            read: false,
            starred: false,
          })),
        },
        flavour,
      );
      try {
        const c = createGReaderClient(t, big.url, await greaderLogin(t, big.url, 'u', 'p'));
        const ids = await c.unreadIds();
        expect(ids).toHaveLength(2500);
        expect(new Set(ids).size).toBe(2500);
        expect(big.requests.filter((r) => r.includes('/stream/items/ids'))).toHaveLength(3);
        const older = await c.older('feed/1', '', () => false);
        expect(older.items).toHaveLength(50);
        expect(older.done).toBe(false);
      } finally {
        await big.close();
      }
    },
  );

  it('reads Google-style signed short ids (above 2^63 they arrive negative)', async () => {
    const odd = await startGReaderServer('u', 'p', {
      feeds: [{ id: 'feed/1', title: 'F', url: 'https://x/f', htmlUrl: '', labels: ['L'] }],
      items: [
        {
          id: 0xfffffffffffffff0n,
          feedId: 'feed/1',
          title: 'High',
          html: '',
          url: '',
          author: '',
          published: 1000,
          received: 1_000_000_000n,
          read: false,
          starred: false,
        },
      ],
    });
    try {
      const c = createGReaderClient(t, odd.url, await greaderLogin(t, odd.url, 'u', 'p'));
      expect(await c.unreadIds()).toEqual(['18446744073709551600']);
      expect((await c.items(['18446744073709551600']))[0]).toMatchObject({ title: 'High', feedId: 'feed/1' });
      await c.push('read', ['18446744073709551600']);
      expect(odd.writes[0]?.form.i).toEqual(['tag:google.com,2005:reader/item/fffffffffffffff0']);
    } finally {
      await odd.close();
    }
  });

  it('writes with the T token (renewed once when stale), and answers sync_auth once the Auth token is revoked', async () => {
    const c = createGReaderClient(t, greader.url, await greaderLogin(t, greader.url, 'reader', 'secret'));
    const id = greader.state.items[0]!.id;
    greader.writes.length = 0;
    await c.push('read', [id.toString()]);
    await c.push('saved', [id.toString()]);
    await c.push('unread', [id.toString()]);
    expect(greader.writes.map((w) => [w.path, w.form.i?.[0], w.form.a?.[0] ?? `-${w.form.r?.[0]}`])).toEqual([
      ['/edit-tag', longItemId(id.toString()), 'user/-/state/com.google/read'],
      ['/edit-tag', longItemId(id.toString()), 'user/-/state/com.google/starred'],
      ['/edit-tag', longItemId(id.toString()), '-user/-/state/com.google/read'],
    ]);
    expect(greader.state.items[0]).toMatchObject({ read: false, starred: true });
    await c.markAllRead('feed/12', 1_700_000_600);
    expect(greader.writes.at(-1)?.form).toMatchObject({ s: ['feed/12'], ts: ['1700000600000000'] });
    greader.expireTokens();
    expect(await codeOf(c.unreadIds())).toBe('sync_auth');
  });

  it('edits subscriptions: quickadd, rename, move between labels, unsubscribe', async () => {
    const c = createGReaderClient(t, greader.url, await greaderLogin(t, greader.url, 'reader', 'secret'));
    const id = await c.edits!.subscribe('https://example.net/new.xml', 'New one', 'Work');
    expect(greader.state.feeds.find((f) => f.id === id)).toMatchObject({
      title: 'New one',
      labels: ['Work'],
    });
    await c.edits!.rename(id, 'Renamed');
    await c.edits!.move(id, 'Work', 'Outdoors');
    expect(greader.state.feeds.find((f) => f.id === id)).toMatchObject({
      title: 'Renamed',
      labels: ['Outdoors'],
    });
    await c.edits!.unsubscribe(id);
    expect(greader.state.feeds.find((f) => f.id === id)).toBeUndefined();
  });
});
