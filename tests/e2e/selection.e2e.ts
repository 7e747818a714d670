/**
 * The list's selection in the real app: it is kept with its history entry, so a reload, Back and
 * Forward come back to the article that was selected, in view, even one j reached a moment before
 * the list was left; a screen reader is told of it (the rows are a listbox's options, the
 * selected one its active descendant), and closing the reader gives the list the keyboard again.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { pressQuickly, screens, waitFor, waitForPath, waitForValue } from './pages';
import { FLAG_READ } from '../../shared/flags';
import { realErrors, type SeededFeeds, seedFeeds, setSettings, waitForStoredFlag } from './readingSeed';
import { shootSizes } from './shots';

const PHONE = { width: 390, height: 844 };
/** The same phone turned on its side. */
const LANDSCAPE = { width: 844, height: 390 };
let browser: Browser;
let app: AppPage;
let ids: SeededFeeds;

const articles = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `${name} ${i + 1}`, description: `<p>${name}</p>` }));

beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser);
  await app.goto('/welcome');
  ids = await seedFeeds(app.page, [
    { title: 'Daily News', articles: articles('News', 60) },
    { title: 'Side Feed', articles: articles('Side', 5) },
  ]);
  await setSettings(app.page, { general: { defaultView: 'list', hideReadArticles: false, autoRead: false } });
}, 120_000);
afterAll(async () => {
  await app.context.close();
  await browser.close();
});

