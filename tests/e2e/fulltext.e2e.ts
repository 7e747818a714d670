import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
import { waitForValue } from './pages';
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

const tid = (id: string) => `[data-testid="${id}"]`;
const row = (page: Page, title: string) => page.locator(`${tid('item-row')}[aria-label="${title}"]`);

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
  const { page } = app;
  await app.goto('/all');
  await row(page, title).click();
  await page.locator(`${tid('reader-title')}:has-text("${title}")`).waitFor();
}

describe('whole articles', () => {
  test('d loads the article from the site: its paragraphs, none of the boilerplate, a new reading time', async () => {
    const { page } = app;
    await openArticle(OTTERS);
    const body = page.locator(tid('reader-body'));
    expect(await body.textContent()).toContain('Continue reading');
    const minutesBefore = await page.locator(tid('reader-reading-time')).textContent();

    await page.keyboard.press('d');
    await page.locator(tid('fulltext-shown')).waitFor();
    const text = (await body.textContent()) ?? '';
    expect(text).toContain('River otters travel the same stretch of water');
    expect(text).toContain(ONLY_IN_FULL);
    expect(text).toContain('Scent marks as signposts');
    for (const junk of BOILERPLATE) expect(text).not.toContain(junk);
    expect(await body.locator('script').count()).toBe(0);
    expect(await page.locator(tid('reader-reading-time')).textContent()).not.toBe(minutesBefore);

    // Back to the feed's version, then to the full one again (cached: no loading line).
    await page.locator(tid('fulltext-show-feed')).click();
    await page.locator(tid('fulltext-shown')).waitFor({ state: 'detached' });
    expect(await body.textContent()).toContain('Continue reading');
    await page.keyboard.press('d');
    await page.locator(tid('fulltext-shown')).waitFor();
    expect(await body.textContent()).toContain(ONLY_IN_FULL);
  });

  test('an article fetched before opens on its full version after a reload', async () => {
    const { page } = app;
    await page.reload();
    await openArticle(OTTERS);
    await page.locator(tid('fulltext-shown')).waitFor();
    expect(await page.locator(tid('reader-body')).textContent()).toContain(ONLY_IN_FULL);
  });

  test('a script-only page shows the feed’s version with the reason, from the More menu too', async () => {
    const { page } = app;
    await openArticle(APP_PAGE);
    await page.locator(tid('reader-more')).click();
    await page.locator(tid('reader-fulltext')).click();
    const fallback = page.locator(tid('fulltext-fallback'));
    await fallback.waitFor();
    expect(await fallback.getAttribute('data-reason')).toBe('no_article');
    expect(await fallback.textContent()).toContain(
      'Showing the feed’s version: no article was found on the page',
    );
    expect(await page.locator(tid('reader-body')).textContent()).toContain(
      'Explore the flood map in our app',
    );
    expect(await page.locator(tid('fulltext-retry')).isVisible()).toBe(true);
  });

  test('search finds a sentence that only the whole article has', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.locator(tid('reader')).waitFor({ state: 'detached' });
    await page.keyboard.press('/');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'search-input');
    await page.keyboard.type(ONLY_IN_FULL);
    await page.locator('[data-testid="search-results"][data-fresh="true"]').waitFor();
    const hits = page.locator(tid('search-result'));
    await hits.first().waitFor();
    expect(await hits.count()).toBe(1);
    expect(await hits.first().textContent()).toContain(OTTERS);
    await page.keyboard.press('Escape');
  });

  test('the feed menu turns "Always load the full article" on', async () => {
    const { page } = app;
    await app.goto('/all');
    const feedRow = page.locator('[data-testid^="feed-row-"]').first();
    await feedRow.click({ button: 'right' });
    const entry = page.locator(tid('feed-menu-fulltext'));
    expect(await entry.getAttribute('aria-checked')).toBe('false');
    await entry.click();
    await entry.waitFor({ state: 'detached' });
    await feedRow.click({ button: 'right' });
    await page.locator(`${tid('feed-menu-fulltext')}[aria-checked="true"]`).waitFor();
    await page.keyboard.press('Escape');
    expect(app.errors).toEqual([]);
  });
});
