import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { etagOf, startFeedServer, type FeedServer } from '../fixtures/feedServer';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { setSettings } from './readingSeed';
import { routeExampleImages, rss, runInEngine } from './setups';
import { screens, waitFor, waitForValue } from './pages';
import { shootSizes } from './shots';

// Refreshing and the feed list, end to end: conditional GET answered 304, one broken feed
// marked (sidebar marker, banner, notification) while another updates, feed list actions
// (rename, groups, unsubscribe with confirmation). A private fixture server so this file can
// read the requests it caused.

let browser: Browser;
let server: FeedServer;
let app: AppPage;

/** Runs `fn` (source of `(engine, arg) => …`) against the app's own engine in its worker. */
const engine = <T>(fn: string, arg: unknown): Promise<T> => runInEngine<T>(app.page, fn, arg);

/** Waits until no refresh job is running and at least `min` have finished (jobs live per page load). */
async function refreshesSettled(min: number): Promise<void> {
  let jobs: { kind: string; state: string }[] = [];
  try {
    await waitForValue(
      `${min} refresh job(s) finished`,
      async () => {
        jobs = await engine<{ kind: string; state: string }[]>('(e) => e.jobs.list()', null);
        const refresh = jobs.filter((j) => j.kind === 'refresh');
        return refresh.length >= min && refresh.every((j) => j.state !== 'running') ? true : undefined;
      },
      { timeout: 30_000, interval: 150 },
    );
  } catch (err) {
    throw new Error(`refresh did not finish: ${JSON.stringify(jobs)}`, { cause: err });
  }
}

let goodId = 0;
let flakyId = 0;
let stableId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startFeedServer();
  server.setMutable('good', rss('Good Feed', ['g1', 'g2']));
  server.setMutable('flaky', rss('Flaky Feed', ['f1', 'f2']));
  app = await openApp(browser);
  await routeExampleImages(app.context);
  await app.goto('/welcome');
  // Report failed refreshes as notifications (general.pullDataFail), automatic refresh off.
  await setSettings(app.page, { general: { pullDataFail: true, autoRefresh: false } });
  const sub = (url: string) =>
    engine<{ feedId: number }>('(e, a) => e.subscriptions.subscribe({ url: a })', url).then((r) => r.feedId);
  goodId = await sub(`${server.url}/mutable/good`);
  flakyId = await sub(`${server.url}/mutable/flaky`);
  stableId = await sub(`${server.url}/feeds/rss.xml`);
  await app.page.reload();
  await screens(app.page).shell.waitReady();
  // Generous: launching Chromium and first fetches are slow on a loaded 2-core machine.
}, 150_000);

afterAll(async () => {
  await app?.context.close();
  await browser?.close();
  await server?.close();
});

describe('refresh', () => {
  test('R refreshes everything with conditional GETs; unchanged feeds get 304', async () => {
    await app.goto('/all');
    await waitFor(screens(app.page).sidebar.feed(stableId), 'the stable feed in the sidebar');
    server.reset();
    await app.page.keyboard.press('Shift+R');
    await refreshesSettled(1);
    const hits = server.requests.filter((r) => r.path === '/feeds/rss.xml');
    expect(hits.length).toBe(1);
    const body = await import('node:fs/promises').then((fs) =>
      fs.readFile(new URL('../fixtures/feeds/rss.xml', import.meta.url)),
    );
    // The server answers 304 exactly when If-None-Match carries the current ETag.
    expect(hits[0]?.headers['if-none-match']).toBe(etagOf(body));
    expect(hits[0]?.headers['if-modified-since']).toBeTruthy();
    expect(server.hits('/mutable/good')).toBe(1);
    expect(server.hits('/mutable/flaky')).toBe(1);
    const feed = await engine<{ error: string; httpStatus: number }>('(e, a) => e.feeds.get(a)', stableId);
    expect(feed.error).toBe('');
    expect(feed.httpStatus).toBe(304);
    expectNoErrors(app.errors);
  });

  test('a broken feed is marked and explained while the others update', async () => {
    server.setMutable('good', rss('Good Feed', ['g1', 'g2', 'g3']));
    server.setRoute('/mutable/flaky', (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('boom');
    });
    const { sidebar, refresh, feedProblem, rss: feedList } = screens(app.page);
    await app.goto('/all');
    await sidebar.refresh.click();
    await refreshesSettled(1);

    // The good feed got its new article: 3 unread.
    await waitFor(sidebar.feedCount(goodId).filter({ hasText: '3' }), 'the good feed counting 3 unread');
    // The broken one shows a marker whose label gives the reason.
    const marker = sidebar.feedMarker(flakyId);
    await waitFor(marker, "the broken feed's marker");
    expect(await marker.getAttribute('aria-label')).toMatch(/500/);
    // The refresh was asked for, so its summary names it (a notification, with pullDataFail on,
    // is for the automatic refresh only: issue #12).
    await waitFor(refresh.summary, 'the refresh summary');
    expect(await refresh.failures.textContent()).toContain('Flaky Feed');
    expect(await refresh.failedNotice.count()).toBe(0);

    // Its page shows the banner with the reason and a safe link to the feed address; its
    // stored articles are still there.
    await sidebar.feed(flakyId).click();
    const banner = feedProblem.root;
    await waitFor(banner, "the broken feed's banner");
    expect(await banner.textContent()).toContain('This feed has a problem');
    expect(await feedProblem.reason.textContent()).toMatch(/500/);
    const link = feedProblem.url;
    expect(await link.getAttribute('href')).toBe(`${server.url}/mutable/flaky`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await engine<number>('(e, a) => e.items.countByFeed(a)', flakyId)).toBe(2);

    // The feed list shows it failing, and its status filter finds exactly it.
    await app.goto('/rss');
    await waitFor(feedList.row(flakyId), "the broken feed's row on /rss");
    expect(await feedList.row(flakyId).getAttribute('data-health')).toBe('failing');
    await feedList.statusChoice('Failing').click();
    await waitFor(feedList.row(goodId), "the good feed's row", { state: 'detached' });
    expect(await feedList.rows.count()).toBe(1);
    expectNoErrors(app.errors);
  });
});

