/**
 * `/api/fetch?kind=content`: URLs taken from feed content may not reach loopback, private,
 * link-local or unique-local addresses (after DNS, on every redirect hop), unless the feed lives
 * on such an address or private networks were allowed. No internet: an injected resolver maps
 * made-up names to local addresses, and 127.0.0.2 stands in for a public site (the test's
 * classifier treats exactly that address as public; everything else uses the real ranges).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../tests/fixtures/feedServer.ts';
import { addressKind, systemResolver, type Resolver } from './privateNetworks.ts';
import { rawRequest, startApp, type Running } from './testing.ts';

const PUBLIC_STAND_IN = '127.0.0.2';

/** A server on `host` that records the paths it was asked for. */
interface Site {
  port: number;
  paths: string[];
  close(): Promise<void>;
}

function startSite(host: string, port: number, handler: http.RequestListener): Promise<Site> {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    handler(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        paths,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

let intranet: Site; // 127.0.0.1:P — what a feed must not reach
let publicSite: Site; // 127.0.0.2:P — "a site on the internet"
let feeds: FeedServer; // 127.0.0.1 — a feed the user subscribed to on their own machine
let app: Running;
const lookups: string[] = [];
let rebindCalls = 0;

const NAMES: Record<string, string[]> = {
  'news.example': [PUBLIC_STAND_IN],
  'intranet.example': ['127.0.0.1'],
  'router.example': ['192.168.1.1'],
  'ula.example': ['fd12:3456::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'mixed.example': [PUBLIC_STAND_IN, '10.0.0.5'],
};

const resolve: Resolver = (name) => {
  lookups.push(name);
  if (name === 'rebind.example') {
    // Public on the first answer, loopback on any later one: a second lookup would be the hole.
    rebindCalls += 1;
    return Promise.resolve([{ address: rebindCalls === 1 ? PUBLIC_STAND_IN : '127.0.0.1', family: 4 }]);
  }
  const found = NAMES[name];
  if (found) {
    return Promise.resolve(found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }
  return systemResolver(name);
};
const classifyAddress = (ip: string) => (ip === PUBLIC_STAND_IN ? null : addressKind(ip));

beforeAll(async () => {
  intranet = await startSite('127.0.0.1', 0, (_req, res) => res.end('intranet secret'));
  publicSite = await startSite(PUBLIC_STAND_IN, intranet.port, (req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) return void res.writeHead(302, { Location: to }).end();
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>public article</p>');
  });
  feeds = await startFeedServer();
  app = await startApp({ distDir: '/nonexistent', allowPrivateNetworks: false, resolve, classifyAddress });
});
afterAll(async () => {
  await app.close();
  await intranet.close();
  await publicSite.close();
  await feeds.close();
});
afterEach(() => {
  intranet.paths.length = 0;
  lookups.length = 0;
});

const P = () => intranet.port;
const PUBLIC_FEED = 'https://news.example/feed.xml';

function contentPath(url: string, feed: string = PUBLIC_FEED, extra = ''): string {
  const query = new URLSearchParams({ url, kind: 'content' });
  if (feed) query.set('feed', feed);
  return `/api/fetch?${query.toString()}${extra}`;
}

const fetchContent = (url: string, feed?: string, extra?: string) =>
  rawRequest(app.port, contentPath(url, feed, extra));

describe('content URLs on non-public addresses are refused', () => {
  it.each([
    ['http://127.0.0.1:{P}/page', 'loopback', '127.0.0.1 is a loopback address'],
    ['http://[::1]:{P}/page', 'loopback', '::1 is a loopback address'],
    ['http://0.0.0.0:{P}/page', 'unspecified', '0.0.0.0 is an unspecified address'],
    ['http://10.0.0.5/page', 'private', '10.0.0.5 is a private network address'],
    ['http://192.168.0.1/admin', 'private', '192.168.0.1 is a private network address'],
    ['http://100.64.0.1/', 'shared', '100.64.0.1 is a shared'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local', '169.254.169.254 is a link-local address'],
    ['http://[fe80::1]/', 'link-local', 'fe80::1 is a link-local address'],
    ['http://[fd00::1]/', 'unique-local', 'fd00::1 is a unique-local IPv6 address'],
    ['http://[::ffff:127.0.0.1]:{P}/page', 'IPv4-mapped loopback', 'is a loopback address'],
    ['http://[::ffff:a9fe:a9fe]/', 'IPv4-mapped link-local', 'is a link-local address'],
  ])('%s (%s)', async (template, _kind, says) => {
    const res = await fetchContent(template.replace('{P}', String(P())));
    expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
    expect(res.error?.message).toContain(says);
    expect(res.error?.message).toContain('Settings → General');
    expect(intranet.paths).toEqual([]);
  });

  it('refuses a name that resolves to 127.0.0.1, naming the name and the address', async () => {
    const res = await fetchContent(`http://intranet.example:${P()}/page`);
    expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
    expect(res.error?.message).toMatch(/^"intranet\.example" resolves to 127\.0\.0\.1, a loopback address/);
    expect(intranet.paths).toEqual([]);
  });

  it('refuses localhost', async () => {
    const res = await fetchContent(`http://localhost:${P()}/page`);
    expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
    expect(res.error?.message).toContain('"localhost" resolves to');
    expect(intranet.paths).toEqual([]);
  });

  it.each([
    ['router.example', '192.168.1.1, a private network address'],
    ['ula.example', 'fd12:3456::1, a unique-local IPv6 address'],
    ['mapped.example', '::ffff:127.0.0.1, a loopback address'],
  ])('refuses %s by what it resolves to', async (name, says) => {
    const res = await fetchContent(`http://${name}:${P()}/page`);
    expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
    expect(res.error?.message).toContain(says);
  });

  it('refuses a name with one public and one private address', async () => {
    const res = await fetchContent(`http://mixed.example:${P()}/page`);
    expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
    expect(res.error?.message).toContain('10.0.0.5');
  });

  it('refuses https the same way, before any TLS', async () => {
    const res = await fetchContent(`https://intranet.example:${P()}/page`);
    expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
  });
});

describe('every redirect hop is checked', () => {
  it('fetches a public page', async () => {
    const res = await fetchContent(`http://news.example:${P()}/article`);
    expect(res.status).toBe(200);
    expect(res.headers['x-upstream-status']).toBe('200');
    expect(res.body.toString()).toBe('<p>public article</p>');
  });

  it('refuses a redirect from a public name to a name that resolves to loopback', async () => {
    const to = `http://intranet.example:${P()}/secret`;
    const res = await fetchContent(`http://news.example:${P()}/go?to=${encodeURIComponent(to)}`);
    expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
    expect(res.error?.message).toMatch(
      /^The page redirected to "intranet\.example", which resolves to 127\.0\.0\.1, a loopback address/,
    );
    expect(intranet.paths).toEqual([]);
  });

  it('refuses a redirect to a private IP literal', async () => {
    const to = 'http://169.254.169.254/latest/meta-data/';
    const res = await fetchContent(`http://news.example:${P()}/go?to=${encodeURIComponent(to)}`);
    expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
    expect(res.error?.message).toContain('The page redirected to 169.254.169.254, a link-local address');
  });

  it('follows a redirect between public pages', async () => {
    const to = `http://news.example:${P()}/final`;
    const res = await fetchContent(`http://news.example:${P()}/go?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-final-url']).toBe(to);
  });

  it('connects to the address it checked: one lookup per hop, no second answer to rebind', async () => {
    rebindCalls = 0;
    const res = await fetchContent(`http://rebind.example:${P()}/article`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('<p>public article</p>');
    expect(lookups.filter((n) => n === 'rebind.example')).toEqual(['rebind.example']);
    expect(intranet.paths).toEqual([]);
  });
});

describe('what stays allowed', () => {
  it('a feed URL the user typed, on loopback or a name resolving to it (no kind)', async () => {
    const direct = await rawRequest(
      app.port,
      `/api/fetch?url=${encodeURIComponent(`${feeds.url}/feeds/rss.xml`)}`,
    );
    expect(direct.headers['x-upstream-status']).toBe('200');
    const named = await rawRequest(
      app.port,
      `/api/fetch?url=${encodeURIComponent(`http://intranet.example:${P()}/feed`)}`,
    );
    expect(named.body.toString()).toBe('intranet secret');
  });

  it('content on a private address when the feed itself lives on one', async () => {
    const byLiteral = await fetchContent(`http://127.0.0.1:${P()}/page`, `${feeds.url}/feeds/rss.xml`);
    expect(byLiteral.status).toBe(200);
    expect(byLiteral.body.toString()).toBe('intranet secret');
    const byName = await fetchContent(`http://127.0.0.1:${P()}/page`, 'http://router.example/feed.xml');
    expect(byName.status).toBe(200);
  });

  it('but not when the feed is public, or unknown', async () => {
    const res = await fetchContent(`http://127.0.0.1:${P()}/page`, '');
    expect(res.error?.code).toBe('private_address');
  });

  it('content anywhere with private=1 (the app setting)', async () => {
    const res = await fetchContent(`http://intranet.example:${P()}/page`, PUBLIC_FEED, '&private=1');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('intranet secret');
    const other = await fetchContent(`http://intranet.example:${P()}/page`, PUBLIC_FEED, '&private=0');
    expect(other.error?.code).toBe('private_address');
  });

  it('content anywhere when the server allows private networks', async () => {
    const open = await startApp({
      distDir: '/nonexistent',
      allowPrivateNetworks: true,
      resolve,
      classifyAddress,
    });
    try {
      const res = await rawRequest(open.port, contentPath(`http://intranet.example:${P()}/page`));
      expect(res.body.toString()).toBe('intranet secret');
    } finally {
      await open.close();
    }
  });

  it('reads RIVULET_ALLOW_PRIVATE_NETWORKS when the option is not given', async () => {
    const before = process.env.RIVULET_ALLOW_PRIVATE_NETWORKS;
    process.env.RIVULET_ALLOW_PRIVATE_NETWORKS = '1';
    const open = await startApp({ distDir: '/nonexistent' });
    process.env.RIVULET_ALLOW_PRIVATE_NETWORKS = '0';
    const closed = await startApp({ distDir: '/nonexistent' });
    if (before === undefined) delete process.env.RIVULET_ALLOW_PRIVATE_NETWORKS;
    else process.env.RIVULET_ALLOW_PRIVATE_NETWORKS = before;
    try {
      const url = `http://127.0.0.1:${P()}/page`;
      expect((await rawRequest(open.port, contentPath(url))).body.toString()).toBe('intranet secret');
      expect((await rawRequest(closed.port, contentPath(url))).error?.code).toBe('private_address');
    } finally {
      await open.close();
      await closed.close();
    }
  });
});

describe('a feed name that never resolves', () => {
  it('is no exception, and does not hold the request past the deadline', async () => {
    const hanging: Resolver = (name) =>
      name === 'slow.example' ? new Promise(() => undefined) : resolve(name);
    const quick = await startApp({
      distDir: '/nonexistent',
      allowPrivateNetworks: false,
      resolve: hanging,
      classifyAddress,
      fetchTimeoutMs: 300,
    });
    try {
      const res = await rawRequest(
        quick.port,
        contentPath(`http://127.0.0.1:${P()}/page`, 'http://slow.example/feed'),
      );
      expect([res.status, res.error?.code]).toEqual([403, 'private_address']);
      expect(intranet.paths).toEqual([]);
    } finally {
      await quick.close();
    }
  });
});

describe('bad content requests', () => {
  it('refuses an unknown kind and an unreadable feed address', async () => {
    const url = encodeURIComponent(`http://news.example:${P()}/article`);
    const kind = await rawRequest(app.port, `/api/fetch?url=${url}&kind=image`);
    expect([kind.status, kind.error?.code]).toEqual([400, 'bad_request']);
    const feed = await rawRequest(app.port, `/api/fetch?url=${url}&kind=content&feed=not%20a%20url`);
    expect([feed.status, feed.error?.code]).toEqual([400, 'bad_url']);
  });
});
