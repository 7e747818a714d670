import type { ServerResponse } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFeedServer, type FeedServer } from '../fixtures/feedServer';
import { launchBrowser, openApp, type AppPage } from './harness';
import { setSettings } from './readingSeed';
import { routeExampleImages, rss, runInEngine } from './setups';

// Issue #12, "nothing hidden after the first day", end to end: every tool screen reachable from
// the sidebar's More menu once feeds exist; Refresh all with progress and a summary naming the
// failing feed; the failing feed banner's Retry / Edit address / Unsubscribe; an OPML import
// whose failed feeds are listed with Retry and Remove; a duplicate flagged in the subscribe
// preview. A private fixture server, so each test can make feeds fail and recover.

let browser: Browser;
let server: FeedServer;
let app: AppPage;
const tid = (id: string) => `[data-testid="${id}"]`;

const atom = (title: string, self: string, site = 'https://harbour.example/') =>
  `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title>` +
  `<link href="${site}"/><link rel="self" href="${self}"/><id>urn:x:${title}</id>` +
  `<updated>2024-02-10T18:00:00Z</updated><entry><title>${title} one</title><id>urn:x:${title}:1</id>` +
  `<updated>2024-02-10T18:00:00Z</updated></entry></feed>`;

/** Answers like a server having a bad day: the status with a short plain-text body. */
const failWith = (status: number) => (_req: unknown, res: ServerResponse) =>
  void res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`status ${status}\n`);

/** Runs `fn` (source of `(engine, arg) => …`) against the app's own engine in its worker. */
const engine = <T>(fn: string, arg: unknown = null): Promise<T> => runInEngine<T>(app.page, fn, arg);
const subscribe = (url: string) =>
  engine<{ feedId: number }>('(e, a) => e.subscriptions.subscribe({ url: a })', url).then((r) => r.feedId);
/**
 * Refreshes one feed in the engine and resolves once that job has finished (before the test
 * navigates: a page load ends the worker, and with it a fetch still under way).
 */
const refreshFeedNow = (id: number) =>
  engine(
    `async (e, a) => {
      const job = await e.refresh.start({ scope: 'feed', id: a, force: true });
      while ((await e.jobs.get(job))?.state === 'running') await new Promise((r) => setTimeout(r, 50));
    }`,
    id,
  );
const feedUrl = (id: number) => engine<{ url: string } | undefined>('(e, a) => e.feeds.get(a)', id);

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startFeedServer();
  app = await openApp(browser);
  await routeExampleImages(app.context);
  await app.goto('/welcome');
  // No automatic refresh: every fetch in this file is one a test asked for.
  await setSettings(app.page, { general: { autoRefresh: false } });
  server.setMutable('news', rss('Daily News', ['n1']));
  await subscribe(`${server.url}/mutable/news`);
  // The shell is what the tests need; a loaded 2-core machine can take long over the rest.
  await app.page.reload({ waitUntil: 'domcontentloaded', timeout: 60_000 });
  await app.page.locator(tid('app-shell')).waitFor({ timeout: 60_000 });
}, 150_000);

afterAll(async () => {
  await app?.context.close();
  await browser?.close();
  await server?.close();
});

describe('sidebar', () => {
  test('after the first run, every tool screen is one menu away', async () => {
    await app.goto('/all');
    // Not the first run any more: the Welcome cards are gone, the menu is the way.
    const hops: Array<[string, string, string]> = [
      ['nav-more-combo', '/combo', 'combo'],
      ['nav-more-login', '/login', 'login'],
      ['nav-more-download', '/download', 'download'],
      ['nav-more-rss', '/rss', 'rss'],
      ['nav-more-opml', '/subscribe', 'subscribe'],
      ['nav-more-subscribe', '/subscribe', 'subscribe'],
    ];
    for (const [item, path, screen] of hops) {
      await app.page.locator(tid('nav-more')).click();
      const menu = app.page.locator(tid('nav-more-menu'));
      await menu.waitFor();
      await menu.locator(tid(item)).click();
      await app.page.waitForURL((u) => u.pathname === path);
      await app.page.locator(`${tid(`screen-${screen}`)} ${tid('page-title')}`).waitFor();
      await menu.waitFor({ state: 'hidden' });
    }
    expect(new URL(app.page.url()).search).toBe('');
    // Settings and the shortcut list open from the same menu, by keyboard too.
    await app.page.locator(tid('nav-more')).focus();
    await app.page.keyboard.press('Enter');
    await app.page.locator(tid('nav-more-settings')).click();
    await app.page.getByRole('dialog').filter({ hasText: 'Settings' }).first().waitFor();
    await app.page.keyboard.press('Escape');
    expect(app.errors).toEqual([]);
  });
});

