import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { AppPage } from './harness';
import { screens, waitFor, type Screens } from './pages';
import { closeStartedApp, launchStartedApp } from './setups';
import { expectNoErrors } from './harness';
import { shot, shootSizes } from './shots';

// Subscribe issue, end to end: discovery with preview, "already subscribed", OPML import with
// progress and summary, OPML export, against the fixture feed server through the real proxy.

let browser: Browser;
let app: AppPage;
let ui: Screens;
const feedsUrl = inject('feedsUrl');

// Generous: launching Chromium and the engine's first start are slow on a loaded 2-core machine.
beforeAll(async () => {
  ({ browser, app } = await launchStartedApp());
  ui = screens(app.page);
}, 150_000);
afterAll(() => closeStartedApp({ browser, app }));

const findFeeds = (input: string) => ui.subscribe.discover(input);
/** Waits until the address is a feed's list (/f/<id>). */
async function waitForFeedList(): Promise<void> {
  await app.page.waitForURL((u) => /^\/f\/\d+$/.test(u.pathname));
}

describe('subscribe', () => {
  test('with no feeds, Export OPML is shown disabled and says there is nothing to export', async () => {
    await app.goto('/subscribe');
    const { opml } = ui;
    await waitFor(opml.exportDisabled, 'the disabled Export OPML');
    let downloaded = false;
    app.page.once('download', () => (downloaded = true));
    await opml.clickDisabledExport();
    await waitFor(opml.exportNone, 'the notice that there is nothing to export');
    expect(downloaded).toBe(false);
    await opml.exportButton.hover();
    await shootSizes(app.page, 'test-results/shots/subscribe', 'export-none');
  });

  test('by site URL: every candidate listed, preview, new group, subscribed', async () => {
    await app.goto('/subscribe');
    const { subscribe, sidebar } = ui;
    await findFeeds(`${feedsUrl}/site/`);
    await waitFor(subscribe.candidates, 'the feeds found on the site');
    const candidates = subscribe.candidateRows;
    expect(await candidates.count()).toBe(2);
    const texts = await candidates.allTextContents();
    expect(texts.join('|')).toContain('Riverbank Notes');
    expect(texts.join('|')).toContain('Workshop Log');
    expect(await subscribe.candidateFormats.allTextContents()).toEqual(
      expect.arrayContaining(['RSS', 'Atom']),
    );
    // Nothing is previewed until one is chosen.
    expect(await subscribe.preview.count()).toBe(0);
    await subscribe.candidate(`${feedsUrl}/feeds/rss.xml`).click();

    await waitFor(subscribe.preview, 'the preview of the chosen feed');
    expect(await subscribe.previewPart('title').textContent()).toBe('Riverbank Notes');
    expect(await subscribe.previewPart('count').textContent()).toBe('3 items');
    expect(await subscribe.previewPart('items').textContent()).toContain('Herons at dawn');

    await subscribe.newGroup('Walks');
    await subscribe.submit.click();
    const done = subscribe.done;
    await waitFor(done, 'the subscription to finish');
    expect(await done.textContent()).toContain('Riverbank Notes');

    // The sidebar shows the new group with the feed and its unread count.
    const group = sidebar.groupNamed('Walks');
    await waitFor(group, 'the new group in the sidebar');
    await waitFor(sidebar.feedIn(group, 'Riverbank Notes'), 'the feed in its new group');
    await waitFor(sidebar.firstCountIn(group), "the new group's unread count");

    await subscribe.openFeed.click();
    await waitForFeedList();
    expectNoErrors(app.errors);
  });

  test('subscribing again says so and links the existing feed', async () => {
    await app.goto('/subscribe');
    const { subscribe, rss } = ui;
    await findFeeds(`${feedsUrl}/feeds/rss.xml`);
    await waitFor(subscribe.already, 'the note that the feed is already followed');
    expect(await subscribe.submit.count()).toBe(0);
    await subscribe.alreadyLink.click();
    await waitForFeedList();
    // Still exactly one feed.
    await app.goto('/rss');
    await waitFor(rss.rows.first(), 'a feed row on /rss');
    expect(await rss.rows.count()).toBe(1);
  });

  test('a page without feeds, and a missing page, show the engine message inline', async () => {
    await app.goto('/subscribe');
    const { subscribe } = ui;
    await findFeeds(`${feedsUrl}/status/404`);
    await waitFor(subscribe.error, 'the message for a missing page');
    expect((await subscribe.error.textContent())?.length).toBeGreaterThan(15);
    // Words that are not an address are refused in words, before anything is fetched (the
    // browser's URL parser would take them as a host name with escaped spaces).
    for (const typed of ['this is not a url', 'ht!tp://bad url with spaces']) {
      await findFeeds(typed);
      await waitFor(
        subscribe.error.filter({ hasText: 'This is not a web address' }),
        `the message for '${typed}'`,
      );
      expect(await subscribe.error.textContent()).toContain('Type a site such as example.com');
    }
    // Scheme-less input works too (the fixture host has no scheme typed).
    await findFeeds(`${feedsUrl.replace(/^http:\/\//, '')}/feeds/atom.xml`);
    await waitFor(subscribe.preview, 'the preview of a scheme-less address');
    expect(await subscribe.error.count()).toBe(0);
    expect(await subscribe.previewPart('title').textContent()).toBe('Workshop Log');
  });
});

