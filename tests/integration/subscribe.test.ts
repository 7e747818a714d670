/**
 * Discover → preview → subscribe through the real companion server and the fixture feed server.
 */
import { describe, expect, it } from 'vitest';
import { recordEvents, rssOf, useNet, waitJob } from './subscribeHarness';

const { net, engine } = useNet();

describe('subscriptions.discover', () => {
  it('finds the feeds a site page links to, with titles and formats', async () => {
    const e = await engine();
    const found = await e.subscriptions.discover(net.at('/site/'));
    expect(found).toEqual([
      // The page is <html lang="en">: the language of the titles its links give.
      {
        url: net.at('/feeds/rss.xml'),
        title: 'Riverbank Notes',
        format: 'rss',
        source: 'link',
        language: 'en',
      },
      {
        url: net.at('/feeds/atom.xml'),
        title: 'Workshop Log',
        format: 'atom',
        source: 'link',
        language: 'en',
      },
    ]);
    expect(net.feeds.hits('/site/')).toBe(1);
  });

  it('answers a feed address with the feed itself', async () => {
    const e = await engine();
    const [only, ...rest] = await e.subscriptions.discover(net.at('/feeds/atom.xml'));
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ source: 'direct', format: 'atom', url: net.at('/feeds/atom.xml') });
  });

  it('says clearly when a page has no feed, after trying links and the usual paths', async () => {
    const e = await engine();
    const err = await e.subscriptions.discover(net.at('/site-nolink/')).catch((x: unknown) => x);
    expect(err).toMatchObject({ code: 'no_feed' });
    expect((err as Error).message).toMatch(
      /^No feed found at http:\/\/127\.0\.0\.1:\d+\/site-nolink\/: tried link tags, 9 common paths$/,
    );
    expect(net.feeds.hits('/feed')).toBe(1);
  });

  it('rejects unusable input with the discovery codes', async () => {
    const e = await engine();
    await expect(e.subscriptions.discover('   ')).rejects.toMatchObject({ code: 'bad_url' });
    await expect(e.subscriptions.discover('ftp://example.test/x')).rejects.toMatchObject({
      code: 'bad_scheme',
    });
    await expect(e.subscriptions.discover(net.at('/status/404'))).rejects.toMatchObject({
      code: 'http_status',
    });
  });
});

describe('subscriptions.preview', () => {
  it('shows title, site, format, count and newest items, and reports no subscription', async () => {
    const e = await engine();
    const p = await e.subscriptions.preview(net.at('/feeds/rss.xml'));
    expect(p).toMatchObject({
      url: net.at('/feeds/rss.xml'),
      title: 'Riverbank Notes',
      siteUrl: 'https://riverbank.example/',
      format: 'rss',
      version: '2.0',
      itemCount: 3,
      subscribedFeedId: null,
    });
    expect(p.items).toHaveLength(3);
    expect(p.items[0]).toMatchObject({ title: 'Herons at dawn' });
    const dates = p.items.map((i) => i.pubDate ?? 0);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('gives the feed’s language, and an item’s own only where it differs', async () => {
    const e = await engine();
    const zh = await e.subscriptions.preview(net.at('/feeds/zh-cn.xml'));
    expect(zh.language).toBe('zh-CN');
    expect(zh.items.map((i) => [i.title, i.language])).toEqual([
      ['春天的花园：郁金香和玫瑰', undefined],
      ['The river’s mill, in English', 'en-US'],
    ]);
    expect((await e.subscriptions.preview(net.at('/feeds/rtl.xml'))).language).toBe('ar');
    // A feed that declares none.
    expect((await e.subscriptions.preview(net.at('/feeds/atom.xml'))).language).toBe('');
  });

  it('caps the items at five, newest first', async () => {
    const e = await engine();
    const items = Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, title: `Post ${i}` }));
    net.feeds.setMutable(
      'many',
      rssOf('Many', items).replace(/<pubDate>[^<]*<\/pubDate>/g, () => ''),
    );
    const p = await e.subscriptions.preview(net.at('/mutable/many'));
    expect(p.itemCount).toBe(8);
    expect(p.items).toHaveLength(5);
  });

  it('rejects what is not a readable feed', async () => {
    const e = await engine();
    const err = (await e.subscriptions.preview(net.at('/html')).catch((x: unknown) => x)) as { code: string };
    expect(err.code).toMatch(/^(not_a_feed|parse_error)$/);
    await expect(e.subscriptions.preview(net.at('/status/404'))).rejects.toMatchObject({
      code: 'http_status',
      details: { httpStatus: 404 },
    });
    await expect(e.subscriptions.preview('javascript:alert(1)')).rejects.toMatchObject({
      code: 'bad_scheme',
    });
  });
});