describe('refresh all', () => {
  test('shows feeds done of total and new articles, then names the feed that failed', async () => {
    server.setMutable('steady', rss('Steady Feed', ['s1']));
    server.setMutable('late', rss('Late Feed', ['l1']));
    const steady = await subscribe(`${server.url}/mutable/steady`);
    const late = await subscribe(`${server.url}/mutable/late`);
    server.setMutable('shaky', rss('Shaky Feed', ['k1']));
    const broken = await subscribe(`${server.url}/mutable/shaky`);
    await app.goto('/all');
    await app.page.locator(tid(`nav-feed-${late}`)).waitFor();

    // The next round: new articles on two feeds, one feed broken, one that answers late.
    server.setMutable('steady', rss('Steady Feed', ['s1', 's2', 's3']));
    server.setRoute('/mutable/shaky', failWith(500));
    const held: Array<() => void> = [];
    server.setRoute('/mutable/late', (_req, res) =>
      held.push(() =>
        res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(rss('Late Feed', ['l1', 'l2'])),
      ),
    );
    await app.page.locator(tid('sidebar-refresh')).click();
    const bar = app.page.locator(`${tid('job-strip')} ${tid('job-refresh')}`);
    await bar.waitFor();
    // Everything but the late feed is done: the bar says how far, how many new and how many failed.
    const counts = bar.locator(tid('job-counts'));
    await counts.filter({ hasText: /^3 \/ 4 · 2 new articles · 1 failed$/ }).waitFor();
    expect(held.length).toBe(1);
    held[0]!();

    const summary = app.page.locator(tid('refresh-summary'));
    await summary.waitFor();
    expect(await summary.getAttribute('data-failed')).toBe('1');
    expect(await summary.locator(tid('refresh-summary-facts')).textContent()).toBe(
      '4 feeds checked · 3 new articles',
    );
    const failure = summary.locator(tid('refresh-summary-failure'));
    expect(await failure.count()).toBe(1);
    expect(await failure.textContent()).toContain('Shaky Feed');
    expect(await failure.textContent()).toMatch(/500/);
    expect(await failure.getAttribute('data-feed-id')).toBe(String(broken));
    // The summary stays until dismissed, and its feed name leads to the feed (and its banner).
    await failure.getByRole('link', { name: 'Shaky Feed' }).click();
    await app.page.waitForURL((u) => u.pathname === `/f/${broken}`);
    await app.page.locator(tid('feed-problem')).waitFor();
    expect(await summary.isVisible()).toBe(true);
    await summary.locator(tid('refresh-summary-close')).click();
    await summary.waitFor({ state: 'detached' });
    expect(await engine<number>('(e, a) => e.items.countByFeed(a)', steady)).toBe(3);
    server.setRoute('/mutable/late', null);
    expect(app.errors).toEqual([]);
  });
});