describe('feed list', () => {
  test('rename from the sidebar menu; groups: create, move into, delete keeps the feed; each can be undone', async () => {
    const { sidebar, prompt, rss: feedList, confirm, shell, undo } = screens(app.page);
    await app.goto('/rss');
    await sidebar.feed(goodId).click({ button: 'right' });
    await sidebar.feedMenuItem('rename').click();
    await prompt.input.fill('Good & Renamed');
    await prompt.input.press('Enter');
    await waitFor(
      sidebar.feed(goodId).filter({ hasText: 'Good & Renamed' }),
      'the renamed feed in the sidebar',
    );
    await undo.waitFor('Renamed to “Good & Renamed”.');
    // Z takes the rename back.
    // (once the dialog is gone: until then the key still goes to its input)
    await waitFor(prompt.input, 'the rename dialog', { state: 'detached' });
    await app.page.keyboard.press('z');
    await shell.waitForText(
      'Undone: the feed is called “Good Feed” again.',
      'the notice of the undone rename',
    );
    await waitFor(sidebar.feed(goodId).filter({ hasText: 'Good Feed' }), 'the old title in the sidebar');

    await feedList.select(goodId).check();
    await feedList.bulk('move').click();
    await feedList.moveToNew.click();
    await prompt.input.fill('Moved here');
    await prompt.okButton.click();
    const row = feedList.row(goodId);
    await waitFor(
      feedList.groupOf(row).filter({ hasText: 'Moved here' }),
      "the feed in the group 'Moved here'",
    );
    await undo.waitFor('1 feed moved.');
    // Undo puts it back where it was (no group); moved again for what follows.
    await undo.buttonOf('1 feed moved.').click();
    await waitFor(feedList.groupOf(row).filter({ hasText: '—' }), 'the feed back in no group');
    await shell.waitForText('Undone: 1 feed is back in its group.', 'the notice of the undone move');
    await feedList.bulk('move').click();
    await feedList.moveToGroup('Moved here').click();
    await waitFor(feedList.groupOf(row).filter({ hasText: 'Moved here' }), "the feed in 'Moved here' again");

    await feedList.groupsButton.click();
    // The drawer's title names the panel: no second "Groups" box inside it.
    await waitFor(feedList.groupsPanel, 'the groups panel');
    expect(await feedList.groupsTitles.count()).toBe(1);
    await shootSizes(app.page, 'test-results/shots/feeds', 'groups-drawer');
    const groupRow = feedList.groupRow('Moved here');
    await feedList.groupDelete(groupRow).click();
    expect(await confirm.message.textContent()).toContain('1 feed');
    await app.page.keyboard.press('y');
    await waitFor(groupRow, "the group 'Moved here'", { state: 'detached' });
    await app.page.keyboard.press('Escape');
    await waitFor(feedList.groupOf(row).filter({ hasText: '—' }), 'the feed in no group');
    const deleted = 'Group “Moved here” deleted; its 1 feed is in no group now.';
    await undo.waitFor(deleted);
    // Undo makes the group again with the feed in it.
    await undo.buttonOf(deleted).click();
    await waitFor(
      feedList.groupOf(row).filter({ hasText: 'Moved here' }),
      "the feed in the group 'Moved here', made again",
    );
    await shell.waitForText(
      'Undone: the group “Moved here” is back with its feeds.',
      'the notice of the undone delete',
    );
    // Deleted again, for good: the tests after this one expect the feed in no group.
    await feedList.groupsButton.click();
    await feedList.groupDelete(feedList.groupRow('Moved here')).click();
    await app.page.keyboard.press('y');
    await waitFor(feedList.groupRow('Moved here'), "the group 'Moved here'", { state: 'detached' });
    await app.page.keyboard.press('Escape');
    await waitFor(feedList.groupOf(row).filter({ hasText: '—' }), 'the feed in no group again');
    expectNoErrors(app.errors);
  });

  test('unsubscribe asks first; y deletes the feed and its articles; Undo brings them back as they were', async () => {
    const { sidebar, rss: feedList, confirm, shell, undo } = screens(app.page);
    await app.goto('/rss');
    const [first] = await engine<number[]>(
      "(e, a) => e.items.page({ scope: 'feed', id: a, limit: 10 }).then((p) => p.rows.map((r) => r.id))",
      flakyId,
    );
    await engine('(e, a) => e.state.markRead([a], true)', first);
    await feedList.select(flakyId).check();
    await feedList.bulk('unsubscribe').click();
    await confirm.waitOpen();
    expect(await confirm.message.textContent()).toContain('Undo brings them back for the next 10 minutes.');
    await shootSizes(app.page, 'test-results/unsubscribe', 'confirm');
    // "n" keeps it.
    await app.page.keyboard.press('n');
    await confirm.waitClosed();
    expect(await engine<number>('(e, a) => e.items.countByFeed(a)', flakyId)).toBe(2);
    await feedList.bulk('unsubscribe').click();
    await confirm.waitOpen();
    await app.page.keyboard.press('y');
    await waitFor(feedList.row(flakyId), "the unsubscribed feed's row", { state: 'detached' });
    await waitFor(sidebar.feed(flakyId), 'the unsubscribed feed in the sidebar', { state: 'detached' });
    const unsubscribed = 'Unsubscribed from 1 feed; its articles are deleted.';
    await undo.waitFor(unsubscribed);
    await shootSizes(app.page, 'test-results/unsubscribe', 'undo-notice');
    expect(await engine<number>('(e, a) => e.items.countByFeed(a)', flakyId)).toBe(0);
    expect(await engine<unknown>('(e, a) => e.feeds.get(a)', flakyId)).toBeUndefined();

    // Undo: the feed, its row, its sidebar entry and its articles come back, the read one still read.
    await undo.buttonOf(unsubscribed).click();
    await shell.waitForText('Undone: 1 feed is back with its articles.', 'the notice of the undo');
    await waitFor(feedList.row(flakyId), "the feed's row, back");
    await waitFor(sidebar.feed(flakyId), 'the feed in the sidebar, back');
    expect(await engine<number>('(e, a) => e.items.countByFeed(a)', flakyId)).toBe(2);
    expect(
      await engine<Record<number, number>>('(e) => e.counts().then((c) => c.unreadByFeed)', null),
    ).toMatchObject({ [flakyId]: 1 });

    // Unsubscribed again (Z undoes nothing after the undo): gone for good this time.
    await feedList.select(flakyId).check();
    await feedList.bulk('unsubscribe').click();
    await confirm.waitOpen();
    await app.page.keyboard.press('y');
    await waitFor(feedList.row(flakyId), "the unsubscribed feed's row", { state: 'detached' });
    expect(await engine<unknown>('(e, a) => e.feeds.get(a)', flakyId)).toBeUndefined();
    expectNoErrors(app.errors);
  });
});

