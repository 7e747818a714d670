/**
 * Every article has an address: opening an article puts it in the URL, reload reopens it in the
 * same list, Back closes it (list scrolled as it was, that row selected), Forward reopens it,
 * j/k in the reader replace the entry, a pasted address works in a new tab, an unknown id shows
 * the list with a note, and nothing of one list (the article read there) leaks into the next.
 * Screenshots of the end states go to /tmp/shots-addr/ (phone and desktop, light and dark).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
import { realErrors, type SeededFeeds, seedFeeds, setSettings } from './readingSeed';

const SHOTS = '/tmp/shots-addr';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser.close());

const tid = (id: string) => `[data-testid="${id}"]`;
const row = (page: Page, title: string) => page.locator(`${tid('item-row')}[aria-label="${title}"]`);
const path = (page: Page) => new URL(page.url()).pathname;
const readerTitle = (page: Page) => page.locator(tid('reader-title'));

async function waitForPath(page: Page, want: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === want, { waitUntil: 'commit' });
}

/** The list scroller's scrollTop. */
const scrollTop = (page: Page) => page.locator(tid('items-list')).evaluate((el) => el.scrollTop);

/** Scrolls the virtual list down until the row exists, then brings it into view. */
async function scrollToRow(page: Page, title: string): Promise<void> {
  const list = page.locator(tid('items-list'));
  for (let i = 0; i < 40 && (await row(page, title).count()) === 0; i++) {
    await list.evaluate((el) => (el.scrollTop += 300));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
  await row(page, title).scrollIntoViewIfNeeded();
}

/** Whether the row lies inside the list's visible box. */
async function rowInView(page: Page, title: string): Promise<boolean> {
  const list = await page.locator(tid('items-list')).boundingBox();
  const box = await row(page, title).boundingBox();
  return !!list && !!box && box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
}

/** Screenshots of the current screen at phone and desktop sizes, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: `${SHOTS}/${name}-${w}-${scheme}.png` });
    }
  }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('article addresses', () => {
  let app: AppPage;
  let ids: SeededFeeds;
  let feedPath: string;
  /** Item id of "Alpha n" (1-based). */
  const alpha = (n: number) => ids.itemIds[0]![n - 1]!;

  beforeAll(async () => {
    app = await openApp(browser);
    await app.goto('/welcome');
    ids = await seedFeeds(app.page, [
      {
        title: 'Alpha Blog',
        group: 'Tech',
        articles: Array.from({ length: 60 }, (_, i) => ({
          title: `Alpha ${i + 1}`,
          description: `<p>Alpha body ${i + 1}. ${'Some words. '.repeat(30)}</p>`,
        })),
      },
      { title: 'Beta Blog', articles: [{ title: 'Beta one', description: '<p>beta</p>' }] },
      {
        title: 'Gamma Blog',
        articles: [
          // Newest of all, so they head Today's list.
          { title: 'Gamma one', description: '<p>gamma 1</p>', pubDate: Math.floor(Date.now() / 1000) - 5 },
          { title: 'Gamma two', description: '<p>gamma 2</p>', pubDate: Math.floor(Date.now() / 1000) - 9 },
        ],
      },
    ]);
    // The defaults a new reader has: only unread, mark read when opened; the list view.
    await setSettings(app.page, { general: { defaultView: 'list' } });
    feedPath = `/f/${ids.feedIds[0]}`;
  });
  afterAll(() => app.context.close());

  test('open → Back keeps the scroll and the row; reload → Back → Forward; j/k replace', async () => {
    const { page } = app;
    await app.goto(feedPath);
    await row(page, 'Alpha 1').waitFor();
    // Scroll well down the list, then open a row from there.
    await scrollToRow(page, 'Alpha 30');
    await page.waitForFunction((s) => (document.querySelector(s)?.scrollTop ?? 0) > 1000, tid('items-list'));
    const before = await scrollTop(page);
    expect(before).toBeGreaterThan(1000);
    await row(page, 'Alpha 30').click();
    await waitForPath(page, `${feedPath}/i/${alpha(30)}`);
    expect((await readerTitle(page).textContent())?.trim()).toBe('Alpha 30');

    // Back closes the reader: same list, same scroll, that row selected.
    await page.goBack();
    await waitForPath(page, feedPath);
    await page.locator(tid('reader')).waitFor({ state: 'detached' });
    expect(await scrollTop(page)).toBe(before);
    expect(await row(page, 'Alpha 30').getAttribute('data-selected')).toBe('true');
    expect(await rowInView(page, 'Alpha 30')).toBe(true);

    // Forward reopens it.
    await page.goForward();
    await waitForPath(page, `${feedPath}/i/${alpha(30)}`);
    await readerTitle(page).waitFor();
    expect((await readerTitle(page).textContent())?.trim()).toBe('Alpha 30');

    // Reload reopens the same article in the same list; the row is there although it is now
    // read and the list shows only unread articles.
    await page.reload();
    await readerTitle(page).waitFor();
    expect(path(page)).toBe(`${feedPath}/i/${alpha(30)}`);
    expect((await readerTitle(page).textContent())?.trim()).toBe('Alpha 30');
    expect((await page.locator(tid('page-title')).textContent())?.trim()).toBe('Alpha Blog');
    await page.locator(`${tid('item-row')}[aria-label="Alpha 30"][data-selected="true"]`).waitFor();
    expect(await row(page, 'Alpha 30').getAttribute('data-unread')).toBe('false');

    await page.goBack();
    await waitForPath(page, feedPath);
    await page.locator(tid('reader')).waitFor({ state: 'detached' });
    expect(await row(page, 'Alpha 30').getAttribute('data-selected')).toBe('true');
    expect(await rowInView(page, 'Alpha 30')).toBe(true);

    await page.goForward();
    await waitForPath(page, `${feedPath}/i/${alpha(30)}`);
    await readerTitle(page).waitFor();

    // j in the reader moves to the next article and replaces the entry: Back is the list.
    await page.keyboard.press('j');
    await waitForPath(page, `${feedPath}/i/${alpha(31)}`);
    await page.waitForFunction(
      (s) => document.querySelector(s)?.textContent?.trim() === 'Alpha 31',
      tid('reader-title'),
    );
    await page.keyboard.press('j');
    await waitForPath(page, `${feedPath}/i/${alpha(32)}`);
    await shoot(page, 'reader-open');
    await page.goBack();
    await waitForPath(page, feedPath);
    await page.locator(tid('reader')).waitFor({ state: 'detached' });
    expect(await row(page, 'Alpha 32').getAttribute('data-selected')).toBe('true');
    await shoot(page, 'back-to-list');
    expect(realErrors(app.errors)).toEqual([]);
  });

  test('Close pops back to the list; changing lists keeps nothing of the last one', async () => {
    const { page } = app;
    const gamma = `/f/${ids.feedIds[2]}`;
    const gammaOne = `${gamma}/i/${ids.itemIds[2]![0]}`;
    await app.goto(gamma);
    await row(page, 'Gamma one').click();
    await waitForPath(page, gammaOne);
    await page.locator(tid('reader-close')).click();
    await waitForPath(page, gamma);
    // Closing popped the entry: Forward reopens the article.
    await page.goForward();
    await waitForPath(page, gammaOne);
    await readerTitle(page).waitFor();

    // Changing lists from the sidebar with the reader open: the feed's read article (kept on
    // screen there) belongs neither to Today's unread nor to Saved.
    await page.locator(tid('nav-today')).click();
    await waitForPath(page, '/home');
    await page.locator(tid('reader')).waitFor({ state: 'detached' });
    await row(page, 'Gamma two').waitFor();
    expect(await row(page, 'Gamma one').count()).toBe(0);
    await page.locator(tid('nav-saved')).click();
    await page
      .locator(`${tid('items-all-read')}, ${tid('items-empty')}, ${tid('saved-empty')}`)
      .first()
      .waitFor();
    expect(await row(page, 'Gamma one').count()).toBe(0);
    // Back twice returns to the article in its feed.
    await page.goBack();
    await waitForPath(page, '/home');
    await page.goBack();
    await waitForPath(page, gammaOne);
    expect((await readerTitle(page).textContent())?.trim()).toBe('Gamma one');
    expect((await page.locator(tid('page-title')).textContent())?.trim()).toBe('Gamma Blog');
  });

  test('an address pasted into a new tab opens that article in its list', async () => {
    const tab = await app.context.newPage();
    await tab.goto(`${inject('baseUrl')}${feedPath}/i/${alpha(40)}`);
    await readerTitle(tab).waitFor({ timeout: 15_000 });
    expect((await readerTitle(tab).textContent())?.trim()).toBe('Alpha 40');
    await tab.locator(`${tid('item-row')}[aria-label="Alpha 40"][data-selected="true"]`).waitFor();
    expect(await rowInView(tab, 'Alpha 40')).toBe(true);
    // Closing a pasted address shows its list (the entry is replaced, nothing to go back to).
    await tab.locator(tid('reader-close')).click();
    await waitForPath(tab, feedPath);
    await tab.locator(tid('reader')).waitFor({ state: 'detached' });
    expect(await row(tab, 'Alpha 40').getAttribute('data-selected')).toBe('true');
    await tab.close();
  });

  test('an unknown article id shows the list with a clear note', async () => {
    const { page } = app;
    await app.goto(`${feedPath}/i/987654321`);
    const note = page.locator(tid('article-missing'));
    await note.waitFor();
    expect(await note.textContent()).toContain('There is no article 987654321 here');
    await page.locator(tid('item-row')).first().waitFor();
    expect(await page.locator(tid('reader')).count()).toBe(0);
    await shoot(page, 'unknown-article');
    await page.locator(tid('article-missing-dismiss')).click();
    await waitForPath(page, feedPath);
    await note.waitFor({ state: 'detached' });
  });

  test('old ?open= links become article addresses', async () => {
    const { page } = app;
    await app.goto(`${feedPath}?open=${alpha(5)}`);
    await readerTitle(page).waitFor();
    expect(path(page)).toBe(`${feedPath}/i/${alpha(5)}`);
    expect(new URL(page.url()).search).toBe('');
    expect((await readerTitle(page).textContent())?.trim()).toBe('Alpha 5');
  });
});