describe('subscriptions.subscribe', () => {
  it('subscribes by site URL through discovery and preview without fetching the feed twice', async () => {
    const e = await engine();
    const events = recordEvents(e);
    const [candidate] = await e.subscriptions.discover(net.at('/site/'));
    const preview = await e.subscriptions.preview(candidate!.url);
    const res = await e.subscriptions.subscribe({ url: preview.url });
    expect(res).toMatchObject({ alreadySubscribed: false, added: 3 });
    expect(res.feedId).toBeGreaterThan(0);
    expect(net.feeds.hits('/feeds/rss.xml')).toBe(1);
    const feed = await e.feeds.get(res.feedId);
    expect(feed).toMatchObject({
      title: 'Riverbank Notes',
      siteUrl: 'https://riverbank.example/',
      url: net.at('/feeds/rss.xml'),
      groupId: -1,
      httpStatus: 200,
      errorCode: '',
      failures: 0,
    });
    expect(feed!.etag).toMatch(/^"/);
    expect(feed!.lastModified).toBe('Mon, 01 Jan 2024 10:00:00 GMT');
    expect(feed!.bodyHash).not.toBe('');
    expect(feed!.lastSuccess).toBeGreaterThan(0);
    expect(await e.items.countByFeed(res.feedId)).toBe(3);
    expect((await e.counts()).unread).toBe(3);
    expect(events.all.map((ev) => ev.type)).toEqual(expect.arrayContaining(['feeds-changed', 'items-added']));
    // The preview now knows the subscription, under http/https and trailing-slash variants too.
    expect((await e.subscriptions.preview(net.at('/feeds/rss.xml'))).subscribedFeedId).toBe(res.feedId);
  });

  it('flags a feed whose self link is a subscription, and a feed of a site already followed', async () => {
    const e = await engine();
    const atom = (self: string, title: string) =>
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title>` +
      `<link href="https://harbour.example/"/><link rel="self" href="${self}"/><id>urn:x:${title}</id>` +
      `<updated>2024-02-10T18:00:00Z</updated><entry><title>One</title><id>urn:x:${title}:1</id>` +
      `<updated>2024-02-10T18:00:00Z</updated></entry></feed>`;
    const home = net.at('/mutable/harbour');
    net.feeds.setMutable('harbour', atom(home, 'Harbour'));
    const first = await e.subscriptions.subscribe({ url: home });
    // The same feed served from a mirror names its real address.
    net.feeds.setMutable('mirror', atom(home.replace('http://', 'https://'), 'Harbour'));
    expect(await e.subscriptions.preview(net.at('/mutable/mirror'))).toMatchObject({
      subscribedFeedId: first.feedId,
      subscribedBy: 'self',
      sameSiteFeedId: null,
    });
    // Another feed of the same site is not a duplicate, but the preview points at the one followed.
    net.feeds.setMutable('comments', atom(net.at('/mutable/comments'), 'Harbour comments'));
    const other = await e.subscriptions.preview(net.at('/mutable/comments'));
    expect(other).toMatchObject({ subscribedFeedId: null, sameSiteFeedId: first.feedId });
    expect(other.subscribedBy).toBeUndefined();
    expect(await e.subscriptions.preview(home)).toMatchObject({
      subscribedFeedId: first.feedId,
      subscribedBy: 'address',
    });
  });

  it('says already subscribed instead of duplicating, for equivalent addresses', async () => {
    const e = await engine();
    const first = await e.subscriptions.subscribe({ url: net.at('/feeds/atom.xml') });
    for (const url of [
      net.at('/feeds/atom.xml'),
      net.at('/feeds/atom.xml/'),
      net.at('/feeds/atom.xml').replace('http:', 'https:'),
    ]) {
      expect(await e.subscriptions.subscribe({ url })).toEqual({
        feedId: first.feedId,
        alreadySubscribed: true,
        added: 0,
      });
    }
    expect(await e.feeds.count()).toBe(1);
  });

  it('does not store one feed twice when subscribe is clicked twice at once', async () => {
    const e = await engine();
    const [a, b] = await Promise.all([
      e.subscriptions.subscribe({ url: net.at('/feeds/feed.json') }),
      e.subscriptions.subscribe({ url: net.at('/feeds/feed.json') }),
    ]);
    expect(a.feedId).toBe(b.feedId);
    expect([a.alreadySubscribed, b.alreadySubscribed].sort()).toEqual([false, true]);
    expect(await e.feeds.count()).toBe(1);
  });

  it('detects an existing subscription behind a permanent redirect', async () => {
    const e = await engine();
    const first = await e.subscriptions.subscribe({ url: net.at('/feeds/rdf.xml') });
    const moved = net.at(`/redirect/301?to=${encodeURIComponent('/feeds/rdf.xml')}`);
    expect(await e.subscriptions.subscribe({ url: moved })).toMatchObject({
      feedId: first.feedId,
      alreadySubscribed: true,
    });
  });

  it('subscribes into a new group, and reuses a group of the same title', async () => {
    const e = await engine();
    const a = await e.subscriptions.subscribe({ url: net.at('/feeds/rss.xml'), newGroupTitle: ' Birds ' });
    const b = await e.subscriptions.subscribe({
      url: net.at('/feeds/atom.xml'),
      newGroupTitle: 'birds',
      title: 'My workshop',
    });
    const groups = await e.groups.list();
    expect(groups.map((g) => g.title)).toEqual(['Birds']);
    expect((await e.feeds.get(a.feedId))!.groupId).toBe(groups[0]!.id);
    expect(await e.feeds.get(b.feedId)).toMatchObject({ groupId: groups[0]!.id, title: 'My workshop' });
    const c = await e.subscriptions.subscribe({ url: net.at('/feeds/podcast.xml'), groupId: groups[0]!.id });
    expect((await e.feeds.get(c.feedId))!.groupId).toBe(groups[0]!.id);
  });

  it('stores nothing when the feed cannot be fetched or the group is unknown', async () => {
    const e = await engine();
    await expect(e.subscriptions.subscribe({ url: net.at('/status/500') })).rejects.toMatchObject({
      code: 'http_status',
    });
    await expect(e.subscriptions.subscribe({ url: net.at('/html') })).rejects.toHaveProperty('code');
    await expect(
      e.subscriptions.subscribe({ url: net.at('/feeds/rss.xml'), groupId: 999 }),
    ).rejects.toMatchObject({
      code: 'bad_input',
    });
    expect(await e.feeds.count()).toBe(0);
    expect(await e.items.count()).toBe(0);
  });
});

describe('subscriptions.subscribeMany', () => {
  it('adds new feeds with progress, skips known and repeated ones, reports bad ones', async () => {
    const e = await engine();
    const events = recordEvents(e);
    const known = await e.subscriptions.subscribe({ url: net.at('/feeds/rss.xml') });
    const id = await e.subscriptions.subscribeMany([
      { url: net.at('/feeds/rss.xml') },
      { url: net.at('/feeds/atom.xml'), groupTitle: 'Tools' },
      { url: net.at('/feeds/atom.xml/') },
      { url: net.at('/feeds/feed.json'), title: 'JSON one', groupTitle: 'Tools' },
      { url: net.at('/status/404'), title: 'Gone missing' },
      { url: 'mailto:someone@example.test' },
    ]);
    const job = await waitJob(e, id);
    expect(job).toMatchObject({ kind: 'subscribe-many', state: 'done', total: 6, done: 6, failed: 2 });
    expect(job.summary).toMatchObject({ added: 2, skipped: 2, failed: 2, newItems: 2 + 2 });
    const missing = job.failures.find((f) => f.title === 'Gone missing')!;
    expect(missing.reason).toMatch(/HTTP 404/);
    expect(missing.feedId).toEqual(expect.any(Number));
    expect(job.failures.find((f) => f.url.startsWith('mailto'))).toMatchObject({ feedId: null });
    const feeds = await e.feeds.list();
    expect(feeds.filter((f) => f.url === net.at('/feeds/rss.xml')).map((f) => f.id)).toEqual([known.feedId]);
    const tools = (await e.groups.list()).find((g) => g.title === 'Tools')!;
    expect(
      feeds
        .filter((f) => f.groupId === tools.id)
        .map((f) => f.title)
        .sort(),
    ).toEqual(['JSON one', 'Workshop Log']);
    // Undoing the job would remove the three feeds it subscribed (the failing one included) and
    // the group it made.
    const added = feeds.filter((f) => f.id !== known.feedId).map((f) => f.id);
    expect([...job.summary!.feedIds!].sort()).toEqual(added.sort());
    expect(job.summary!.groupIds).toEqual([tools.id]);
    // A feed that failed its first fetch stays subscribed, with the failure recorded.
    expect(await e.feeds.get(missing.feedId!)).toMatchObject({ httpStatus: 404, errorCode: 'http_status' });
    const jobEvents = events.jobs.filter((j) => j.id === id);
    expect(jobEvents[0]!.state).toBe('running');
    expect(jobEvents.at(-1)).toMatchObject({ state: 'done', done: 6 });
  });

  it('rejects something that is not a list', async () => {
    const e = await engine();
    await expect(e.subscriptions.subscribeMany('nope' as never)).rejects.toMatchObject({ code: 'bad_input' });
  });
});
