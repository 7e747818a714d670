import type { ServerResponse } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFeedServer, type FeedServer } from '../fixtures/feedServer';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor, waitForPath, type Screens } from './pages';
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
let ui: Screens;

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

/**
 * A feed `name` that answers `status` from now on, refreshed once (so it carries the failure),
 * with its list open and the banner giving that status. Returns the feed's id.
 */
async function failingFeed(name: string, title: string, status: number, items = ['1']): Promise<number> {
  server.setMutable(name, rss(title, items));
  const id = await subscribe(`${server.url}/mutable/${name}`);
  server.setRoute(`/mutable/${name}`, failWith(status));
  await refreshFeedNow(id);
  await app.goto(`/f/${id}`);
  await ui.feedProblem.waitForReason(new RegExp(String(status)));
  return id;
}

/** Answers the confirmation dialog with a key ('y' or 'n') once it asks. */
async function confirmWith(key: 'y' | 'n'): Promise<void> {
  await ui.confirm.waitOpen();
  await app.page.keyboard.press(key);
}

/** An OPML document with one feed outline per [title, address]. */
const opmlOf = (feeds: Array<[string, string]>) => `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>t</title></head><body>
${feeds.map(([title, url]) => `  <outline type="rss" text="${title}" xmlUrl="${url}"/>`).join('\n')}
</body></opml>`;

/** Imports the OPML on /subscribe and waits for the list of feeds that could not be fetched. */
async function importFailing(feeds: Array<[string, string]>): Promise<void> {
  await app.goto('/subscribe?tab=opml');
  await ui.opml.importText(opmlOf(feeds));
  await waitFor(ui.opml.failures, 'the feeds of the import that could not be fetched', { timeout: 30_000 });
}

/** Waits until the sidebar counts `n` unread for the feed. */
const waitForFeedCount = (id: number, n: number) =>
  ui.sidebar.waitForCount(ui.sidebar.feed(id), String(n), `the sidebar link of feed ${id}`);

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startFeedServer();
  app = await openApp(browser);
  ui = screens(app.page);
  await routeExampleImages(app.context);
  await app.goto('/welcome');
  // No automatic refresh: every fetch in this file is one a test asked for.
  await setSettings(app.page, { general: { autoRefresh: false } });
  server.setMutable('news', rss('Daily News', ['n1']));
  await subscribe(`${server.url}/mutable/news`);
  // The shell is what the tests need; a loaded 2-core machine can take long over the rest.
  await app.page.reload({ waitUntil: 'domcontentloaded', timeout: 60_000 });
  await ui.shell.waitReady(60_000);
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
      ['combo', '/combo', 'combo'],
      ['login', '/login', 'login'],
      ['download', '/download', 'download'],
      ['rss', '/rss', 'rss'],
      ['opml', '/subscribe', 'subscribe'],
      ['subscribe', '/subscribe', 'subscribe'],
    ];
    const { sidebar, shell } = ui;
    for (const [item, path, screen] of hops) {
      await sidebar.more(item);
      await waitForPath(app.page, path);
      await waitFor(shell.screenTitle(screen), `the ${screen} screen after '${item}' in the More menu`);
      await waitFor(sidebar.moreMenu, "the sidebar's More menu", { state: 'hidden' });
    }
    expect(new URL(app.page.url()).search).toBe('');
    // Settings and the shortcut list open from the same menu, by keyboard too.
    await sidebar.moreButton.focus();
    await app.page.keyboard.press('Enter');
    await sidebar.moreItem('settings').click();
    await waitFor(shell.dialog('Settings'), 'the settings dialog from the More menu');
    await app.page.keyboard.press('Escape');
    expectNoErrors(app.errors);
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
    await waitFor(ui.sidebar.feed(late), 'the late feed in the sidebar');

    // The next round: new articles on two feeds, one feed broken, one that answers late.
    server.setMutable('steady', rss('Steady Feed', ['s1', 's2', 's3']));
    server.setRoute('/mutable/shaky', failWith(500));
    const held: Array<() => void> = [];
    server.setRoute('/mutable/late', (_req, res) =>
      held.push(() =>
        res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(rss('Late Feed', ['l1', 'l2'])),
      ),
    );
    const { refresh } = ui;
    await ui.sidebar.refresh.click();
    await waitFor(refresh.bar, "the refresh job's bar");
    // Everything but the late feed is done: the bar says how far, how many new and how many failed.
    await refresh.waitForCounts(/^3 \/ 4 · 2 new articles · 1 failed$/);
    expect(held.length).toBe(1);
    held[0]!();

    const summary = refresh.summary;
    await waitFor(summary, 'the refresh summary');
    expect(await summary.getAttribute('data-failed')).toBe('1');
    expect(await refresh.facts.textContent()).toBe('4 feeds checked · 3 new articles');
    const failure = refresh.failures;
    expect(await failure.count()).toBe(1);
    expect(await failure.textContent()).toContain('Shaky Feed');
    expect(await failure.textContent()).toMatch(/500/);
    expect(await failure.getAttribute('data-feed-id')).toBe(String(broken));
    // The summary stays until dismissed, and its feed name leads to the feed (and its banner).
    await refresh.failureLink('Shaky Feed').click();
    await waitForPath(app.page, `/f/${broken}`);
    await waitFor(ui.feedProblem.root, "the broken feed's banner");
    expect(await summary.isVisible()).toBe(true);
    await refresh.closeSummary();
    await waitFor(summary, 'the refresh summary', { state: 'detached' });
    expect(await engine<number>('(e, a) => e.items.countByFeed(a)', steady)).toBe(3);
    server.setRoute('/mutable/late', null);
    expectNoErrors(app.errors);
  });
});

