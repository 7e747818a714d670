import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import type { EngineError } from '../../worker/errors';
import { createTestEngine, internalsOf } from '../../worker/testing/createTestEngine';
import type { JobProgress } from '../../worker/types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { enqueue, readQueue } from '../../worker/sync/store';
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

async function engine(dbName?: string): Promise<Engine> {
  const e = createTestEngine({ fetch: { base: app.url }, ...(dbName ? { dbName } : {}) });
  engines.push(e);
  await e.init();
  return e;
}

async function finished(e: Engine, id: string): Promise<JobProgress> {
  for (;;) {
    const job = await e.jobs.get(id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function sync(e: Engine): Promise<JobProgress> {
  return finished(e, await e.sync.run());
}

/** Local item id of a server item id. */
function local(e: Engine, protocol: string, remoteId: string): number {
  for (const id of internalsOf(e).context.index.idsWhereFlags(() => true)) {
    const row = internalsOf(e).context.index.rowOf(id);
    if (internalsOf(e).context.index.guid(row) === `${protocol}:${remoteId}`) return id;
  }
  throw new Error(`no local item for ${remoteId}`);
}
const flagsOf = (e: Engine, id: number) =>
  internalsOf(e).context.index.flags(internalsOf(e).context.index.rowOf(id));
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('Fever account', () => {
  let fever: FeverServer;
  beforeAll(async () => {
    fever = await startFeverServer();
  });
  afterAll(async () => {
    await fever.close();
  });

  it('connects, previews, imports with progress, and keeps local-only feeds', async () => {
    const e = await engine();
    const localFeed = await e.feeds.save({ url: 'https://local.example/feed.xml', title: 'Mine' });
    const bad = await e.sync
      .connect({ protocol: 'fever', url: fever.url, username: 'reader', password: 'x' })
      .catch((err: EngineError) => err.code);
    expect(bad).toBe('sync_auth');
    expect((await e.sync.status()).connected).toBe(false);

    const preview = await e.sync.connect({
      protocol: 'fever',
      url: fever.url,
      username: 'reader',
      password: 'secret',
    });
    expect(preview).toMatchObject({ groups: 2, feeds: 3, unread: 30, saved: 4, canEditSubscriptions: false });
    const stored = await internalsOf(e).db.dexie.table('accounts').toArray();
    expect(JSON.stringify(stored)).not.toContain('secret');

    const events: JobProgress[] = [];
    e.onEvent((ev) => void (ev.type === 'job' && events.push(ev.job)));
    const job = await sync(e);
    expect(job).toMatchObject({ kind: 'sync', state: 'done', failed: 0, total: 33, done: 33 });
    expect(events.some((j) => j.state === 'running')).toBe(true);
    const counts = await e.counts();
    expect(counts).toMatchObject({ feeds: 4, items: 33, unread: 30, saved: 4 });
    const feeds = await e.feeds.list();
    expect(
      feeds
        .filter((f) => f.account)
        .map((f) => f.title)
        .sort(),
    ).toEqual(['Birds', 'Gadgets', 'Loose']);
    expect(feeds.find((f) => f.id === localFeed)?.account).toBeUndefined();
    expect((await e.groups.list()).map((g) => g.title).sort()).toEqual(['Nature', 'Tech']);
    expect(flagsOf(e, local(e, 'fever', '25'))).toBe(FLAG_READ | FLAG_SAVED);
    expect(flagsOf(e, local(e, 'fever', '100'))).toBe(FLAG_SAVED);

    // A refresh of everything never fetches synced feeds directly; it starts a sync instead.
    const refreshJob = await e.refresh.start({ scope: 'all' });
    expect((await finished(e, refreshJob)).total).toBe(1);
    const kicked = (await e.jobs.list()).find((j) => j.kind === 'sync' && j.id !== job.id);
    expect(kicked).toBeDefined();
    expect((await finished(e, kicked!.id)).state).toBe('done');
  });

  it('pushes read and save in order, pulls server changes, and queues offline changes until the server is back', async () => {
    fever.state = (await import('../fixtures/feverServer')).feverSeed();
    const e = await engine();
    await e.sync.connect({ protocol: 'fever', url: fever.url, username: 'reader', password: 'secret' });
    await sync(e);
    const a = local(e, 'fever', '120');
    const b = local(e, 'fever', '119');
    fever.marks.length = 0;
    await e.state.markRead([a], true);
    await e.state.markSaved([b], true);
    await settle();
    await sync(e);
    expect(fever.marks).toEqual([
      { mark: 'item', as: 'read', id: '120' },
      { mark: 'item', as: 'saved', id: '119' },
    ]);
    expect((await e.sync.status()).pending).toBe(0);

    // Server-side changes (another device) come down.
    fever.state.items.find((i) => i.id === 118)!.read = true;
    fever.state.items.find((i) => i.id === 120)!.read = false;
    await sync(e);
    expect(flagsOf(e, local(e, 'fever', '118')) & FLAG_READ).toBe(FLAG_READ);
    expect(flagsOf(e, local(e, 'fever', '120')) & FLAG_READ).toBe(0);

    // Offline: changes wait in the queue, in order; the sync fails with a clear code.
    fever.marks.length = 0;
    fever.mode = 'down';
    await e.state.markRead([b], true);
    await e.state.markSaved([a], true);
    await e.state.markRead([b], false);
    await settle();
    expect((await readQueue(internalsOf(e).db)).map((q) => `${q.op} ${q.remoteIds.join()}`)).toEqual([
      'read 119',
      'saved 120',
      'unread 119',
    ]);
    const failed = await sync(e);
    expect(failed.failures[0]?.reason).toMatch(/503/);
    // b's "read" was superseded by its "unread" and left the queue without a request.
    expect(await e.sync.status()).toMatchObject({ pending: 2, lastErrorCode: 'sync_http' });
    expect(fever.marks).toEqual([]);
    fever.mode = 'ok';
    await sync(e);
    // b's read was superseded by its later unread; the order of the rest is kept.
    expect(fever.marks).toEqual([
      { mark: 'item', as: 'saved', id: '120' },
      { mark: 'item', as: 'unread', id: '119' },
    ]);
    expect(await e.sync.status()).toMatchObject({ pending: 0, lastError: '' });
  });

  it('pushes after a crash between queue and push, and after a crash between change and queue', async () => {
    fever.state = (await import('../fixtures/feverServer')).feverSeed();
    const dbName = `sync-crash-${Math.random()}`;
    const first = await engine(dbName);
    await first.sync.connect({ protocol: 'fever', url: fever.url, username: 'reader', password: 'secret' });
    await sync(first);
    const a = local(first, 'fever', '117');
    const b = local(first, 'fever', '116');
    await first.state.markRead([a], true);
    await settle();
    expect(await readQueue(internalsOf(first).db)).toHaveLength(1);
    // A change whose queue append never happened: local write only, queue emptied.
    await first.state.markSaved([b], true);
    await settle();
    await internalsOf(first)
      .db.dexie.table('syncQueue')
      .where('seq')
      .above((await readQueue(internalsOf(first).db))[0]!.seq!)
      .delete();
    first.close();
    engines.splice(engines.indexOf(first), 1);

    fever.marks.length = 0;
    const second = await engine(dbName);
    await sync(second);
    expect(fever.marks).toEqual([
      { mark: 'item', as: 'read', id: '117' },
      { mark: 'item', as: 'saved', id: '116' },
    ]);
    expect(await readQueue(internalsOf(second).db)).toEqual([]);
    // Entries for items the server never heard of are harmless.
    await enqueue(internalsOf(second).db, [{ at: 1, op: 'read', remoteIds: ['999999'] }]);
    expect((await sync(second)).failed).toBe(0);
  });

  it('refuses subscription edits (Fever has none), loads older items, and logs out keeping feeds local', async () => {
    fever.state = (await import('../fixtures/feverServer')).feverSeed();
    const e = await engine();
    await e.sync.connect({ protocol: 'fever', url: fever.url, username: 'reader', password: 'secret' });
    await sync(e);
    const birds = (await e.feeds.list()).find((f) => f.title === 'Birds')!;
    expect(await e.sync.editMode(birds.id)).toBe('unsupported');
    const code = await e.feeds.rename(birds.id, 'X').catch((err: EngineError) => err.code);
    expect(code).toBe('sync_unsupported');
    const before = (await e.counts()).items;
    const older = await e.sync.loadOlder(birds.id);
    expect(older.added).toBeGreaterThan(0);
    expect((await e.counts()).items).toBe(before + older.added);

    await e.sync.logout({ removeFeeds: false });
    expect(await e.sync.status()).toMatchObject({ connected: false, pending: 0 });
    expect((await e.feeds.list()).every((f) => !f.account)).toBe(true);
    // Only the "former" record is kept (no token), so logging in again re-attaches these feeds.
    expect(await internalsOf(e).db.dexie.table('accounts').toArray()).toMatchObject([
      { id: 'former', token: '' },
    ]);
  });
});

describe('Google Reader account', () => {
  let greader: GReaderServer;
  beforeAll(async () => {
    greader = await startGReaderServer();
  });
  afterAll(async () => {
    await greader.close();
  });

  it('imports, pushes edit-tags, sends subscription edits to the server, and asks to log in again on a revoked token', async () => {
    const e = await engine();
    const preview = await e.sync.connect({
      protocol: 'greader',
      url: greader.url,
      username: 'reader',
      password: 'secret',
    });
    expect(preview).toMatchObject({ groups: 2, feeds: 3, unread: 25, saved: 4, canEditSubscriptions: true });
    expect((await sync(e)).state).toBe('done');
    expect(await e.counts()).toMatchObject({ feeds: 3, unread: 25, saved: 4 });
    // FreshRSS item ids are receive times in microseconds.
    const newestId = greader.state.items.at(-1)!.id;
    const big = local(e, 'greader', newestId.toString());
    greader.writes.length = 0;
    await e.state.markRead([big], true);
    await settle();
    await sync(e);
    expect(greader.writes.map((w) => [w.path, w.form.i, w.form.a])).toEqual([
      [
        '/edit-tag',
        [`tag:google.com,2005:reader/item/${newestId.toString(16).padStart(16, '0')}`],
        ['user/-/state/com.google/read'],
      ],
    ]);
    expect(greader.state.items.at(-1)?.read).toBe(true);

    const rivers = (await e.feeds.list()).find((f) => f.title === 'Rivers')!;
    const work = (await e.groups.list()).find((g) => g.title === 'Work')!;
    await e.feeds.rename(rivers.id, 'Streams');
    await e.feeds.move([rivers.id], work.id);
    expect(greader.state.feeds.find((f) => f.id === 'feed/11')).toMatchObject({
      title: 'Streams',
      labels: ['Work'],
    });
    await e.feeds.deleteMany([rivers.id]);
    expect(greader.state.feeds.find((f) => f.id === 'feed/11')).toBeUndefined();
    const added = await e.sync.subscribe('https://example.net/added.xml');
    expect((await e.feeds.get(added))?.account).toBeTruthy();

    greader.expireTokens();
    const job = await sync(e);
    expect(job.failures[0]?.reason).toMatch(/Log in again/);
    expect((await e.sync.status()).lastErrorCode).toBe('sync_auth');
    await e.sync.logout({ removeFeeds: true });
    expect((await e.feeds.list()).length).toBe(0);
  });
});
