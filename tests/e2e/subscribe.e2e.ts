import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { AppPage } from './harness';
import { closeStartedApp, launchStartedApp } from './setups';

// Subscribe issue, end to end: discovery with preview, "already subscribed", OPML import with
// progress and summary, OPML export, against the fixture feed server through the real proxy.

let browser: Browser;
let app: AppPage;
const feedsUrl = inject('feedsUrl');
const tid = (id: string) => `[data-testid="${id}"]`;

// Generous: launching Chromium and the engine's first start are slow on a loaded 2-core machine.
beforeAll(async () => ({ browser, app } = await launchStartedApp()), 150_000);
afterAll(() => closeStartedApp({ browser, app }));

async function findFeeds(input: string): Promise<void> {
  const box = app.page.locator(tid('discover-input'));
  await box.fill(input);
  await box.press('Enter');
}

describe('subscribe', () => {
  test('by site URL: every candidate listed, preview, new group, subscribed', async () => {
    await app.goto('/subscribe');
    await findFeeds(`${feedsUrl}/site/`);
    const list = app.page.locator(tid('candidate-list'));
    await list.waitFor();
    const candidates = list.locator('[data-testid^="candidate-"][data-url]');
    expect(await candidates.count()).toBe(2);
    const texts = await candidates.allTextContents();
    expect(texts.join('|')).toContain('Riverbank Notes');
    expect(texts.join('|')).toContain('Workshop Log');
    expect(await list.locator(tid('candidate-format')).allTextContents()).toEqual(
      expect.arrayContaining(['RSS', 'Atom']),
    );
    // Nothing is previewed until one is chosen.
    expect(await app.page.locator(tid('preview')).count()).toBe(0);
    await list.locator(`[data-url="${feedsUrl}/feeds/rss.xml"]`).click();

    const preview = app.page.locator(tid('preview'));
    await preview.waitFor();
    expect(await preview.locator(tid('preview-title')).textContent()).toBe('Riverbank Notes');
    expect(await preview.locator(tid('preview-count')).textContent()).toBe('3 items');
    expect(await preview.locator(tid('preview-items')).textContent()).toContain('Herons at dawn');

    await preview.locator(tid('group-select')).click();
    await app.page.getByRole('option', { name: 'New group…' }).click();
    await preview.locator(tid('new-group-input')).fill('Walks');
    await preview.locator(tid('subscribe-submit')).click();
    const done = app.page.locator(tid('subscribe-done'));
    await done.waitFor();
    expect(await done.textContent()).toContain('Riverbank Notes');

    // The sidebar shows the new group with the feed and its unread count.
    const group = app.page.locator('[data-testid^="group-"]', { hasText: 'Walks' }).first();
    await group.waitFor();
    const feedLink = group.locator('[data-testid^="nav-feed-"]', { hasText: 'Riverbank Notes' });
    await feedLink.waitFor();
    await group.locator('[data-testid$="-count"]').first().waitFor();

    await done.locator(tid('subscribe-open')).click();
    await app.page.waitForURL((u) => /^\/f\/\d+$/.test(u.pathname));
    expect(app.errors).toEqual([]);
  });

  test('subscribing again says so and links the existing feed', async () => {
    await app.goto('/subscribe');
    await findFeeds(`${feedsUrl}/feeds/rss.xml`);
    const already = app.page.locator(tid('already-subscribed'));
    await already.waitFor();
    expect(await app.page.locator(tid('subscribe-submit')).count()).toBe(0);
    await already.locator(tid('already-link')).click();
    await app.page.waitForURL((u) => /^\/f\/\d+$/.test(u.pathname));
    // Still exactly one feed.
    await app.goto('/rss');
    await app.page.locator('[data-testid^="rss-row-"][data-health]').first().waitFor();
    expect(await app.page.locator('[data-testid^="rss-row-"][data-health]').count()).toBe(1);
  });

  test('a page without feeds, and a missing page, show the engine message inline', async () => {
    await app.goto('/subscribe');
    await findFeeds(`${feedsUrl}/status/404`);
    const err = app.page.locator(tid('discover-error'));
    await err.waitFor();
    expect((await err.textContent())?.length).toBeGreaterThan(15);
    // Scheme-less input works too (the fixture host has no scheme typed).
    await findFeeds(`${feedsUrl.replace(/^http:\/\//, '')}/feeds/atom.xml`);
    await app.page.locator(tid('preview')).waitFor();
    expect(await app.page.locator(tid('discover-error')).count()).toBe(0);
    expect(await app.page.locator(tid('preview-title')).textContent()).toBe('Workshop Log');
  });
});

describe('OPML', () => {
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
    await app.goto('/subscribe?tab=opml');
    await app.page.locator(tid('opml-text')).fill(opml);
    await app.page.locator(tid('opml-import-submit')).click();
    const job = app.page.locator(tid('opml-job'));
    await job.waitFor();
    // The progress bar is there from the start (running or, on a fast machine, finished).
    expect(await job.locator(tid('job-bar')).count()).toBe(1);
    const summary = job.locator(tid('job-summary'));
    await summary.waitFor({ timeout: 30_000 });
    expect(await job.locator(tid('job-counts')).textContent()).toMatch(/^5 \/ 5/);
    expect(await summary.locator(tid('summary-added')).textContent()).toBe('3');
    expect(await summary.locator(tid('summary-skipped')).textContent()).toBe('1');
    expect(await summary.locator(tid('summary-failed')).textContent()).toBe('1');
    // The feed that failed is listed with its reason and its fixes (issue #12), not in the summary.
    const failures = await app.page.locator(tid('opml-failures')).textContent();
    expect(failures).toContain('/status/404');
    expect(failures).toMatch(/HTTP 404/);
    // The nested outline became a group, with its feeds in the sidebar.
    await app.page.locator('[data-testid^="nav-group-"]', { hasText: 'Imported & Co' }).waitFor();
    await app.page.locator('[data-testid^="nav-feed-"]', { hasText: 'Podcast' }).first().waitFor();
    expect(app.errors).toEqual([]);
  });

  test('a file that is not OPML says why', async () => {
    await app.goto('/subscribe?tab=opml');
    const chooser = app.page.waitForEvent('filechooser');
    await app.page.locator(tid('opml-file-button')).click();
    await (
      await chooser
    ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
    const err = app.page.locator(tid('opml-error'));
    await err.waitFor();
    expect(await err.textContent()).toContain('not an OPML file');
    expect(await app.page.locator(tid('opml-job')).count()).toBe(0);
  });

  test('export downloads valid OPML with every feed and group, escaped', async () => {
    await app.goto('/rss');
    const download = app.page.waitForEvent('download');
    await app.page.locator(tid('opml-export')).click();
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
    expect(app.errors).toEqual([]);
  });
});