test('reload, Back and Forward come back to the selected article, in view', async () => {
  const { page } = app;
  const { list, sidebar } = screens(page);
  const news = `/f/${ids.feedIds[0]}`;
  const side = `/f/${ids.feedIds[1]}`;
  await app.goto(news);
  await list.waitForRow('News 1');
  // Far enough down that the list's first screen does not show it.
  for (let i = 0; i < 30; i++) await page.keyboard.press('j');
  await waitFor(list.selected('News 30'), "'News 30' selected after 30 × j");

  await page.reload();
  await waitFor(list.selected('News 30'), "'News 30' selected again after a reload");
  expect(await list.rowInView('News 30')).toBe(true);

  // Another list (a new entry), with its own selection.
  await sidebar.feed(ids.feedIds[1]!).click();
  await waitForPath(page, side);
  await list.waitForRow('Side 1');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await waitFor(list.selected('Side 2'), "'Side 2' selected after j j");

  await page.goBack();
  await waitForPath(page, news);
  await waitFor(list.selected('News 30'), "'News 30' selected after Back");
  expect(await list.rowInView('News 30')).toBe(true);
  // j goes on from there.
  await page.keyboard.press('j');
  await waitFor(list.selected('News 31'), "'News 31' selected after j");

  await page.goForward();
  await waitForPath(page, side);
  await waitFor(list.selected('Side 2'), "'Side 2' selected after Forward");

  // Back once more: the entry kept the selection as it last moved.
  await page.goBack();
  await waitFor(list.selected('News 31'), "'News 31' selected after Back again");
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('j pressed quickly and the list left within the second (another list, Forward, a reload): it comes back to the last step', async () => {
  const { page } = app;
  const { list, sidebar } = screens(page);
  const news = `/f/${ids.feedIds[0]}`;
  const side = `/f/${ids.feedIds[1]}`;
  // A new entry of the list, with no selection kept.
  await app.goto(side);
  await sidebar.feed(ids.feedIds[0]!).click();
  await waitForPath(page, news);
  await list.waitForRow('News 1');
  // j pressed quickly, faster than the entry is written (8 times a second), and another list at
  // once.
  await pressQuickly(page, 'j', 12);
  await sidebar.feed(ids.feedIds[1]!).click();
  await waitForPath(page, side);
  await list.waitForRow('Side 1');
  await page.goBack();
  await waitForPath(page, news);
  await waitFor(list.selected('News 12'), "'News 12' selected after Back");
  // k pressed quickly, and Forward at once (the entry left the other way), then Back again.
  await pressQuickly(page, 'k', 10);
  await page.goForward();
  await waitForPath(page, side);
  await list.waitForRow('Side 1');
  await page.goBack();
  await waitForPath(page, news);
  await waitFor(list.selected('News 2'), "'News 2' selected after Forward and Back");
  // j pressed quickly, and a reload at once: the page writes what waits before it goes.
  await pressQuickly(page, 'j', 12);
  await page.reload();
  await waitFor(list.selected('News 14'), "'News 14' selected after a reload");
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('j and k are announced: the focused listbox names the selected option; clicks still open', async () => {
  const { page } = app;
  const { list, reader } = screens(page);
  // A list the test above did not visit (its entries keep their selections).
  await app.goto('/all');
  await list.waitForRow('News 1');
  expect(await list.listbox.getAttribute('aria-labelledby')).toBeTruthy();
  expect(await list.announced()).toBeNull();
  await page.keyboard.press('j');
  await waitFor(list.selectedOption('News 1'), "the option 'News 1' selected after j");
  await expect.poll(() => list.announced()).toBe('News 1');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect.poll(() => list.announced()).toBe('News 3');
  await page.keyboard.press('k');
  await expect.poll(() => list.announced()).toBe('News 2');
  // The accessibility tree says so too: one option selected, named by its title.
  const tree = await list.listbox.ariaSnapshot();
  expect(tree).toContain('option "News 2" [selected]');
  expect(tree.match(/\[selected\]/g)).toHaveLength(1);
  // A click still opens the article; closed again, j goes on from it and is announced.
  await list.open('News 4');
  await page.keyboard.press('Escape');
  await waitFor(reader.root, 'the reader to close', { state: 'detached' });
  await page.keyboard.press('j');
  await expect.poll(() => list.announced()).toBe('News 5');
  await shootSizes(page, '/tmp/shots-selection', 'announced');
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('closing the reader gives the focus back to the list, on the article just read', async () => {
  const { page } = app;
  const { list, reader } = screens(page);
  // A fresh entry of a list the tests above did not visit.
  await app.goto(`/f/${ids.feedIds[1]}`);
  await list.waitForRow('Side 1');
  // List view, the reader over the list: opened with a click, read on with j after a click in
  // the article (the focus left the list), closed with Esc.
  await list.open('Side 1');
  await reader.body.click();
  await page.keyboard.press('j');
  await reader.waitOpen('Side 2');
  await page.keyboard.press('Escape');
  await reader.waitClosed();
  await expect.poll(() => list.announced()).toBe('Side 2');
  // The close button, from the keyboard's Enter.
  await page.keyboard.press('Enter');
  await reader.waitOpen('Side 2');
  await reader.close();
  await expect.poll(() => list.announced()).toBe('Side 2');
  // The arrows and k go on from there.
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => list.announced()).toBe('Side 3');

  // Two panes: the browser's Back closes the reader.
  await setSettings(page, { general: { defaultView: 'column' } });
  await app.goto(`/f/${ids.feedIds[1]}`);
  await list.open('Side 4');
  await reader.body.click();
  expect(await list.announced()).toBeNull();
  await page.goBack();
  await reader.waitClosed();
  await expect.poll(() => list.announced()).toBe('Side 4');
  // k moves in the list: it opens nothing (it used to open Side 3, as if the reader were coming).
  await page.keyboard.press('k');
  await expect.poll(() => list.announced()).toBe('Side 3');
  expect(new URL(page.url()).pathname).toBe(`/f/${ids.feedIds[1]}`);
  expect(await reader.root.count()).toBe(0);
  await shootSizes(page, '/tmp/shots-selection', 'after-close');
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test("a row's buttons are not in the accessibility tree; its menu opens from the keyboard; clicks still act", async () => {
  const { page } = app;
  const { list, sidebar } = screens(page);
  // A new entry of the list, with no selection kept.
  await app.goto(`/f/${ids.feedIds[0]}`);
  await sidebar.feed(ids.feedIds[1]!).click();
  await list.waitForRow('Side 1');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect.poll(() => list.announced()).toBe('Side 2');
  // Options hold no controls: to a screen reader a row is its title.
  const tree = await list.listbox.ariaSnapshot();
  expect(tree).toContain('option "Side 2" [selected]');
  expect(tree).not.toContain('button');
  // Their actions are the selected row's keys, and its menu (Shift+F10 or the menu key) opens
  // wherever the focus is; closed, it hands the focus back to the list.
  await list.title.click();
  expect(await list.announced()).toBeNull();
  await page.keyboard.press('Shift+F10');
  await waitFor(list.rowMenuFocused, "the selected row's menu after Shift+F10, focused");
  await page.keyboard.press('Escape');
  await waitFor(list.rowMenu, 'the row menu to close', { state: 'hidden' });
  await expect.poll(() => list.announced()).toBe('Side 2');
  // Its entries are reached with the arrows: Open, then Mark as read.
  await page.keyboard.press('Shift+F10');
  await waitFor(list.rowMenuFocused, "the selected row's menu after Shift+F10 again, focused");
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => list.row('Side 2').getAttribute('data-unread')).toBe('false');
  await expect.poll(() => list.announced()).toBe('Side 2');
  // A click (or tap) on a row's button still acts, and the list keeps the focus.
  await list.row('Side 2').hover();
  await list.readToggleOf(list.row('Side 2')).click();
  await expect.poll(() => list.row('Side 2').getAttribute('data-unread')).toBe('true');
  expect(await list.announced()).toBe('Side 2');
  await shootSizes(page, '/tmp/shots-selection', 'row-actions');
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('only unread: a reload after the selected article was read selects the one after it, in view', async () => {
  const { page } = app;
  const { list } = screens(page);
  await setSettings(page, { general: { hideReadArticles: true } });
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForRow('News 1');
  for (let i = 0; i < 25; i++) await page.keyboard.press('j');
  await waitFor(list.selected('News 25'), "'News 25' selected after 25 × j");
  await page.keyboard.press('m');
  await waitFor(list.readRow('News 25'), "'News 25' read after m");
  await waitForStoredFlag(page, ids.itemIds[0]![24]!, FLAG_READ, true, "'News 25' read");
  await page.reload();
  // The read one is gone from the list; its place goes to the one that followed it, not the top.
  await waitFor(list.selected('News 26'), "'News 26' selected after the reload");
  expect(await list.rowInView('News 26')).toBe(true);
  expect(await list.row('News 25').count()).toBe(0);
  await setSettings(page, { general: { hideReadArticles: false } });
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('the reader over the list takes the keyboard: focus moves into it, Tab never walks the rows behind it', async () => {
  const { page } = app;
  const { list, reader } = screens(page);
  await setSettings(page, { general: { defaultView: 'list' } });
  await app.goto(`/f/${ids.feedIds[1]}`);
  await list.waitForRow('Side 1');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await reader.waitOpen('Side 1');
  const where = () => list.focusPlace();
  await expect.poll(where).toBe('reader');
  // Closed: the list is live again and has the keyboard, on the article just read.
  await page.keyboard.press('Escape');
  await reader.waitClosed();
  await expect.poll(() => list.announced()).toBe('Side 1');
  // Open again: Tab walks the reader and the page around the list, never the covered rows.
  await page.keyboard.press('Enter');
  await reader.waitOpen('Side 1');
  await expect.poll(where).toBe('reader');
  const seen = new Set<string>();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    seen.add(await where());
  }
  expect(seen.has('covered')).toBe(false);
  expect(seen.has('reader')).toBe(true);
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('turning the phone keeps the list where it was, and the open article with it', async () => {
  const { page } = app;
  const { list, reader } = screens(page);
  const size = page.viewportSize();
  // The default view: the column view where there is room for it, the list view on a phone;
  // a turn from one to the other mounts a new list.
  await setSettings(page, { general: { defaultView: 'column', hideReadArticles: false, autoRead: false } });
  await page.setViewportSize(PHONE);
  try {
    await app.goto(`/f/${ids.feedIds[0]}`);
    await list.waitForRow('News 1');
    // Down to where 'News 30' is drawn (rows are drawn near the view only), then to its top.
    await waitForValue("'News 30' drawn", async () => {
      await list.scroller.evaluate((el) => el.scrollBy(0, 600));
      return (await list.row('News 30').count()) > 0 ? true : undefined;
    });
    await list.scroller.evaluate((el) => {
      const row = el.querySelector('[aria-label="News 30"]')!;
      el.scrollTop += row.getBoundingClientRect().top - el.getBoundingClientRect().top;
    });
    await waitForValue("'News 30' first in the list", async () =>
      (await list.firstVisibleTitle()) === 'News 30' ? true : undefined,
    );
    for (const turned of [LANDSCAPE, PHONE]) {
      await page.setViewportSize(turned);
      await waitForValue(`'News 30' first in the list at ${turned.width}×${turned.height}`, async () =>
        (await list.firstVisibleTitle()) === 'News 30' ? true : undefined,
      );
    }
    // An article open over the list on the phone stays open beside it in landscape, its row in
    // view; closed there, the list is where it was.
    await list.row('News 33').click();
    await reader.waitOpen('News 33');
    await page.setViewportSize(LANDSCAPE);
    await reader.waitOpen('News 33');
    await waitFor(list.selected('News 33'), "'News 33' selected beside the reader");
    expect(await list.rowInView('News 33')).toBe(true);
    await shootSizes(page, '/tmp/shots-selection', 'turned');
    await page.setViewportSize(LANDSCAPE);
    await reader.button('close').click();
    await reader.waitClosed();
    expect(await list.rowInView('News 33')).toBe(true);
    expectNoErrors(realErrors(app.errors));
  } finally {
    if (size) await page.setViewportSize(size);
    await setSettings(page, { general: { defaultView: 'list' } });
  }
}, 120_000);
