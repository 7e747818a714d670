/**
 * Every article has an address: opening an article puts it in the URL, reload reopens it in the
 * same list, Back closes it (list scrolled as it was, that row selected), Forward reopens it,
 * j/k in the reader replace the entry, a pasted address works in a new tab, an unknown id shows
 * the list with a note, and nothing of one list (the article read there) leaks into the next.
 * Screenshots of the end states go to /tmp/shots-addr/ with RIVULET_SHOTS=1 (phone and desktop, light and dark).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import {
  holdItems,
  realErrors,
  type SeededFeeds,
  seedFeeds,
  setSettings,
  waitForStoredFlag,
} from './readingSeed';
import { ListScreen, ReaderScreen, Sidebar, waitFor, waitForPath } from './pages';
import { shootSizes } from './shots';

const SHOTS = '/tmp/shots-addr';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const path = (page: Page) => new URL(page.url()).pathname;
const shoot = (page: Page, name: string) => shootSizes(page, SHOTS, name);

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
    const list = new ListScreen(page);
    const reader = new ReaderScreen(page);
    await app.goto(feedPath);
    await list.waitForRow('Alpha 1');
    // Scroll well down the list, then open a row from there.
    await list.scrollToRow('Alpha 30');
    await list.waitScrolledPast(1000);
    const before = await list.scrollTop();
    expect(before).toBeGreaterThan(1000);
    await list.row('Alpha 30').click();
    await waitForPath(page, `${feedPath}/i/${alpha(30)}`);
    expect((await reader.title.textContent())?.trim()).toBe('Alpha 30');

    // Back closes the reader: same list, same scroll, that row selected.
    await page.goBack();
    await waitForPath(page, feedPath);
    await reader.waitClosed();
    expect(await list.scrollTop()).toBe(before);
    expect(await list.row('Alpha 30').getAttribute('data-selected')).toBe('true');
    expect(await list.rowInView('Alpha 30')).toBe(true);

    // Forward reopens it.
    await page.goForward();
    await waitForPath(page, `${feedPath}/i/${alpha(30)}`);
    await reader.waitOpen();
    expect((await reader.title.textContent())?.trim()).toBe('Alpha 30');

    // Reload reopens the same article in the same list; the row is there although it is now
    // read and the list shows only unread articles.
    await page.reload();
    await reader.waitOpen();
    expect(path(page)).toBe(`${feedPath}/i/${alpha(30)}`);
    expect((await reader.title.textContent())?.trim()).toBe('Alpha 30');
    expect((await list.title.textContent())?.trim()).toBe('Alpha Blog');
    await waitFor(list.selected('Alpha 30'), 'the row Alpha 30 selected');
    expect(await list.row('Alpha 30').getAttribute('data-unread')).toBe('false');

    await page.goBack();
    await waitForPath(page, feedPath);
    await reader.waitClosed();
    expect(await list.row('Alpha 30').getAttribute('data-selected')).toBe('true');
    expect(await list.rowInView('Alpha 30')).toBe(true);

    await page.goForward();
    await waitForPath(page, `${feedPath}/i/${alpha(30)}`);
    await reader.waitOpen();

    // j in the reader moves to the next article and replaces the entry: Back is the list.
    await page.keyboard.press('j');
    await waitForPath(page, `${feedPath}/i/${alpha(31)}`);
    await reader.waitOpen('Alpha 31');
    await page.keyboard.press('j');
    await waitForPath(page, `${feedPath}/i/${alpha(32)}`);
    await shoot(page, 'reader-open');
    await page.goBack();
    await waitForPath(page, feedPath);
    await reader.waitClosed();
    expect(await list.row('Alpha 32').getAttribute('data-selected')).toBe('true');
    await shoot(page, 'back-to-list');
    expectNoErrors(realErrors(app.errors));
  });

  test('an open article marked unread by hand stays unread through a reload; opened again, it is read', async () => {
    const { page } = app;
    const list = new ListScreen(page);
    const reader = new ReaderScreen(page);
    const sidebar = new Sidebar(page);
    await app.goto(`${feedPath}/i/${alpha(45)}`);
    await reader.waitOpen('Alpha 45');
    await waitFor(list.rowWhen('Alpha 45', { unread: false }), 'Alpha 45 marked read when opened');
    await page.keyboard.press('m');
    await waitFor(list.rowWhen('Alpha 45', { unread: true }), 'Alpha 45 unread after m');
    await waitForStoredFlag(page, alpha(45), FLAG_READ, false, 'Alpha 45 unread');
    await page.reload();
    await reader.waitOpen('Alpha 45');
    await waitFor(list.selected('Alpha 45'), 'the row Alpha 45 selected after the reload');
    // Opening marks read as the row is selected. The engine answers in order: once a save asked
    // for after the selection shows, a read mark sent with the selection would show too.
    await page.keyboard.press('s');
    await waitFor(list.rowWhen('Alpha 45', { saved: true }), 'Alpha 45 saved');
    // The row shows a change at once; the sidebar's count follows the engine's write.
    await sidebar.waitForCount(sidebar.scope('saved'), '1', 'Saved');
    expect(await list.rowWhen('Alpha 45', { unread: true }).count()).toBe(1);
    // Reading on and coming back is opening it again: then it is marked read.
    await page.keyboard.press('j');
    await reader.waitOpen('Alpha 46');
    await page.keyboard.press('k');
    await reader.waitOpen('Alpha 45');
    await waitFor(list.rowWhen('Alpha 45', { unread: false }), 'Alpha 45 read when opened again');
    // Saved as it was (the next test expects an empty Saved list).
    await page.keyboard.press('s');
    await waitFor(list.rowWhen('Alpha 45', { saved: false }), 'Alpha 45 no longer saved');
    // Stored, not only shown: the next test starts with a page load, which would end a write
    // still on its way (CI once found Alpha 45 still saved there).
    await waitFor(sidebar.count(sidebar.scope('saved')), 'the Saved count to go', { state: 'detached' });
    expectNoErrors(realErrors(app.errors));
  });

  test('Close pops back to the list; changing lists keeps nothing of the last one', async () => {
    const { page } = app;
    const list = new ListScreen(page);
    const reader = new ReaderScreen(page);
    const sidebar = new Sidebar(page);
    const gamma = `/f/${ids.feedIds[2]}`;
    const gammaOne = `${gamma}/i/${ids.itemIds[2]![0]}`;
    await app.goto(gamma);
    await list.row('Gamma one').click();
    await waitForPath(page, gammaOne);
    await reader.button('close').click();
    await waitForPath(page, gamma);
    // Closing popped the entry: Forward reopens the article.
    await page.goForward();
    await waitForPath(page, gammaOne);
    await reader.waitOpen();

    // Changing lists from the sidebar with the reader open: the feed's read article (kept on
    // screen there) belongs neither to Today's unread nor to Saved.
    await sidebar.scope('today').click();
    await waitForPath(page, '/home');
    await reader.waitClosed();
    await list.waitForRow('Gamma two');
    expect(await list.row('Gamma one').count()).toBe(0);
    await sidebar.scope('saved').click();
    await waitFor(list.emptyState, 'the empty Saved list');
    expect(await list.row('Gamma one').count()).toBe(0);
    // Back twice returns to the article in its feed.
    await page.goBack();
    await waitForPath(page, '/home');
    await page.goBack();
    await waitForPath(page, gammaOne);
    expect((await reader.title.textContent())?.trim()).toBe('Gamma one');
    expect((await list.title.textContent())?.trim()).toBe('Gamma Blog');
  });

  test('an address pasted into a new tab opens that article in its list, with the list beneath it for Back', async () => {
    const tab = await app.context.newPage();
    const list = new ListScreen(tab);
    const reader = new ReaderScreen(tab);
    await tab.goto(`${inject('baseUrl')}${feedPath}/i/${alpha(40)}`);
    await reader.waitOpen(undefined, 15_000);
    expect((await reader.title.textContent())?.trim()).toBe('Alpha 40');
    await waitFor(list.selected('Alpha 40'), 'the row Alpha 40 selected');
    expect(await list.rowInView('Alpha 40')).toBe(true);
    // Its list is beneath it: Back (a phone's, an installed app's) shows the list, in the app.
    await tab.goBack();
    await waitForPath(tab, feedPath);
    await reader.waitClosed();
    expect(await list.row('Alpha 40').getAttribute('data-selected')).toBe('true');
    // Forward opens it again, and closing it is Back to that list.
    await tab.goForward();
    await reader.waitOpen(undefined, 15_000);
    await reader.button('close').click();
    await waitForPath(tab, feedPath);
    await reader.waitClosed();
    await tab.close();
  });

  test('an unknown article id shows the list with a clear note', async () => {
    const { page } = app;
    const list = new ListScreen(page);
    await app.goto(`${feedPath}/i/987654321`);
    const note = list.articleMissing;
    await waitFor(note, 'the note on the unknown article');
    expect(await note.textContent()).toContain('There is no article 987654321 here');
    await list.waitForRow();
    expect(await new ReaderScreen(page).root.count()).toBe(0);
    await shoot(page, 'unknown-article');
    await list.articleMissingDismiss.click();
    await waitForPath(page, feedPath);
    await waitFor(note, 'the note on the unknown article', { state: 'detached' });
  });

  test('old ?open= links become article addresses', async () => {
    const { page } = app;
    const reader = new ReaderScreen(page);
    await app.goto(`${feedPath}?open=${alpha(5)}`);
    await reader.waitOpen();
    expect(path(page)).toBe(`${feedPath}/i/${alpha(5)}`);
    expect(new URL(page.url()).search).toBe('');
    expect((await reader.title.textContent())?.trim()).toBe('Alpha 5');
  });

  test('a star made just before a reload is not lost: the next page makes it again', async () => {
    const { page } = app;
    const list = new ListScreen(page);
    const reader = new ReaderScreen(page);
    await app.goto(`${feedPath}/i/${alpha(50)}`);
    await reader.waitOpen('Alpha 50');
    await waitForStoredFlag(page, alpha(50), FLAG_READ, true, 'Alpha 50 read when opened');
    // The engine's write of the star cannot land before the page goes: the page holds the items.
    await holdItems(page);
    await page.keyboard.press('s');
    await waitFor(list.rowWhen('Alpha 50', { saved: true }), 'Alpha 50 starred');
    await page.reload();
    await reader.waitOpen('Alpha 50');
    await waitForStoredFlag(page, alpha(50), FLAG_SAVED, true, 'the star made again after the reload');
    await waitFor(list.rowWhen('Alpha 50', { saved: true }), 'Alpha 50 starred after the reload');
    // As it was (other tests count Saved).
    await page.keyboard.press('s');
    await waitForStoredFlag(page, alpha(50), FLAG_SAVED, false, 'Alpha 50 unstarred');
    expectNoErrors(realErrors(app.errors));
  });
});