describe('failing feed banner', () => {
  test('Retry fetches it again: still failing says so, fixed clears the banner', async () => {
    const id = await failingFeed('flaky', 'Flaky Feed', 503, ['f1']);
    const { feedProblem, refresh } = ui;

    // Still down (and in a Retry-After backoff): Retry fetches anyway and reports it failed.
    const before = server.hits('/mutable/flaky');
    await feedProblem.button('retry').click();
    await refresh.waitForFailure('Flaky Feed');
    expect(server.hits('/mutable/flaky')).toBe(before + 1);
    await refresh.closeSummary();

    // Back up: Retry brings the new article and the banner goes.
    server.setRoute('/mutable/flaky', null);
    server.setMutable('flaky', rss('Flaky Feed', ['f1', 'f2']));
    await feedProblem.button('retry').click();
    await feedProblem.waitGone();
    await waitForFeedCount(id, 2);
    expectNoErrors(app.errors);
  });

  test('Edit address checks the new address by fetching it; a bad one leaves the feed as it was', async () => {
    server.setMutable('moved-new', rss('Moved Feed', ['m1', 'm2']));
    const oldUrl = `${server.url}/mutable/moved`;
    const id = await failingFeed('moved', 'Moved Feed', 404, ['m1']);
    const { feedProblem, prompt } = ui;
    await feedProblem.button('edit').click();
    const error = prompt.error;
    const errorSays = (text: string) =>
      waitFor(error.filter({ hasText: text }), `the prompt to say '${text}'`);

    // Not an address at all.
    await prompt.answer('moved feed please');
    await waitFor(error, "the prompt's error");
    expect(await error.textContent()).toContain('Enter a full address');
    // An address that answers, but with an error page.
    await prompt.answer(`${server.url}/status/410`);
    await errorSays('did not give a feed');
    expect(await error.textContent()).toMatch(/410/);
    // An address that gives HTML, not a feed.
    await prompt.answer(`${server.url}/site-nolink/`);
    await errorSays('did not give a feed');
    // Another subscription's address.
    await prompt.answer(`${server.url}/mutable/news`);
    await errorSays('already follow');
    // Nothing changed meanwhile.
    expect((await feedUrl(id))?.url).toBe(oldUrl);
    expect(await feedProblem.root.isVisible()).toBe(true);

    await prompt.answer(`${server.url}/mutable/moved-new`);
    await waitFor(prompt.root, 'the prompt dialog', { state: 'detached' });
    // Stored, fetched at once from the new address: the banner goes, the new article arrives.
    await feedProblem.waitGone();
    expect((await feedUrl(id))?.url).toBe(`${server.url}/mutable/moved-new`);
    await waitForFeedCount(id, 2);
    expectNoErrors(app.errors);
  });

  test('Unsubscribe asks first; "n" keeps the feed, "y" removes it', async () => {
    const id = await failingFeed('doomed', 'Doomed Feed', 500, ['d1']);
    const { feedProblem, confirm, sidebar } = ui;
    await feedProblem.button('unsubscribe').click();
    await confirmWith('n');
    await confirm.waitClosed();
    expect(await feedUrl(id)).toBeTruthy();
    await feedProblem.button('unsubscribe').click();
    await confirmWith('y');
    await waitFor(sidebar.feed(id), 'the unsubscribed feed in the sidebar', { state: 'detached' });
    expect(await feedUrl(id)).toBeUndefined();
    expect(new URL(app.page.url()).pathname).not.toBe(`/f/${id}`);
    expectNoErrors(app.errors);
  });
});