describe('progress', () => {
  test('refresh all shows a progress bar that can be cancelled', async () => {
    let delay = 0;
    const held: Array<() => void> = [];
    server.setRoute('/held.xml', (_req, res) => {
      const send = () =>
        res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(rss('Held Feed', ['h1']));
      if (delay) held.push(send);
      else send();
    });
    const heldId = await engine<{ feedId: number }>(
      '(e, a) => e.subscriptions.subscribe({ url: a })',
      `${server.url}/held.xml`,
    ).then((r) => r.feedId);
    const { rss: feedList, refresh } = screens(app.page);
    await app.goto('/rss');
    await waitFor(feedList.row(heldId), "the held feed's row on /rss");
    delay = 1; // from now on the feed never answers until released
    await feedList.refreshAll.click();
    const strip = refresh.strip;
    await waitFor(strip, 'the job strip after Refresh all');
    const bar = refresh.bar;
    expect(await bar.getAttribute('data-state')).toBe('running');
    expect(await refresh.counts.textContent()).toMatch(/^\d+ \/ \d+/);
    await refresh.cancel.click();
    await waitFor(strip, 'the job strip', { state: 'detached' });
    const jobs = await engine<{ kind: string; state: string }[]>('(e) => e.jobs.list()', null);
    expect(jobs.find((j) => j.kind === 'refresh')?.state).toBe('cancelled');
    for (const send of held) send();
    expectNoErrors(app.errors);
  });
});