describe('OPML', () => {
  test('the subtitle says what the tab shown is for: finding a feed, or importing OPML', async () => {
    const { shell, subscribe, opml } = ui;
    await app.goto('/subscribe');
    const finds = 'Paste a feed address, or any page of a site: Rivulet finds its feeds.';
    const imports = 'Import your subscriptions from an OPML file, as feed readers export them.';
    await waitFor(shell.pageSubtitle.filter({ hasText: finds }), 'the subtitle of Add a feed');
    await subscribe.tab('opml').click();
    await waitFor(opml.text, 'the OPML tab');
    await waitFor(shell.pageSubtitle.filter({ hasText: imports }), 'the subtitle of Import OPML', {
      seen: () => shell.pageSubtitle.innerText(),
    });
    await shootSizes(app.page, 'test-results/shots/subscribe', 'opml-subtitle');
    // Opened by its address too, and back.
    await app.goto('/subscribe?tab=opml');
    await waitFor(
      shell.pageSubtitle.filter({ hasText: imports }),
      'the subtitle of Import OPML at ?tab=opml',
    );
    await subscribe.tab('add').click();
    await waitFor(
      shell.pageSubtitle.filter({ hasText: finds }),
      'the subtitle of Add a feed, back from OPML',
      {
        seen: () => shell.pageSubtitle.innerText(),
      },
    );
    expectNoErrors(app.errors);
  });

  test('import: groups, duplicate skipped, 404 failed with its reason, progress then summary', async () => {
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Test &amp; export</title></head><body>
  <outline text="Imported &amp; Co">
    <outline type="rss" text="Workshop" xmlUrl="${feedsUrl}/feeds/atom.xml"/>
    <outline type="rss" text="Json" xmlUrl="${feedsUrl}/feeds/feed.json"/>
    <outline type="rss" text="Gone" xmlUrl="${feedsUrl}/status/404"/>
  </outline>
  <outline type="rss" text="Riverbank again" xmlUrl="${feedsUrl}/feeds/rss.xml"/>
  <outline type="rss" text="Podcast" xmlUrl="${feedsUrl}/feeds/podcast.xml"/>
</body></opml>`;
    const { opml: tab, sidebar } = ui;
    await app.goto('/subscribe?tab=opml');
    await tab.importText(opml);
    await waitFor(tab.job, 'the import job');
    // The progress bar is there from the start (running or, on a fast machine, finished).
    expect(await tab.jobPart('bar').count()).toBe(1);
    await waitFor(tab.jobPart('summary'), "the import job's summary", { timeout: 30_000 });
    // Its line above the bar leaves the failure to the summary (no "1 failed" beside it).
    expect(await tab.jobPart('counts').textContent()).toMatch(/^5 \/ 5 · \d+ new articles$/);
    // The feed that answered 404 is subscribed (kept, to retry): it counts among the added, as
    // the Undo notice and "Remove the 4 feeds it added" count it, and the summary says so.
    expect(await tab.jobPart('summary').textContent()).toMatch(
      /^4 added, 1 of them could not be fetched yet · 1 already followed · \d+ new articles$/,
    );
    expect(await tab.summaryCount('added').textContent()).toBe('4');
    expect(await tab.summaryCount('unfetched').textContent()).toBe('1');
    expect(await tab.summaryCount('skipped').textContent()).toBe('1');
    expect(await tab.summaryCount('failed').count()).toBe(0);
    expect(await tab.removeAdded.textContent()).toBe('Remove the 4 feeds it added');
    // The feed that failed is listed with its reason and its fixes (issue #12), not in the summary.
    const failures = await tab.failures.textContent();
    expect(failures).toContain('/status/404');
    expect(failures).toMatch(/HTTP 404/);
    // The nested outline became a group, with its feeds in the sidebar.
    await waitFor(sidebar.groupLinkNamed('Imported & Co'), 'the imported group in the sidebar');
    await waitFor(sidebar.feedNamed('Podcast'), 'the imported feed Podcast in the sidebar');
    // The notice counts as the summary does: four feeds, one of them not fetched yet.
    await ui.undo.waitFor('Imported 4 feeds; 1 could not be fetched yet.');
    expectNoErrors(app.errors);
  });

  test('on a phone the end of the page scrolls clear of the notices at the bottom', async () => {
    const size = app.page.viewportSize();
    await app.page.setViewportSize({ width: 390, height: 844 });
    try {
      // The import's Undo notice (10 s) is over the end of the page.
      await waitFor(ui.notices.bottomToasts.first(), 'the notice at the bottom');
      const { controlBottom, noticesTop } = await ui.notices.lastControlAndNotices();
      expect(noticesTop).toBeLessThan(844);
      expect(controlBottom).toBeLessThanOrEqual(noticesTop);
      await shot(app.page, 'test-results/shots/subscribe/import-end-scrolled-390.png');
    } finally {
      if (size) await app.page.setViewportSize(size);
    }
  });

  test('an import can be taken back: its Undo asks, removes its feeds and group, and can be undone', async () => {
    const { opml: tab, sidebar, confirm, undo } = ui;
    await shootSizes(app.page, 'test-results/shots/subscribe', 'import-done');
    // From the button under the summary (the notice may have gone): saying no keeps everything.
    await tab.removeAdded.click();
    await confirm.waitOpen();
    expect(await confirm.message.textContent()).toContain('Their articles are deleted');
    await confirm.cancel();
    await confirm.waitClosed();
    expect(await tab.removeAdded.count()).toBe(1);
    // Z takes back the import (the last change): asked, then its four feeds and its group go.
    await app.page.keyboard.press('z');
    await confirm.waitOpen();
    await confirm.ok();
    await waitFor(sidebar.groupLinkNamed('Imported & Co'), 'the imported group to go', { state: 'detached' });
    await waitFor(sidebar.feedNamed('Podcast'), 'the imported feed Podcast to go', { state: 'detached' });
    // The feed that was here before the import stays.
    await waitFor(sidebar.feedNamed('Riverbank'), 'the feed subscribed before the import');
    // And the removal is itself undone like any unsubscribe: the feeds come back, in their group.
    await undo.waitFor('Unsubscribed from 4 feeds');
    await undo.buttonOf('Unsubscribed from 4 feeds').click();
    await undo.waitUndone('Undone: 4 feeds are back with their articles.');
    await waitFor(sidebar.feedNamed('Podcast'), 'the feed Podcast back in the sidebar');
    await waitFor(sidebar.groupLinkNamed('Imported & Co'), 'the imported group back in the sidebar');
    await waitFor(sidebar.feedNamed('Workshop'), 'the feed Workshop back in the sidebar');
    expectNoErrors(app.errors);
  });

  test('a feed already followed that the file groups elsewhere is named, and moved there on request, undoably', async () => {
    const { opml: tab, sidebar, undo } = ui;
    await app.goto('/subscribe?tab=opml');
    await tab.importText(`<?xml version="1.0"?><opml version="2.0"><head/><body>
  <outline text="Rivers"><outline type="rss" text="Riverbank" xmlUrl="${feedsUrl}/feeds/rss.xml"/></outline>
</body></opml>`);
    await waitFor(tab.jobPart('summary'), "the import job's summary", { timeout: 30_000 });
    await waitFor(tab.elsewhere, 'the feeds already followed in other groups');
    expect(await tab.elsewhere.textContent()).toMatch(
      /1 feed you already follow is in another group.*In “Walks”; the file puts it in “Rivers”/,
    );
    // The import made the file's group but moved nothing.
    const rivers = sidebar.groupNamed('Rivers');
    await waitFor(sidebar.groupLinkNamed('Rivers'), 'the file’s group in the sidebar');
    expect(await sidebar.feedIn(rivers, 'Riverbank').count()).toBe(0);
    await shootSizes(app.page, 'test-results/shots/subscribe', 'import-elsewhere');
    await tab.elsewhereMove.click();
    await waitFor(sidebar.feedIn(rivers, 'Riverbank'), 'Riverbank in the group Rivers');
    expect(await tab.elsewhere.getAttribute('data-pending')).toBe('0');
    expect(await tab.elsewhere.textContent()).toContain('Now in “Rivers”');
    await undo.waitFor('1 feed moved.');
    await app.page.keyboard.press('z');
    await waitFor(sidebar.feedIn(rivers, 'Riverbank'), 'Riverbank out of Rivers again', {
      state: 'detached',
    });
    await waitFor(tab.elsewhereMove, 'the offer to move it again');
    expectNoErrors(app.errors);
  });

  test('a file that is not OPML says why', async () => {
    const { opml } = ui;
    await app.goto('/subscribe?tab=opml');
    const chooser = app.page.waitForEvent('filechooser');
    await opml.fileButton.click();
    await (
      await chooser
    ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
    await waitFor(opml.error, 'the message that the file is not OPML');
    expect(await opml.error.textContent()).toContain('not an OPML file');
    expect(await opml.job.count()).toBe(0);
  });

  test('export downloads valid OPML with every feed and group, escaped', async () => {
    await app.goto('/rss');
    const download = app.page.waitForEvent('download');
    await ui.opml.exportButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('rivulet-subscriptions.opml');
    const text = await readFile(await file.path(), 'utf8');
    // Well-formed XML, checked by the browser's own parser.
    const parsed = await app.page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return [...doc.querySelectorAll('outline[xmlUrl]')].map((o) => o.getAttribute('xmlUrl'));
    }, text);
    expect(parsed).not.toBeNull();
    expect(parsed).toEqual(
      expect.arrayContaining([
        `${feedsUrl}/feeds/rss.xml`,
        `${feedsUrl}/feeds/atom.xml`,
        `${feedsUrl}/feeds/feed.json`,
        `${feedsUrl}/feeds/podcast.xml`,
      ]),
    );
    expect(text).toContain('Imported &amp; Co');
    expectNoErrors(app.errors);
  });
});
