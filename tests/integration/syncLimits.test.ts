/**
 * What a sync server's limits do to a sync, through the real companion server: answers larger
 * than it relays (long articles), rate limits and failing servers ("Load older"), FreshRSS with
 * its API turned off, and a subscription list that cannot be read.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine, EngineOptions } from '../../worker/engine';
import type { EngineError } from '../../worker/errors';
import { createGReaderClient, greaderLogin } from '../../worker/sync/greader';
import { proxyTransport } from '../../worker/sync/transport';
import { proxyFetchImpl } from '../../worker/subscriptions/net';
import { createTestEngine, internalsOf } from '../../worker/testing/createTestEngine';
import { startApp, type Running } from '../../server/testing';
import { feverSeed, startFeverServer } from '../fixtures/feverServer';
import { greaderSeed, startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';

/** The companion server's cap, small here so that a few long articles go over it. */
const CAP = 256 * 1024;
let app: Running;
const engines: Engine[] = [];
const servers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  app = await startApp({ distDir: '/nonexistent', fetchTimeoutMs: 5000, maxBytes: CAP });
});
afterAll(async () => {
  await app.close();
});
afterEach(async () => {
  for (const e of engines.splice(0)) e.close();
  for (const s of servers.splice(0)) await s.close();
});

async function engine(opts: Partial<EngineOptions> = {}): Promise<Engine> {
  const e = createTestEngine({ fetch: { base: app.url }, ...opts });
  engines.push(e);
  await e.init();
  return e;
}

async function greader(n = 90): Promise<GReaderServer> {
  const server = await startGReaderServer('reader', 'secret', greaderSeed(n));
  servers.push(server);
  return server;
}

const connect = (e: Engine, url: string, protocol: 'greader' | 'fever' = 'greader') =>
  e.sync.connect({ protocol, url, username: 'reader', password: 'secret' });

async function sync(e: Engine): Promise<string> {
  return finished(e, await e.sync.run());
}

