/**
 * Lists mean what they say: Saved lists every saved article, read or not; a filter lists exactly
 * what its query selects, with the header count, the editor's match line and the rows agreeing;
 * a list hiding read articles says so in its header (both counts) and in its empty state (with
 * a one-click "Show read"); an empty feed whose fetch failed shows the error and Retry, never
 * "all read". Screenshots of the end states go to /tmp/shots-addr/ with RIVULET_SHOTS=1.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { engineWorker } from './seed';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { realErrors, type SeededFeeds, seedFeeds, setSettings, waitForStoredFlag } from './readingSeed';
import { FeedProblem, FilterScreen, ListScreen, ReaderScreen, colorScheme, waitFor } from './pages';
import { shootSizes } from './shots';

const SHOTS = '/tmp/shots-addr';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const text = async (el: Locator) => (await el.textContent())?.trim();
const shoot = (page: Page, name: string) => shootSizes(page, SHOTS, name);

const READ = ['Read one', 'Read two', 'Read three'];

describe('lists mean what they say', () => {
  let app: AppPage;
  let ids: SeededFeeds;

  beforeAll(async () => {
    app = await openApp(browser);
    await app.goto('/welcome');
    ids = await seedFeeds(
      app.page,
      [
        {
          title: 'Mixed Blog',
          articles: [
            ...READ.map((title) => ({ title, description: `<p>${title}</p>` })),
            { title: 'Unread one', description: '<p>u1</p>' },
            { title: 'Unread two', description: '<p>u2</p>' },
          ],
        },
        { title: 'Done Blog', articles: [{ title: 'Finished', description: '<p>done</p>' }] },
      ],
      { readTitles: [...READ, 'Finished'] },
    );
    // The defaults: "Hide read articles" on. A saved filter selecting read articles.
    await setSettings(app.page, {
      general: { defaultView: 'list' },
      automation: { filters: [{ id: 'readones', name: 'Read ones', query: 'isRead = true' }] },
    });
  });
  afterAll(() => app.context.close());

  test('Saved lists a saved article although it is read', async () => {
    const { page } = app;
    const list = new ListScreen(page);
    const reader = new ReaderScreen(page);
    await app.goto(`/f/${ids.feedIds[0]}`);
    // Only-unread applies here, and the header says so with both counts.
    await list.waitForRow('Unread one');
    expect(await text(list.unread)).toBe('2 unread of 5');
    expect(await list.rows.count()).toBe(2);
    // Save "Unread one" from the reader; opening it marks it read.
    await list.open('Unread one');
    await page.keyboard.press('s');
    await waitFor(reader.pressed('save'), 'the article saved after s');
    await waitFor(reader.pressed('read'), 'the opened article marked read');
    const unreadOne = ids.itemIds[0]![READ.length]!;
    await waitForStoredFlag(page, unreadOne, FLAG_SAVED | FLAG_READ, true, "'Unread one' saved and read");
    await app.goto('/saved');
    await list.waitForRow('Unread one');
    expect(await list.row('Unread one').getAttribute('data-unread')).toBe('false');
    expect(await list.rows.count()).toBe(1);
    expect(await text(list.unread)).toBe('1 article · 0 unread');
    expect(await list.allRead.count()).toBe(0);
    await shoot(page, 'saved-read');
    expectNoErrors(realErrors(app.errors));
  });

  test('`isRead = true` lists its articles; header, match line and rows agree', async () => {
    const { page } = app;
    const list = new ListScreen(page);
    const want = READ.length + 2; // the three, "Finished", and "Unread one" read when opened
    await app.goto('/filter/readones');
    await list.waitForRow();
    await list.waitForLoaded(want);
    expect(await text(list.unread)).toBe(`${want} articles`);
    expect(await list.rows.count()).toBe(want);
    for (const title of [...READ, 'Finished']) expect(await list.row(title).count()).toBe(1);

    // The editor: the match line counts what the list below shows.
    await app.goto(`/filter?q=${encodeURIComponent('isRead = true')}&edit=readones`);
    const filter = new FilterScreen(page);
    await filter.waitForTotal(want);
    expect(await text(filter.count)).toBe(`${want} articles match`);
    await list.waitForRow();
    expect(await text(list.unread)).toBe(`${want} articles`);
    expect(await list.rows.count()).toBe(want);
    expect(await filter.resultsEmpty.count()).toBe(0);
    await shoot(page, 'filter-isread');
  });

  test('an all-read list says the setting hides its read articles and shows them in one click', async () => {
    const { page } = app;
    const list = new ListScreen(page);
    await app.goto(`/f/${ids.feedIds[1]}`);
    await waitFor(list.allRead, 'the all-read state of the list');
    expect(await text(list.hiddenRead)).toBe('“Hide read articles” is on: it hides the 1 read article here.');
    expect(await text(list.unread)).toBe('0 unread of 1');
    await shoot(page, 'all-read-hidden');
    await list.showRead.click();
    await list.waitForRow('Finished');
    expect(await text(list.unread)).toBe('1 article · 0 unread');
  });

  test('an empty feed whose fetch failed shows its error and Retry once, in the banner, not "all read"', async () => {
    const { page } = app;
    const url = `${inject('feedsUrl')}/status/500`;
    const worker = await engineWorker(page);
    const feedId = await worker.evaluate(async (u) => {
      const engine = (
        self as unknown as {
          __rivuletEngine: {
            feeds: {
              save(f: { url: string; title: string; groupId: number; siteUrl: string }): Promise<number>;
            };
          };
        }
      ).__rivuletEngine;
      return engine.feeds.save({ url: u, title: 'Broken Blog', groupId: -1, siteUrl: '' });
    }, url);
    await app.goto(`/f/${feedId}`);
    const list = new ListScreen(page);
    const problem = new FeedProblem(page);
    await list.refreshButton.click();
    await waitFor(list.fetchFailed, 'the empty state of the failing feed');
    await problem.waitForReason('500');
    expect(await list.allRead.count()).toBe(0);
    // The error is said once: the empty state below the banner points at it, with no second
    // copy of the reason and no second Retry.
    expect(await text(list.fetchFailed)).not.toContain('500');
    expect(await list.fetchFailedButtons.count()).toBe(0);
    expect(await problem.button('retry').count()).toBe(1);
    await shoot(page, 'fetch-failed');
    // In dark mode the orange banner is a thin tint with orange text, as red ones are, not a
    // solid brown block with near-white text (Mantine's light variant).
    await colorScheme(page, 'dark');
    const paint = await problem.paint();
    await colorScheme(page, 'light');
    expect(paint.fillAlpha).toBeLessThan(0.3);
    const [r, g, b] = paint.title;
    expect(r - b, `the title's colour rgb(${r}, ${g}, ${b}) is orange`).toBeGreaterThan(100);
    // Retry tries again (and fails again, the fixture still answers 500).
    await problem.button('retry').click();
    await waitFor(list.fetchFailed, 'the empty state after Retry');
    await problem.waitForReason('500');
  });
});
