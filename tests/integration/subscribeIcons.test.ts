/** Site icons through the companion server, cached in the meta store. */
import { afterEach, describe, expect, it } from 'vitest';
import { FAILURE_RETRY } from '../../worker/icons/iconCache';
import { useNet } from './subscribeHarness';
import { internalsOf } from '../../worker/testing/createTestEngine';

let clock = 1_800_000_000;
const { net, engine } = useNet(undefined, { now: () => clock });

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

afterEach(() => {
  for (const p of ['/iconsite/', '/iconsite/img/logo.png', '/favicon.ico', '/huge/'])
    net.feeds.setRoute(p, null);
  net.feeds.reset();
  clock = 1_800_000_000;
});

describe('icons', () => {
  it('finds the icon the home page declares, caches it, and serves later calls from the cache', async () => {
    net.feeds.setRoute('/iconsite/', (_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<html><head><link rel="shortcut icon" href="img/logo.png"></head></html>');
    });
    net.feeds.setRoute('/iconsite/img/logo.png', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    });
    const e = await engine();
    const id = await e.feeds.save({ url: net.at('/feeds/rss.xml'), siteUrl: net.at('/iconsite/') });
    const [a, b] = await Promise.all([e.icons.get(id), e.icons.get(id)]);
    expect(a).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(b).toBe(a);
    expect(net.feeds.hits('/iconsite/img/logo.png')).toBe(1);
    expect(await internalsOf(e).stores.meta.get(`icon:${id}`)).toMatchObject({ dataUrl: a });
    expect(await e.icons.get(id)).toBe(a);
    expect(net.feeds.hits('/iconsite/')).toBe(1);
  });

  it('falls back to /favicon.ico and refuses non-images and oversized icons', async () => {
    const e = await engine();
    net.feeds.setRoute('/favicon.ico', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/x-icon' }).end(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]));
    });
    const withIco = await e.feeds.save({ url: net.at('/feeds/atom.xml') });
    expect(await e.icons.get(withIco)).toBe('data:image/x-icon;base64,AAABAAEAEBA=');

    net.feeds.setRoute('/huge/', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<link rel="icon" href="/favicon.ico">');
    });
    net.feeds.setRoute('/favicon.ico', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(120 * 1024)]));
    });
    const huge = await e.feeds.save({ url: net.at('/feeds/rss.xml'), siteUrl: net.at('/huge/') });
    expect(await e.icons.get(huge)).toBeNull();

    net.feeds.setRoute('/favicon.ico', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end('<html>not found</html>');
    });
    const html = await e.feeds.save({ url: net.at('/feeds/feed.json'), siteUrl: net.at('/nowhere/') });
    expect(await e.icons.get(html)).toBeNull();
  });

  it('remembers a missing icon and looks again only after the retry time', async () => {
    const e = await engine();
    const id = await e.feeds.save({ url: net.at('/feeds/rss.xml'), siteUrl: net.at('/nothing-here/') });
    expect(await e.icons.get(id)).toBeNull();
    const hits = net.feeds.requests.length;
    expect(hits).toBeGreaterThan(0);
    expect(await e.icons.getMany([id, id])).toEqual({ [id]: null });
    expect(net.feeds.requests.length).toBe(hits);
    expect(await internalsOf(e).stores.meta.get(`icon:${id}`)).toMatchObject({
      dataUrl: null,
      retryAfter: clock + FAILURE_RETRY,
    });

    clock += FAILURE_RETRY + 1;
    net.feeds.setRoute('/favicon.ico', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    });
    expect(await e.icons.get(id)).toMatch(/^data:image\/png;base64,/);
  });

  it('answers null for unknown feeds and drops the cache with the feed', async () => {
    const e = await engine();
    expect(await e.icons.get(12345)).toBeNull();
    net.feeds.setRoute('/favicon.ico', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG);
    });
    const id = await e.feeds.save({ url: net.at('/feeds/rss.xml') });
    expect(await e.icons.getMany([id, 999])).toEqual({
      [id]: expect.stringMatching(/^data:/) as unknown,
      999: null,
    });
    await e.feeds.deleteMany([id]);
    expect(await internalsOf(e).stores.meta.get(`icon:${id}`)).toBeUndefined();
  });
});