describe('failing feed banner', () => {
  test('Retry fetches it again: still failing says so, fixed clears the banner', async () => {
    server.setMutable('flaky', rss('Flaky Feed', ['f1']));
    const id = await subscribe(`${server.url}/mutable/flaky`);
    server.setRoute('/mutable/flaky', failWith(503));
    await refreshFeedNow(id);
    await app.goto(`/f/${id}`);
    const banner = app.page.locator(tid('feed-problem'));
    await banner.locator(tid('feed-problem-reason')).filter({ hasText: /503/ }).waitFor();

    // Still down (and in a Retry-After backoff): Retry fetches anyway and reports it failed.
    const before = server.hits('/mutable/flaky');
    await banner.locator(tid('feed-problem-retry')).click();
    const summary = app.page.locator(tid('refresh-summary'));
    await summary.locator(tid('refresh-summary-failure')).filter({ hasText: 'Flaky Feed' }).waitFor();
    expect(server.hits('/mutable/flaky')).toBe(before + 1);
    await summary.locator(tid('refresh-summary-close')).click();

    // Back up: Retry brings the new article and the banner goes.
    server.setRoute('/mutable/flaky', null);
    server.setMutable('flaky', rss('Flaky Feed', ['f1', 'f2']));
    await banner.locator(tid('feed-problem-retry')).click();
    await banner.waitFor({ state: 'detached' });
    await app.page
      .locator(tid(`nav-feed-${id}-count`))
      .filter({ hasText: '2' })
      .waitFor();
    expect(app.errors).toEqual([]);
  });

  test('Edit address checks the new address by fetching it; a bad one leaves the feed as it was', async () => {
    server.setMutable('moved-new', rss('Moved Feed', ['m1', 'm2']));
    server.setMutable('moved', rss('Moved Feed', ['m1']));
    const id = await subscribe(`${server.url}/mutable/moved`);
    const oldUrl = `${server.url}/mutable/moved`;
    server.setRoute('/mutable/moved', failWith(404));
    await refreshFeedNow(id);
    await app.goto(`/f/${id}`);
    const banner = app.page.locator(tid('feed-problem'));
    await banner.locator(tid('feed-problem-reason')).filter({ hasText: /404/ }).waitFor();
    await banner.locator(tid('feed-problem-edit')).click();
    const input = app.page.locator(tid('prompt-input'));
    const error = app.page.locator(tid('prompt-error'));
    const tryAddress = async (value: string) => {
      await input.fill(value);
      await app.page.locator(tid('prompt-ok')).click();
    };

    // Not an address at all.
    await tryAddress('moved feed please');
    await error.waitFor();
    expect(await error.textContent()).toContain('Enter a full address');
    // An address that answers, but with an error page.
    await tryAddress(`${server.url}/status/410`);
    await error.filter({ hasText: 'did not give a feed' }).waitFor();
    expect(await error.textContent()).toMatch(/410/);
    // An address that gives HTML, not a feed.
    await tryAddress(`${server.url}/site-nolink/`);
    await error.filter({ hasText: 'did not give a feed' }).waitFor();
    // Another subscription's address.
    await tryAddress(`${server.url}/mutable/news`);
    await error.filter({ hasText: 'already follow' }).waitFor();
    // Nothing changed meanwhile.
    expect((await feedUrl(id))?.url).toBe(oldUrl);
    expect(await banner.isVisible()).toBe(true);

    await tryAddress(`${server.url}/mutable/moved-new`);
    await app.page.locator(tid('prompt-dialog')).waitFor({ state: 'detached' });
    // Stored, fetched at once from the new address: the banner goes, the new article arrives.
    await banner.waitFor({ state: 'detached' });
    expect((await feedUrl(id))?.url).toBe(`${server.url}/mutable/moved-new`);
    await app.page
      .locator(tid(`nav-feed-${id}-count`))
      .filter({ hasText: '2' })
      .waitFor();
    expect(app.errors).toEqual([]);
  });

  test('Unsubscribe asks first; "n" keeps the feed, "y" removes it', async () => {
    server.setMutable('doomed', rss('Doomed Feed', ['d1']));
    const id = await subscribe(`${server.url}/mutable/doomed`);
    server.setRoute('/mutable/doomed', failWith(500));
    await refreshFeedNow(id);
    await app.goto(`/f/${id}`);
    const banner = app.page.locator(tid('feed-problem'));
    await banner.locator(tid('feed-problem-reason')).filter({ hasText: /500/ }).waitFor();
    await banner.locator(tid('feed-problem-unsubscribe')).click();
    await app.page.locator(tid('confirm-dialog')).waitFor();
    await app.page.keyboard.press('n');
    await app.page.locator(tid('confirm-dialog')).waitFor({ state: 'detached' });
    expect(await feedUrl(id)).toBeTruthy();
    await banner.locator(tid('feed-problem-unsubscribe')).click();
    await app.page.locator(tid('confirm-dialog')).waitFor();
    await app.page.keyboard.press('y');
    await app.page.locator(tid(`nav-feed-${id}`)).waitFor({ state: 'detached' });
    expect(await feedUrl(id)).toBeUndefined();
    expect(new URL(app.page.url()).pathname).not.toBe(`/f/${id}`);
    expect(app.errors).toEqual([]);
  });
});

