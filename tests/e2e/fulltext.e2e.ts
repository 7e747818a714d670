import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { ListScreen, Palette, ReaderScreen, Sidebar, waitFor, waitForValue } from './pages';
import { engineWorker } from './seed';

// Issue 15, whole articles: a feed that carries one-line summaries; the reader fetches the
// article from the (fixture) site, shows its paragraphs without the page's navigation, ads,
// comments and footer, falls back to the feed's version with a reason for a script-only page,
// and search finds a sentence that only the whole article has.

const feedsUrl = inject('feedsUrl');
let browser: Browser;
let app: AppPage;

const OTTERS = 'How river otters map their streams';
const APP_PAGE = 'Our new interactive flood map';
const ONLY_IN_FULL = 'backwater behind the old mill';
const BOILERPLATE = ['Subscribe now', 'ADVERTISEMENT', 'COMMENT:', 'Trending now', 'FOOTER:'];

beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser);
  await app.goto('/welcome');
  await app.page.evaluate(() =>
    localStorage.setItem('app-settings', JSON.stringify({ general: { hideReadArticles: false } })),
  );
  // Subscribe to the summaries-only feed on the fixture site and fetch it once, through the
  // real engine and companion server.
  const worker = await engineWorker(app.page);
  interface E {
    feeds: { save(f: { url: string; title: string; groupId: number; siteUrl: string }): Promise<number> };
    refresh: { start(s: { scope: 'feed'; id: number; force: boolean }): Promise<string> };
    jobs: { get(id: string): Promise<{ state: string } | null> };
    items: { count(): Promise<number> };
    flushSnapshot(): Promise<boolean>;
  }
  const job = await worker.evaluate(async (url: string) => {
    const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
    const id = await engine.feeds.save({ url, title: 'The Riverbank Journal', groupId: -1, siteUrl: '' });
    return engine.refresh.start({ scope: 'feed', id, force: true });
  }, `${feedsUrl}/feeds/fulltext.xml`);
  await waitForValue('the refresh of the fixture feed to finish', () =>
    worker.evaluate(async (jobId: string) => {
      const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
      const state = (await engine.jobs.get(jobId))?.state;
      return state === 'running' ? undefined : state;
    }, job),
  );
  await worker.evaluate(async () => {
    const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
    if ((await engine.items.count()) !== 2) throw new Error('the fixture feed did not load');
    await engine.flushSnapshot();
  });
  await app.page.reload();
});
afterAll(async () => {
  await app?.context.close();
  await browser?.close();
});

async function openArticle(title: string): Promise<void> {
  await app.goto('/all');
  await new ListScreen(app.page).open(title);
}

describe('whole articles', () => {
  test('d loads the article from the site: its paragraphs, none of the boilerplate, a new reading time', async () => {
    const { page } = app;
    const reader = new ReaderScreen(page);
    await openArticle(OTTERS);
    const body = reader.body;
    expect(await body.textContent()).toContain('Continue reading');
    const minutesBefore = await reader.readingTime.textContent();

    await page.keyboard.press('d');
    await waitFor(reader.fulltextShown, 'the whole article after d');
    const text = (await body.textContent()) ?? '';
    expect(text).toContain('River otters travel the same stretch of water');
    expect(text).toContain(ONLY_IN_FULL);
    expect(text).toContain('Scent marks as signposts');
    for (const junk of BOILERPLATE) expect(text).not.toContain(junk);
    expect(await reader.bodyScripts.count()).toBe(0);
    expect(await reader.readingTime.textContent()).not.toBe(minutesBefore);

    // Back to the feed's version, then to the full one again (cached: no loading line).
    await reader.fulltextShowFeed.click();
    await waitFor(reader.fulltextShown, 'the whole article', { state: 'detached' });
    expect(await body.textContent()).toContain('Continue reading');
    await page.keyboard.press('d');
    await waitFor(reader.fulltextShown, 'the whole article after d again');
    expect(await body.textContent()).toContain(ONLY_IN_FULL);
  });

  test('an article fetched before opens on its full version after a reload', async () => {
    const reader = new ReaderScreen(app.page);
    await app.page.reload();
    await openArticle(OTTERS);
    await waitFor(reader.fulltextShown, 'the stored whole article after a reload');
    expect(await reader.body.textContent()).toContain(ONLY_IN_FULL);
  });

  test('a script-only page shows the feed’s version with the reason, from the More menu too', async () => {
    const reader = new ReaderScreen(app.page);
    await openArticle(APP_PAGE);
    await reader.button('more').click();
    await reader.button('fulltext').click();
    const fallback = reader.fulltextFallback;
    await waitFor(fallback, "the note that the feed's version is shown");
    expect(await fallback.getAttribute('data-reason')).toBe('no_article');
    expect(await fallback.textContent()).toContain(
      'Showing the feed’s version: no article was found on the page',
    );
    expect(await reader.body.textContent()).toContain('Explore the flood map in our app');
    expect(await reader.fulltextRetry.isVisible()).toBe(true);

    // The window narrows to a phone and widens again: the reader is laid out anew each time,
    // and the reason stays (it is not fetched again: the engine cached the failure).
    const wide = app.page.viewportSize() ?? { width: 1280, height: 800 };
    try {
      for (const { width, height } of [{ width: 390, height: 844 }, wide]) {
        await app.page.setViewportSize({ width, height });
        await waitFor(new ListScreen(app.page).laidOut(width < 768), `the list laid out for ${width}px`);
        await waitFor(fallback, `the reason still shown at ${width}px wide`);
        expect(await fallback.getAttribute('data-reason')).toBe('no_article');
        expect(await reader.body.textContent()).toContain('Explore the flood map in our app');
      }
    } finally {
      await app.page.setViewportSize(wide);
    }
  });

  test('search finds a sentence that only the whole article has', async () => {
    const { page } = app;
    const palette = new Palette(page);
    await page.keyboard.press('Escape');
    await new ReaderScreen(page).waitClosed();
    await palette.open('/');
    await page.keyboard.type(ONLY_IN_FULL);
    await palette.waitFresh();
    const hits = palette.results;
    await waitFor(hits.first(), 'a search result');
    expect(await hits.count()).toBe(1);
    expect(await hits.first().textContent()).toContain(OTTERS);
    await page.keyboard.press('Escape');
  });

  test('the feed menu turns "Always load the full article" on', async () => {
    const { page } = app;
    const sidebar = new Sidebar(page);
    await app.goto('/all');
    const feedRow = sidebar.feedRows.first();
    await feedRow.click({ button: 'right' });
    const entry = sidebar.feedMenuItem('fulltext');
    expect(await entry.getAttribute('aria-checked')).toBe('false');
    await entry.click();
    await waitFor(entry, "the feed menu's Always load the full article", { state: 'detached' });
    await feedRow.click({ button: 'right' });
    await waitFor(sidebar.feedMenuItem('fulltext', true), 'Always load the full article checked');
    await page.keyboard.press('Escape');
    expectNoErrors(app.errors);
  });
});
