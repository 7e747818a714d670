/**
 * The send-to clients and domain through the real companion server's /api/send against fixture
 * read-later services: success, bad credentials, service down, each service's quirks, and the
 * secrets never reaching a backup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import type { EngineError } from '../../worker/errors';
import { proxyFetchImpl } from '../../worker/subscriptions/net';
import { sendArticle, testConnection, type TargetConnection } from '../../worker/sendTo/clients';
import { relayTransport, type SendTransport } from '../../worker/sendTo/transport';
import { createTestEngine } from '../../worker/testing/createTestEngine';
import { startApp, type Running } from '../../server/testing';
import {
  startLinkding,
  startReadeck,
  startReadwise,
  startWallabag,
  type ReadLaterServer,
} from '../fixtures/readLaterServers';

let app: Running;
let t: SendTransport;
let wallabag: Awaited<ReturnType<typeof startWallabag>>;
let readeck: ReadLaterServer;
let linkding: ReadLaterServer;
let readwise: Awaited<ReturnType<typeof startReadwise>>;
let clock = 1_000_000;

beforeAll(async () => {
  app = await startApp({ distDir: '/nonexistent', fetchTimeoutMs: 3000 });
  t = relayTransport(proxyFetchImpl({ base: app.url }));
  wallabag = await startWallabag({ now: () => clock });
  readeck = await startReadeck();
  linkding = await startLinkding();
  readwise = await startReadwise({ rateLimit: 2, retryAfter: 42 });
});
afterAll(async () => {
  for (const s of [app, wallabag, readeck, linkding, readwise]) await s.close();
});

const conn = (
  c: Partial<TargetConnection> & Pick<TargetConnection, 'service' | 'base'>,
): TargetConnection => ({
  token: '',
  clientId: '',
  clientSecret: '',
  username: '',
  password: '',
  accessToken: '',
  refreshToken: '',
  expiresAt: 0,
  ...c,
});
const wb = (over: Partial<TargetConnection> = {}) =>
  conn({
    service: 'wallabag',
    base: wallabag.url,
    clientId: '1_client',
    clientSecret: 'client-secret',
    username: 'reader',
    password: 'secret',
    ...over,
  });
const failed = async (p: Promise<unknown>) =>
  (await p.then(
    () => null,
    (e: unknown) => e,
  )) as EngineError | null;
const article = { url: 'https://blog.example/post-1', title: 'Post one', tags: ['rust', 'feeds'] };

describe('Wallabag', () => {
  it('logs in with the password grant, sends url, title and comma-separated tags, and reuses the token', async () => {
    const first = await sendArticle(t, wb(), article, clock);
    expect(wallabag.saved.at(-1)).toEqual({ url: article.url, title: 'Post one', tags: ['rust', 'feeds'] });
    expect(first.tokens?.accessToken).toMatch(/^access-/);
    const grants = wallabag.grants.length;
    const second = await sendArticle(
      t,
      wb(first.tokens),
      { ...article, url: 'https://blog.example/2' },
      clock,
    );
    expect(wallabag.grants.length).toBe(grants);
    expect(second.tokens).toBeUndefined();
  });

  it('refreshes an expired token with the refresh grant', async () => {
    const { tokens } = await testConnection(t, wb(), clock);
    wallabag.expireTokens();
    const before = wallabag.grants.length;
    // The engine still thinks the token is fresh: the 401 "expired" answer makes it refresh once.
    const out = await sendArticle(t, wb(tokens), article, clock);
    expect(wallabag.grants.slice(before)).toEqual(['refresh_token']);
    expect(out.tokens?.accessToken).not.toBe(tokens?.accessToken);
    // Known expiry: refreshed before the call, no 401 round trip.
    clock += 3_600_000;
    const calls = wallabag.calls.length;
    await sendArticle(t, wb(out.tokens), article, clock);
    expect(wallabag.calls.slice(calls)).toEqual(['POST /oauth/v2/token', 'POST /api/entries.json']);
  });

  it('falls back to the password when the refresh token is refused', async () => {
    const before = wallabag.grants.length;
    const out = await sendArticle(
      t,
      wb({ accessToken: 'gone', refreshToken: 'used', expiresAt: 0 }),
      article,
      clock,
    );
    expect(wallabag.grants.slice(before)).toEqual(['refresh_token', 'password']);
    expect(out.created).toBe(true);
  });

  it('says which service answered what for a wrong password or client secret', async () => {
    const wrong = await failed(testConnection(t, wb({ password: 'nope' }), clock));
    expect(wrong?.code).toBe('send_auth');
    expect(wrong?.message).toBe(
      'Wallabag answered 400: invalid_grant: Invalid username and password combination — check the client id and secret, user name and password.',
    );
    expect(wrong?.details).toMatchObject({ service: 'Wallabag', status: 400 });
    const client = await failed(testConnection(t, wb({ clientSecret: 'x' }), clock));
    expect(client?.message).toMatch(/^Wallabag answered 400: invalid_client/);
  });

  it('reports a service that is down', async () => {
    wallabag.down();
    try {
      const e = await failed(sendArticle(t, wb(), article, clock));
      expect(e?.code).toBe('send_not_api');
      expect(e?.message).toMatch(/^Wallabag answered 503: 503 Service Unavailable/);
    } finally {
      wallabag.up();
    }
  });
});

describe('Readeck', () => {
  const rd = (token = 'readeck-token') => conn({ service: 'readeck', base: readeck.url, token });
  it('sends url, title and labels with a Bearer token and reads the 202 Location', async () => {
    await testConnection(t, rd());
    const out = await sendArticle(t, rd(), article);
    expect(readeck.saved.at(-1)).toEqual({ url: article.url, title: 'Post one', tags: ['rust', 'feeds'] });
    expect(out.location).toBe(`${readeck.url}/api/bookmarks/bm${readeck.saved.length}`);
  });
  it('refuses a bad token with the service answer', async () => {
    const e = await failed(testConnection(t, rd('bad')));
    expect(e?.code).toBe('send_auth');
    expect(e?.message).toBe('Readeck answered 401: Invalid authentication — check the API token.');
  });
  it('reports a service that is down and one not reachable', async () => {
    readeck.down();
    try {
      expect((await failed(sendArticle(t, rd(), article)))?.message).toMatch(/^Readeck answered 503/);
    } finally {
      readeck.up();
    }
    const gone = await failed(
      testConnection(t, conn({ service: 'readeck', base: 'http://127.0.0.1:1', token: 'x' })),
    );
    expect(gone?.code).toBe('send_network');
    expect(gone?.message).toMatch(/^Readeck could not be reached/);
  });
});

describe('Linkding', () => {
  const ld = (token = 'linkding-token', base = linkding.url) => conn({ service: 'linkding', base, token });
  it('posts to the trailing-slash path with tag_names; a URL saved again updates the bookmark', async () => {
    await testConnection(t, ld());
    const first = await sendArticle(t, ld(), article);
    expect(first.created).toBe(true);
    const count = linkding.saved.length;
    await sendArticle(t, ld(), { ...article, title: 'Post one (edited)' });
    expect(linkding.saved.length).toBe(count);
    expect(linkding.saved.at(-1)).toEqual({
      url: article.url,
      title: 'Post one (edited)',
      tags: ['rust', 'feeds'],
    });
    expect(linkding.calls.filter((c) => c === 'POST /api/bookmarks').length).toBe(0);
  });
  it('refuses a bad token and a service that is down', async () => {
    const e = await failed(sendArticle(t, ld('bad'), article));
    expect(e?.message).toBe('Linkding answered 401: Invalid token. — check the REST API token.');
    linkding.down();
    try {
      expect((await failed(testConnection(t, ld())))?.code).toBe('send_not_api');
    } finally {
      linkding.up();
    }
  });
});

describe('Readwise Reader', () => {
  const rw = (token = 'readwise-token') => conn({ service: 'readwise', base: readwise.url, token });
  it('tells a new document (201) from one already saved (200), then passes on 429 Retry-After', async () => {
    await testConnection(t, rw());
    readwise.resetRate();
    expect((await sendArticle(t, rw(), article)).created).toBe(true);
    expect(readwise.saved.at(-1)).toEqual({ url: article.url, title: 'Post one', tags: ['rust', 'feeds'] });
    expect((await sendArticle(t, rw(), article)).created).toBe(false);
    const e = await failed(sendArticle(t, rw(), article));
    expect(e?.code).toBe('send_rate');
    expect(e?.details).toMatchObject({ service: 'Readwise Reader', status: 429, retryAfter: 42 });
    expect(e?.message).toMatch(/try again in 42 s/);
  });
  it('refuses a bad token and a service that is down', async () => {
    expect((await failed(testConnection(t, rw('bad'))))?.message).toBe(
      'Readwise Reader answered 401: Invalid token. — check the access token.',
    );
    readwise.down();
    try {
      expect((await failed(testConnection(t, rw())))?.code).toBe('send_not_api');
    } finally {
      readwise.up();
    }
  });
});

describe('the sendTo domain', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = createTestEngine({ fetch: { base: app.url } });
    await engine.init();
  });
  afterAll(() => engine.close());

  it('adds a target only after its test passes, never shows secrets, edits, sends and removes', async () => {
    const bad = await failed(
      engine.sendTo.save({ service: 'linkding', base: `${linkding.url}/`, token: 'wrong', tags: 'rivulet' }),
    );
    expect(bad?.code).toBe('send_auth');
    expect(await engine.sendTo.list()).toEqual([]);
    const added = await engine.sendTo.save({
      service: 'linkding',
      base: `${linkding.url}/`,
      token: 'linkding-token',
      tags: 'rivulet',
    });
    expect(added).toMatchObject({
      service: 'linkding',
      name: 'Linkding',
      base: linkding.url,
      hasToken: true,
    });
    expect(JSON.stringify(await engine.sendTo.list())).not.toContain('linkding-token');
    // An edit with an empty token keeps the stored one.
    await engine.sendTo.save({
      id: added.id,
      service: 'linkding',
      base: linkding.url,
      token: '',
      tags: 'rivulet, later',
    });
    const result = await engine.sendTo.send(added.id, {
      // Sent without its tracking parameters (an article stored before links were cleaned).
      url: 'https://blog.example/sent?utm_source=rss&fbclid=abc',
      title: 'Sent',
      tags: [],
    });
    expect(result).toMatchObject({ name: 'Linkding', created: true });
    expect(linkding.saved.at(-1)).toEqual({
      url: 'https://blog.example/sent',
      title: 'Sent',
      tags: ['rivulet', 'later'],
    });
    await engine.sendTo.remove(added.id);
    expect(await engine.sendTo.list()).toEqual([]);
  });

  it('stores Wallabag tokens in the engine and leaves every secret out of backups, also across a restore', async () => {
    const w = await engine.sendTo.save({
      service: 'wallabag',
      base: wallabag.url,
      clientId: '1_client',
      clientSecret: 'client-secret',
      username: 'reader',
      password: 'secret',
    });
    const { id } = await engine.backup.start({ settings: { general: {} } });
    let text = '';
    for (let chunk = await engine.backup.next(id); chunk !== null; chunk = await engine.backup.next(id))
      text += chunk;
    expect(text).not.toContain('client-secret');
    expect(text).not.toContain('"secret"');
    expect(text).not.toContain('access-');
    expect(text).not.toContain('sendToAccounts');
    const preview = await engine.backup.inspect(new Blob([text]));
    await engine.backup.restore(preview.id, 'replace');
    expect((await engine.sendTo.list()).map((x) => x.id)).toEqual([w.id]);
    await engine.sendTo.send(w.id, { url: 'https://blog.example/after-restore', title: '', tags: [] });
    expect(wallabag.saved.at(-1)?.url).toBe('https://blog.example/after-restore');
  });

  it('refuses incomplete forms and links that are not web addresses without calling anyone', async () => {
    const calls = wallabag.calls.length;
    expect(
      (await failed(engine.sendTo.save({ service: 'wallabag', base: wallabag.url, clientId: 'x' })))?.code,
    ).toBe('send_invalid');
    expect(
      (await failed(engine.sendTo.save({ service: 'readeck', base: 'ftp://x', token: 't' })))?.code,
    ).toBe('send_invalid');
    const [w] = await engine.sendTo.list();
    expect(
      (await failed(engine.sendTo.send(w!.id, { url: 'javascript:alert(1)', title: '', tags: [] })))?.code,
    ).toBe('send_invalid');
    expect(
      (await failed(engine.sendTo.send('nope', { url: 'https://x.example/', title: '', tags: [] })))?.code,
    ).toBe('send_not_found');
    expect(wallabag.calls.length).toBe(calls);
  });
});