/** Waits for a job to end; its final state. */
async function finished(e: Engine, id: string): Promise<string> {
  for (;;) {
    const job = await e.jobs.get(id);
    if (job && job.state !== 'running') return job.state;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null as EngineError | null,
    (e: EngineError) => e,
  );
const contentsCalls = (server: GReaderServer) =>
  server.requests.filter((r) => r.startsWith('POST /reader/api/0/stream/items/contents')).length;

describe('long articles', () => {
  it('imports every unread article although 25 at once are more than the companion server relays', async () => {
    const server = await greader();
    // 25 unread articles of ~20 KB: about 500 KB in one answer, twice the cap.
    for (const item of server.state.items) item.html = `<p>${'long text '.repeat(2000)}</p>`;
    const e = await engine();
    expect((await connect(e, server.url)).unread).toBe(25);
    expect(await sync(e)).toBe('done');
    const unread = server.state.items.filter((i) => !i.read || i.starred).length;
    expect((await e.counts()).items).toBe(unread);
    // Refused once at full size, then halves (and quarters) that fit.
    expect(contentsCalls(server)).toBeGreaterThan(1);
  });

  it('leaves out an article too large on its own, names it, and brings the others', async () => {
    const server = await greader();
    const huge = server.state.items.at(-1)!;
    huge.html = `<p>${'x'.repeat(CAP)}</p>`;
    const t = proxyTransport(proxyFetchImpl({ base: app.url }));
    const client = createGReaderClient(t, server.url, await greaderLogin(t, server.url, 'reader', 'secret'));
    const unread = await client.unreadIds();
    const items = await client.items(unread);
    expect(items).toHaveLength(unread.length - 1);
    expect(client.tooLarge).toEqual([huge.id.toString()]);
  });

  it('a sync with an article too large on its own brings the rest and says so on the account', async () => {
    const server = await greader();
    server.state.items.at(-1)!.html = `<p>${'x'.repeat(CAP)}</p>`;
    const e = await engine();
    await connect(e, server.url);
    const id = await e.sync.run();
    expect(await sync(e)).toBe('done');
    const job = await e.jobs.get(id);
    expect(job?.failures[0]?.reason).toMatch(/1 article was too large to bring in/);
    // Every unread or saved article but the one too large.
    expect((await e.counts()).items).toBe(server.state.items.filter((i) => !i.read || i.starred).length - 1);
    const status = await e.sync.status();
    expect(status.lastErrorCode).toBe('sync_too_large');
    expect(status.problem?.message).toMatch(/stays on the server/);
  });
});

describe('long articles already here', () => {
  it('an article here that grew too large to read again is not named as left out', async () => {
    // FreshRSS's Fever lists leave out a feed shown in its category only: its unread articles here
    // are asked for by id at every pass (feverCheck.ts), and one of them is now too large.
    const server = await startFeverServer('reader', 'secret', feverSeed(60, 'freshrss'), 'freshrss');
    servers.push(server);
    const e = await engine();
    await connect(e, server.url, 'fever');
    expect(await sync(e)).toBe('done');
    const items = (await e.counts()).items;
    const feed = server.state.feeds[0]!;
    const grown = server.state.items.filter((i) => i.feedId === feed.id && !i.read).at(-1)!;
    feed.priority = 0;
    grown.html = `<p>${'x'.repeat(CAP)}</p>`;
    const id = await e.sync.run();
    expect(await finished(e, id)).toBe('done');
    expect((await e.jobs.get(id))?.failures).toEqual([]);
    expect((await e.sync.status()).lastErrorCode).toBe('');
    expect((await e.counts()).items).toBe(items);
  });
});

describe('rate limits and failing servers', () => {
  it('says how long a rate-limited server asks to wait, and the sync shows it', async () => {
    const server = await greader();
    const e = await engine();
    server.refuseNext(429, 1, '120');
    const refused = await failure(connect(e, server.url));
    expect(refused?.code).toBe('sync_rate');
    expect(refused?.message).toContain('wait 2 minutes');
    await connect(e, server.url);
    server.refuseNext(429, 1, '300');
    expect(await sync(e)).toBe('done');
    // The job ended with the failure recorded on the account.
    const status = await e.sync.status();
    expect([status.lastErrorCode, status.problem?.action]).toEqual(['sync_rate', 'retry']);
    expect(status.lastError).toContain('wait 5 minutes');
  });

  it('automatic syncs wait out the Retry-After of a 429, also after a reload; a manual one says how long, or runs when insisted on', async () => {
    const server = await greader();
    let clock = 1_800_000_000;
    const e = await engine({ now: () => clock });
    await connect(e, server.url);
    expect(await sync(e)).toBe('done');
    server.refuseNext(429, 1, '7200');
    expect(await sync(e)).toBe('done');
    expect((await e.sync.status()).retryAt).toBe(clock + 7200);

    // An hour later: neither the automatic sync nor "refresh everything" asks the server.
    clock += 3600;
    server.requests.length = 0;
    await e.refresh.due();
    await e.refresh.start({ scope: 'all' });
    // A manual sync says how long is left, and asks nothing either.
    const refused = await failure(e.sync.run());
    expect(refused?.code).toBe('sync_rate');
    expect(refused?.message).toContain('60 minutes more');
    expect(server.requests).toEqual([]);

    // The wait is kept on the account: a reload (another engine over the same database) waits too.
    const again = await engine({ now: () => clock, dbName: internalsOf(e).db.dexie.name });
    e.close();
    await again.refresh.due();
    expect(server.requests).toEqual([]);
    expect((await again.sync.status()).retryAt).toBe(clock + 3600);

    // The reader insists: the sync runs now, and a sync that goes well ends the wait.
    expect(await finished(again, await again.sync.run({ force: true }))).toBe('done');
    expect(server.requests.length).toBeGreaterThan(0);
    const status = await again.sync.status();
    expect([status.retryAt, status.lastErrorCode]).toEqual([0, '']);
  });

  it('once the wait is over, the automatic sync runs again', async () => {
    const server = await greader();
    let clock = 1_800_000_000;
    const e = await engine({ now: () => clock });
    await connect(e, server.url);
    server.refuseNext(429, 1, '600');
    expect(await sync(e)).toBe('done');
    clock += 601;
    server.requests.length = 0;
    await e.refresh.due();
    const kicked = (await e.jobs.list()).find((j) => j.kind === 'sync' && j.state === 'running');
    expect(kicked).toBeDefined();
    expect(await finished(e, kicked!.id)).toBe('done');
    expect(server.requests.length).toBeGreaterThan(0);
    expect((await e.sync.status()).retryAt).toBe(0);
  });

  it('"Load older": waits out a short Retry-After once, and does not ask a failing server again', async () => {
    const server = await greader(900);
    const e = await engine();
    await connect(e, server.url);
    expect(await sync(e)).toBe('done');
    const rivers = (await e.feeds.list()).find((f) => f.title === 'Rivers')!;

    server.refuseNext(503, 1, '1');
    const started = Date.now();
    expect((await e.sync.loadOlder(rivers.id)).added).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    server.requests.length = 0;
    server.refuseNext(500, 3);
    expect((await failure(e.sync.loadOlder(rivers.id)))?.code).toBe('sync_http');
    expect(server.requests).toHaveLength(1);

    server.refuseNext(429, 3, '3600');
    server.requests.length = 0;
    const limited = await failure(e.sync.loadOlder(rivers.id));
    expect([limited?.code, server.requests.length]).toEqual(['sync_rate', 1]);
    expect(limited?.message).toContain('wait 60 minutes');
  });
});

describe('FreshRSS with its API turned off', () => {
  it.each(['greader', 'fever'] as const)('%s: login says to allow API access', async (protocol) => {
    const server =
      protocol === 'greader'
        ? await greader()
        : await startFeverServer('reader', 'secret', feverSeed(20, 'freshrss'), 'freshrss');
    servers.push(server);
    server.mode = 'apiOff';
    const err = await failure(connect(await engine(), server.url, protocol));
    expect(err?.code).toBe('sync_not_api');
    expect(err?.message).toContain('Settings → Authentication → Allow API access');
  });
});

describe('a subscription list that cannot be read', () => {
  it('fails the sync with a clear message and changes nothing stored', async () => {
    const server = await greader();
    const e = await engine();
    await connect(e, server.url);
    expect(await sync(e)).toBe('done');
    const before = await e.counts();
    const feeds = (await e.feeds.list()).map((f) => f.title);
    server.mode = 'brokenList';
    await sync(e);
    const status = await e.sync.status();
    expect(status.lastErrorCode).toBe('sync_bad_answer');
    expect(status.lastError).toContain("The server's subscription list could not be read");
    expect(await e.counts()).toEqual(before);
    expect((await e.feeds.list()).map((f) => f.title)).toEqual(feeds);
  });
});

describe('a tag list that cannot be read', () => {
  it.each(['brokenTags', 'garbledTags'] as const)(
    '%s: fails the sync as a bad answer and changes nothing stored',
    async (mode) => {
      const server = await greader();
      server.state.tags = ['Keep'];
      server.state.items[80]!.tags = ['Keep'];
      const e = await engine();
      await connect(e, server.url);
      expect(await sync(e)).toBe('done');
      const before = await e.counts();
      const feeds = (await e.feeds.list()).map((f) => [f.title, f.groupId]);
      const groups = (await e.groups.list()).map((g) => g.title);
      const tags = (await e.tags.list()).map((t) => t.name);
      // A new article arrives meanwhile: read as "no labels", the sync would import it and drop
      // the tag of every article carrying one.
      server.state.items[0]!.read = false;
      server.mode = mode;
      await sync(e);
      const status = await e.sync.status();
      expect(status.lastErrorCode).toBe('sync_bad_answer');
      expect(status.lastError).toContain("The server's label list could not be read");
      expect(await e.counts()).toEqual(before);
      expect((await e.feeds.list()).map((f) => [f.title, f.groupId])).toEqual(feeds);
      expect((await e.groups.list()).map((g) => g.title)).toEqual(groups);
      expect((await e.tags.list()).map((t) => t.name)).toEqual(tags);
    },
  );
});
