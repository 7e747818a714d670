/**
 * The keyboard scheme and the palette in the real app: g + letter goes to a screen (and `g s`
 * never also saves the selected article), n walks feeds with unread articles in sidebar order,
 * v opens the original, j/k step articles with the reader open, keys pressed over a dialog stay in
 * it, Ctrl+K jumps to a feed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor, waitForPath } from './pages';
import { ReadingUi } from './pages/reading';
import { realErrors, type SeededFeeds, seedFeeds, setSettings } from './readingSeed';
import { runInEngine } from './setups';
import { shootSizes } from './shots';
import { controlsWithin } from './a11y';

let browser: Browser;
let app: AppPage;
let ids: SeededFeeds;

const articles = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `${name} ${i + 1}`, description: `<p>${name}</p>` }));

beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser);
  await app.goto('/welcome');
  // Sidebar order: group "Arts" (Brushes), group "Zoo" (Aardvark Daily, Moose Monthly), then
  // Loner (no group). Seeding order differs on purpose.
  ids = await seedFeeds(app.page, [
    { title: 'Moose Monthly', group: 'Zoo', articles: articles('Moose', 3) },
    { title: 'Loner', articles: articles('Loner', 2) },
    { title: 'Brushes', group: 'Arts', articles: articles('Brush', 2) },
    { title: 'Aardvark Daily', group: 'Zoo', articles: articles('Aardvark', 4) },
  ]);
  await setSettings(app.page, { general: { defaultView: 'list', hideReadArticles: false, autoRead: false } });
}, 120_000);
afterAll(async () => {
  await app.context.close();
  await browser.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

test('g + letter goes to screens; g s does not save the selected article', async () => {
  const { page } = app;
  const { list, sidebar } = screens(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForRow();
  await page.keyboard.press('j');
  await waitFor(list.selected(), 'the row j selected');
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await waitForPath(page, '/next');
  await waitFor(list.view, 'the list of saved articles after g s');
  expect(await sidebar.count(sidebar.scope('saved')).count()).toBe(0);
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await waitForPath(page, '/all');
  await page.keyboard.press('g');
  await page.keyboard.press('f');
  await waitForPath(page, '/rss');
  expectNoErrors(realErrors(app.errors));
});

test('a screen reader hears a row by its title, then whether it is unread or saved, its feed and age', async () => {
  const { page } = app;
  const { list } = screens(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForRow();
  const options = (await controlsWithin(page, 'listbox')).filter((c) => c.role === 'option');
  expect(options.length).toBeGreaterThan(0);
  // Chromium's own computation of the description (aria-description).
  expect(options[0]!.description).toMatch(/^Unread, \S.*, \S/);
  expectNoErrors(realErrors(app.errors));
});

test('n / N walk the feeds with unread articles in the order the sidebar shows', async () => {
  const { page } = app;
  await app.goto('/all');
  await screens(page).list.waitForRow();
  const order = [ids.feedIds[2], ids.feedIds[3], ids.feedIds[0], ids.feedIds[1]];
  const seen: string[] = [];
  for (const key of ['n', 'n', 'n', 'n', 'n', 'N']) {
    const from = path(page);
    await page.keyboard.press(key);
    await expect.poll(() => path(page), { timeout: 15_000 }).not.toBe(from);
    seen.push(path(page));
  }
  expect(seen).toEqual([...order, order[0], order[3]].map((id) => `/f/${id}`));
});

test('v opens the original in a new tab; Shift+V cycles the view; j steps articles in the reader', async () => {
  const { page } = app;
  const { list, reader } = screens(page);
  await app.goto(`/f/${ids.feedIds[3]}`);
  await list.waitForRow();
  await page.keyboard.press('j');
  // The seeded links point nowhere real: answer them here, as the site would.
  await app.context.route('https://seed.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Original</title>' }),
  );
  const popup = app.context.waitForEvent('page');
  await page.keyboard.press('v');
  const tab = await popup;
  expect(tab.url()).toMatch(/^https:\/\/seed\.example\/3\/0/);
  await tab.close();
  expect(await list.view.getAttribute('data-view')).toBe('list');
  await page.keyboard.press('V');
  await waitFor(list.notInView('list'), 'the list in another view after Shift+V');
  await setSettings(page, { general: { defaultView: 'list' } });
  await app.goto(`/f/${ids.feedIds[3]}`);
  await list.row('Aardvark 1').click();
  await waitFor(reader.showing('Aardvark 1'), "the reader showing 'Aardvark 1'");
  await page.keyboard.press('j');
  await waitFor(reader.showing('Aardvark 2'), "the reader showing 'Aardvark 2' after j");
  await page.keyboard.press('k');
  await waitFor(reader.showing('Aardvark 1'), "the reader back on 'Aardvark 1' after k");
});

test('keys pressed over a dialog stay in it: j, s and Esc leave the article under it alone', async () => {
  const { page } = app;
  const { list, reader, settings, sidebar } = screens(page);
  const ui = new ReadingUi(page);
  await setSettings(page, { general: { defaultView: 'list' } });
  await app.goto(`/f/${ids.feedIds[3]}`);
  await list.row('Aardvark 1').click();
  await waitFor(reader.showing('Aardvark 1'), "the reader showing 'Aardvark 1'");
  const address = path(page);
  // The shortcuts sheet: j and s do nothing underneath; Esc closes the sheet only.
  await page.keyboard.press('?');
  await waitFor(ui.shortcutsSheetOpen, 'the shortcuts sheet after ?');
  await ui.waitDialogsShown('the shortcuts sheet to finish appearing');
  await shootSizes(page, '/tmp/shots-keys', 'shortcuts');
  await page.keyboard.press('j');
  await page.keyboard.press('s');
  await page.keyboard.press('Escape');
  await waitFor(ui.shortcutsSheetOpen, 'the sheet to close after Esc', { state: 'detached' });
  expect(path(page)).toBe(address);
  await waitFor(reader.showing('Aardvark 1'), "the reader still on 'Aardvark 1'");
  expect(await sidebar.count(sidebar.scope('saved')).count()).toBe(0);
  // Settings (the , key): the same; then the page's keys work again.
  await page.keyboard.press(',');
  await waitFor(settings.dialog, 'the settings dialog after ,');
  await ui.waitDialogsShown('the settings dialog to finish appearing');
  await page.keyboard.press('j');
  await page.keyboard.press('Escape');
  await waitFor(settings.dialog, 'Settings to close after Esc', { state: 'detached' });
  expect(path(page)).toBe(address);
  await page.keyboard.press('j');
  await waitFor(reader.showing('Aardvark 2'), "the reader showing 'Aardvark 2' after j");
});

test('Ctrl+K finds a feed by name and Enter jumps to it', async () => {
  const { page } = app;
  const { list, palette } = screens(page);
  await app.goto('/all');
  await list.waitForRow();
  await page.keyboard.press('Control+k');
  await palette.search('moose');
  await palette.waitForPlace('feed', 'Moose Monthly');
  await page.keyboard.press('Enter');
  await waitForPath(page, `/f/${ids.feedIds[0]}`);
  await waitFor(list.title.filter({ hasText: 'Moose Monthly' }), "the list heading 'Moose Monthly'");
  // A group too, chosen with the arrow keys.
  await page.keyboard.press('Control+k');
  await palette.search('zoo');
  await palette.waitForPlace('group');
  await page.keyboard.press('Enter');
  await waitForPath(page, `/c/${ids.groupIds.Zoo}`);
  expect(path(page)).toBe(`/c/${ids.groupIds.Zoo}`);
  expectNoErrors(realErrors(app.errors));
});

test('j pressed three times in a row on a slow page steps three articles, k three back', async () => {
  const { page } = app;
  const { list, reader } = screens(page);
  await setSettings(page, { general: { defaultView: 'list' } });
  await app.goto(`/f/${ids.feedIds[3]}`);
  await list.row('Aardvark 1').click();
  await waitFor(reader.showing('Aardvark 1'), "the reader showing 'Aardvark 1'");
  // A page six times slower: each step's address renders in the router's transition, later than
  // the next key press.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    for (let i = 0; i < 3; i++) await page.keyboard.press('j');
    await waitFor(reader.showing('Aardvark 4'), "the reader showing 'Aardvark 4' after j j j");
    for (let i = 0; i < 3; i++) await page.keyboard.press('k');
    await waitFor(reader.showing('Aardvark 1'), "the reader back on 'Aardvark 1' after k k k");
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
});

test('on a slow page j then k at once ends where k asked, Esc before the reader shows closes it, and Back still returns to the list after', async () => {
  const { page } = app;
  const { list, reader } = screens(page);
  await setSettings(page, { general: { defaultView: 'list' } });
  const feedPath = `/f/${ids.feedIds[3]}`;
  await app.goto(feedPath);
  await list.row('Aardvark 1').click();
  await waitFor(reader.showing('Aardvark 1'), "the reader showing 'Aardvark 1'");
  const first = path(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    // k comes before j's address renders: it leads back to the article still on screen.
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await waitForPath(page, first);
    await waitFor(reader.showing('Aardvark 1'), "the reader on 'Aardvark 1' after j k");
    // Back to the list, then Enter and at once Esc: the article on its way is closed.
    await page.keyboard.press('Escape');
    await waitForPath(page, feedPath);
    await waitFor(reader.root, 'the reader closed', { state: 'hidden' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await waitForPath(page, feedPath);
    await waitFor(reader.root, 'the reader closed after Enter Esc', { state: 'hidden' });
    // Nothing is left on its way: Enter opens an article on an entry of its own, so Back returns
    // to the list (it replaced the list's entry, and Back left the feed).
    await page.keyboard.press('Enter');
    await waitFor(reader.root, 'the reader after Enter');
    await page.goBack();
    await waitForPath(page, feedPath);
    await waitFor(reader.root, 'the reader closed by Back', { state: 'hidden' });
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
});

test('Enter then Esc, or Enter then j j, by a quick hand right after the page loads: Back still returns to the list', async () => {
  const { page } = app;
  const { list, reader } = screens(page);
  await setSettings(page, { general: { defaultView: 'list' } });
  const feedPath = `/f/${ids.feedIds[3]}`;
  // A fresh page: the article's route is not loaded yet, so Enter's address reaches the history
  // tens of milliseconds later, after the next key.
  await app.goto('/welcome');
  await app.goto(feedPath);
  await list.waitForRow('Aardvark 1');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await waitFor(reader.root, 'the reader closed after a quick Enter Esc', { state: 'hidden' });
  // Still on the list (Back went past it, to /welcome): Enter opens the article, Back closes it.
  await page.keyboard.press('Enter');
  await waitFor(reader.showing('Aardvark 1'), "the reader on 'Aardvark 1' after Enter");
  await page.goBack();
  await waitForPath(page, feedPath);
  await waitFor(reader.root, 'the reader closed by Back', { state: 'hidden' });

  await app.goto('/welcome');
  await app.goto(feedPath);
  await list.waitForRow('Aardvark 1');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await waitFor(reader.showing('Aardvark 3'), "the reader on 'Aardvark 3' after Enter j j");
  await page.goBack();
  await waitForPath(page, feedPath);
  await waitFor(reader.root, 'the reader closed by Back', { state: 'hidden' });
});

test('Enter on a link reached with the keyboard follows the link, not the selected article', async () => {
  const { page } = app;
  const { list, reader, sidebar } = screens(page);
  const feedPath = `/f/${ids.feedIds[3]}`;
  await app.goto(feedPath);
  await list.waitForRow('Aardvark 1');
  await page.keyboard.press('j');
  // Focus moved by the keyboard (as Tab does): the link is :focus-visible.
  await sidebar.scope('saved').focus();
  await page.keyboard.press('Enter');
  await waitForPath(page, '/next');
  expect(await reader.root.count()).toBe(0);
});

test('m after new articles arrive above the selection marks the article selected, not the one now in its place', async () => {
  const { page } = app;
  const { list } = screens(page);
  await setSettings(page, { general: { defaultView: 'list', hideReadArticles: false } });
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForRow('Moose 1');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const chosen = (await list.selected().getAttribute('aria-label')) ?? '';
  expect(chosen).toMatch(/^Moose /);
  const now = Math.floor(Date.now() / 1000);
  await runInEngine(
    page,
    `(e, a) => e.items.ingest(a.feed, [1, 2].map((k) => ({ guid: 'fresh-' + k, title: 'Fresh ' + k, author: '', description: '<p>x</p>', pubDate: a.now + 60 + k, link: 'https://seed.example/fresh/' + k, enclosure: null })))`,
    { feed: ids.feedIds[0], now },
  );
  await list.waitForRow('Fresh 2');
  await waitFor(list.selected(chosen), `the row '${chosen}' still selected`);
  await page.keyboard.press('m');
  await waitFor(list.readRow(chosen), `'${chosen}' marked read`);
  expect(await list.readRow('Fresh 1').count()).toBe(0);
  expect(await list.readRow('Fresh 2').count()).toBe(0);
});

test('Esc leaves the field a screen focused on arrival, and the keys work again', async () => {
  const { page } = app;
  await app.goto('/filter');
  await page.waitForFunction(
    () =>
      document.activeElement instanceof HTMLTextAreaElement ||
      document.activeElement instanceof HTMLInputElement,
  );
  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await waitForPath(page, '/all');
});

test("a feed's list starts where All's does (no empty banner strip above it)", async () => {
  const { page } = app;
  const { list } = screens(page);
  await app.goto('/all');
  await list.waitForRow('Moose 1');
  const allTop = (await list.rows.first().boundingBox())!.y;
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForRow('Moose 1');
  expect((await list.rows.first().boundingBox())!.y).toBe(allTop);
});

test('text only: the selected row shows its date, a row under the mouse its buttons in the date’s place', async () => {
  const { page } = app;
  const { list } = screens(page);
  await setSettings(page, { general: { defaultView: 'text' } });
  try {
    await app.goto(`/f/${ids.feedIds[0]}`);
    await list.waitForRow('Moose 1');
    await page.mouse.move(1, 1);
    await page.keyboard.press('j');
    const chosen = (await list.selected().getAttribute('aria-label')) ?? '';
    expect(await list.textRowEnd(chosen)).toBe('date');
    await list.row(chosen).hover();
    await expect.poll(() => list.textRowEnd(chosen)).toBe('buttons');
  } finally {
    await setSettings(page, { general: { defaultView: 'list' } });
  }
});