describe('OPML import', () => {
  test('feeds that could not be fetched are listed with Retry and Remove', async () => {
    server.setMutable('opml-good', rss('Opml Good', ['g1']));
    server.setRoute('/down/a', failWith(500));
    server.setRoute('/down/b', failWith(404));
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>t</title></head><body>
  <outline type="rss" text="Opml Good" xmlUrl="${server.url}/mutable/opml-good"/>
  <outline type="rss" text="Down A" xmlUrl="${server.url}/down/a"/>
  <outline type="rss" text="Down B" xmlUrl="${server.url}/down/b"/>
</body></opml>`;
    await app.goto('/subscribe?tab=opml');
    await app.page.locator(tid('opml-text')).fill(opml);
    await app.page.locator(tid('opml-import-submit')).click();
    const list = app.page.locator(tid('opml-failures'));
    await list.waitFor({ timeout: 30_000 });
    expect(await list.getAttribute('data-failing')).toBe('2');
    const rows = list.locator('[data-testid^="opml-failure-"][data-state]');
    expect(await rows.count()).toBe(2);
    const rowA = rows.filter({ hasText: 'Down A' });
    const rowB = rows.filter({ hasText: 'Down B' });
    expect(await rowA.locator(tid('opml-failure-reason')).textContent()).toMatch(/500/);
    expect(await rowB.locator(tid('opml-failure-reason')).textContent()).toMatch(/404/);
    for (const row of [rowA, rowB]) {
      expect(await row.locator(tid('opml-failure-retry')).isVisible()).toBe(true);
      expect(await row.locator(tid('opml-failure-remove')).isVisible()).toBe(true);
    }

    // Site A is back: Retry all fetches both; A works now, B still fails.
    server.setRoute('/down/a', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(rss('Down A', ['a1'])),
    );
    await list.locator(tid('opml-failures-retry-all')).click();
    await rowA.and(app.page.locator('[data-state="fixed"]')).waitFor();
    expect(await rowA.locator(tid('opml-failure-state')).textContent()).toBe('Works now');
    expect(await rowB.getAttribute('data-state')).toBe('failing');

    // B is not wanted: Remove (after the confirmation) unsubscribes it.
    const idB = Number((await rowB.getAttribute('data-testid'))!.replace('opml-failure-', ''));
    await rowB.locator(tid('opml-failure-remove')).click();
    await app.page.locator(tid('confirm-dialog')).waitFor();
    await app.page.keyboard.press('y');
    await rowB.and(app.page.locator('[data-state="removed"]')).waitFor();
    expect(await feedUrl(idB)).toBeUndefined();
    await app.page.locator(tid(`nav-feed-${idB}`)).waitFor({ state: 'detached' });
    expect(app.errors).toEqual([]);
  });

  test('Remove all removes every feed still failing, after one confirmation', async () => {
    server.setRoute('/down/c', failWith(500));
    server.setRoute('/down/d', failWith(502));
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>t</title></head><body>
  <outline type="rss" text="Down C" xmlUrl="${server.url}/down/c"/>
  <outline type="rss" text="Down D" xmlUrl="${server.url}/down/d"/>
</body></opml>`;
    await app.goto('/subscribe?tab=opml');
    await app.page.locator(tid('opml-text')).fill(opml);
    await app.page.locator(tid('opml-import-submit')).click();
    const list = app.page.locator(tid('opml-failures'));
    await list.waitFor({ timeout: 30_000 });
    await list.locator(tid('opml-failures-remove-all')).click();
    await app.page.locator(tid('confirm-dialog')).waitFor();
    await app.page.keyboard.press('y');
    await list.locator('[data-state="removed"]').nth(1).waitFor();
    const left = await engine<{ url: string }[]>('(e) => e.feeds.list()');
    expect(left.map((f) => f.url).filter((u) => u.includes('/down/'))).toEqual([`${server.url}/down/a`]);
    expect(app.errors).toEqual([]);
  });
});

describe('subscribe preview', () => {
  test('a duplicate is flagged before Subscribe: the same feed by its self link, and a feed of the same site', async () => {
    const home = `${server.url}/mutable/harbour`;
    server.setMutable('harbour', atom('Harbour', home));
    const id = await subscribe(home);
    // A mirror of the same feed names the followed address as its own.
    server.setMutable('harbour-mirror', atom('Harbour', home));
    server.setMutable('harbour-comments', atom('Harbour comments', `${server.url}/mutable/harbour-comments`));

    await app.goto('/subscribe');
    const box = app.page.locator(tid('discover-input'));
    await box.fill(`${server.url}/mutable/harbour-mirror`);
    await box.press('Enter');
    const already = app.page.locator(tid('already-subscribed'));
    await already.waitFor();
    expect(await already.getAttribute('data-by')).toBe('self');
    expect(await already.textContent()).toContain('Harbour');
    expect(await app.page.locator(tid('subscribe-submit')).count()).toBe(0);

    // Another feed of the site is allowed, but pointed out with a link to the one followed.
    await box.fill(`${server.url}/mutable/harbour-comments`);
    await box.press('Enter');
    const sameSite = app.page.locator(tid('same-site'));
    await sameSite.waitFor();
    expect(await app.page.locator(tid('subscribe-submit')).isEnabled()).toBe(true);
    await sameSite.locator(tid('same-site-link')).click();
    await app.page.waitForURL((u) => u.pathname === `/f/${id}`);
    expect(app.errors).toEqual([]);
  });
});