describe('OPML import', () => {
  test('feeds that could not be fetched are listed with Retry and Remove', async () => {
    server.setMutable('opml-good', rss('Opml Good', ['g1']));
    server.setRoute('/down/a', failWith(500));
    server.setRoute('/down/b', failWith(404));
    await importFailing([
      ['Opml Good', `${server.url}/mutable/opml-good`],
      ['Down A', `${server.url}/down/a`],
      ['Down B', `${server.url}/down/b`],
    ]);
    const { opml, sidebar } = ui;
    expect(await opml.failures.getAttribute('data-failing')).toBe('2');
    expect(await opml.failureRows.count()).toBe(2);
    const rowA = opml.failure('Down A');
    const rowB = opml.failure('Down B');
    expect(await opml.failurePart(rowA, 'reason').textContent()).toMatch(/500/);
    expect(await opml.failurePart(rowB, 'reason').textContent()).toMatch(/404/);
    for (const row of [rowA, rowB]) {
      expect(await opml.failurePart(row, 'retry').isVisible()).toBe(true);
      expect(await opml.failurePart(row, 'remove').isVisible()).toBe(true);
    }

    // Site A is back: Retry all fetches both; A works now, B still fails.
    server.setRoute('/down/a', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(rss('Down A', ['a1'])),
    );
    await opml.failuresAll('retry').click();
    await opml.waitForState(rowA, 'fixed', "Down A's row");
    expect(await opml.failurePart(rowA, 'state').textContent()).toBe('Works now');
    expect(await rowB.getAttribute('data-state')).toBe('failing');

    // B is not wanted: Remove (after the confirmation) unsubscribes it.
    const idB = await opml.failureId(rowB);
    await opml.failurePart(rowB, 'remove').click();
    await confirmWith('y');
    await opml.waitForState(rowB, 'removed', "Down B's row");
    expect(await feedUrl(idB)).toBeUndefined();
    await waitFor(sidebar.feed(idB), 'the removed feed in the sidebar', { state: 'detached' });
    expectNoErrors(app.errors);
  });

  test('Remove all removes every feed still failing, after one confirmation', async () => {
    server.setRoute('/down/c', failWith(500));
    server.setRoute('/down/d', failWith(502));
    await importFailing([
      ['Down C', `${server.url}/down/c`],
      ['Down D', `${server.url}/down/d`],
    ]);
    await ui.opml.failuresAll('remove').click();
    await confirmWith('y');
    await waitFor(ui.opml.inState('removed').nth(1), 'both failed feeds to be removed');
    const left = await engine<{ url: string }[]>('(e) => e.feeds.list()');
    expect(left.map((f) => f.url).filter((u) => u.includes('/down/'))).toEqual([`${server.url}/down/a`]);
    expectNoErrors(app.errors);
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
    const { subscribe: screen } = ui;
    await screen.discover(`${server.url}/mutable/harbour-mirror`);
    const already = screen.already;
    await waitFor(already, 'the note that the mirror is already followed');
    expect(await already.getAttribute('data-by')).toBe('self');
    expect(await already.textContent()).toContain('Harbour');
    expect(await screen.submit.count()).toBe(0);

    // Another feed of the site is allowed, but pointed out with a link to the one followed.
    await screen.discover(`${server.url}/mutable/harbour-comments`);
    await waitFor(screen.sameSite, 'the note of a feed of the same site');
    expect(await screen.submit.isEnabled()).toBe(true);
    await screen.sameSiteLink.click();
    await waitForPath(app.page, `/f/${id}`);
    expectNoErrors(app.errors);
  });
});
