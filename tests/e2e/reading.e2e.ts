/**
 * Reading end to end: every list type, keyboard navigation, the reader, only-unread and
 * autoRead, mark all read (y and n), the row menu, the image preview rules, Markdown, a podcast
 * that plays, and where an article's end leads on. With RIVULET_SHOTS=1 the end of a group's last
 * article is photographed to test-results/reading/.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FeedServer, startFeedServer } from '../fixtures/feedServer';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import {
  realErrors,
  type SeededFeeds,
  seedFeeds,
  setSettings,
  svgPicture,
  tinyWav,
  waitForStoredFlag,
} from './readingSeed';
import { painted, screens, waitFor, waitForPath } from './pages';
import { ReadingUi } from './pages/reading';
import { shootSizes } from './shots';

const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'reading');

let browser: Browser;
let media: FeedServer;

beforeAll(async () => {
  browser = await launchBrowser();
  media = await startFeedServer();
  for (let n = 0; n < 4; n++) {
    const svg = svgPicture(`Photo ${n + 1}`, n * 80);
    media.setRoute(`/img/${n}.svg`, (_q, res) =>
      res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(svg),
    );
  }
  const wav = tinyWav(3);
  media.setRoute('/episode.wav', (_q, res) =>
    res
      .writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.length, 'Accept-Ranges': 'none' })
      .end(wav),
  );
});

afterAll(async () => {
  await media.close();
  await browser.close();
});

async function open(settings: Record<string, unknown> = {}): Promise<{ app: AppPage; ids: SeededFeeds }> {
  const app = await openApp(browser);
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.goto('/welcome');
  const old = Math.floor(Date.now() / 1000) - 3 * 86_400;
  const ids = await seedFeeds(app.page, [
    {
      title: 'Alpha Blog',
      group: 'Tech',
      articles: [
        {
          title: 'Gallery post',
          description: `<p>Intro</p><p><img src="${media.url}/img/0.svg" alt="first"></p><p>${'Text. '.repeat(300)}</p><p><img src="${media.url}/img/1.svg" alt="second"></p><p><img class="noclick" src="${media.url}/img/3.svg" alt="decor"></p><p><img src="${media.url}/img/2.svg" alt="third"></p>`,
        },
        {
          title: 'Markdown post',
          description:
            '<h2>Setup</h2><p>Run <code>npm i</code></p><table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
        },
        ...Array.from({ length: 58 }, (_, i) => ({
          title: `Alpha ${i + 1}`,
          description: `<p>Alpha body ${i + 1}</p>`,
        })),
        { title: 'Old news', description: '<p>old</p>', pubDate: old },
      ],
    },
    {
      title: 'Beta Cast',
      group: 'Tech',
      articles: [
        {
          title: 'Episode one',
          description: '<p>Listen</p>',
          enclosure: { url: `${media.url}/episode.wav`, type: 'audio/wav' },
        },
      ],
    },
    { title: 'Loner', articles: [{ title: 'Ungrouped story', description: '<p>alone</p>' }] },
  ]);
  await setSettings(app.page, { general: { defaultView: 'list', ...settings } });
  return { app, ids };
}

describe('list types', () => {
  let app: AppPage;
  let ids: SeededFeeds;
  beforeAll(async () => {
    ({ app, ids } = await open({ hideReadArticles: false, autoRead: false }));
    await setSettings(app.page, {
      automation: { filters: [{ id: 'f1', name: 'Alpha only', query: "title LIKE 'alpha'" }] },
    });
  });
  afterAll(() => app.context.close());

  test('every type shows its articles under a clear title', async () => {
    const cases: Array<[string, string, string]> = [
      ['/all', 'All articles', 'Gallery post'],
      [`/f/${ids.feedIds[1]}`, 'Beta Cast', 'Episode one'],
      [`/c/${ids.groupIds.Tech}`, 'Tech', 'Gallery post'],
      ['/c/-1', 'Ungrouped', 'Ungrouped story'],
      ['/home', 'Today', 'Gallery post'],
      ['/explore', 'Today', 'Gallery post'],
    ];
    const { list, shell } = screens(app.page);
    for (const [path, title, sample] of cases) {
      await app.goto(path);
      await list.waitForRow(sample);
      expect((await shell.pageTitle.textContent())?.trim()).toBe(title);
    }
    await app.goto('/c/-1');
    await list.waitForRow('Ungrouped story');
    expect(await list.row('Episode one').count()).toBe(0);
    await app.goto('/home');
    await list.waitForRow('Gallery post');
    expect(await list.row('Old news').count()).toBe(0);
  });

  test('saved (next) lists what was saved with s', async () => {
    const { list, reader, shell } = screens(app.page);
    await app.goto('/c/-1');
    await list.row('Ungrouped story').click();
    await reader.waitOpen();
    await app.page.keyboard.press('s');
    await waitFor(reader.pressed('save'), 'the article saved after s');
    await waitForStoredFlag(app.page, ids.itemIds[2]![0]!, FLAG_SAVED, true, "'Ungrouped story' saved");
    await app.goto('/next');
    await list.waitForRow('Ungrouped story');
    expect(await list.rows.count()).toBe(1);
    expect((await shell.pageTitle.textContent())?.trim()).toBe('Saved for later');
  });

  test('a saved filter runs its query', async () => {
    const { list, shell } = screens(app.page);
    const reading = new ReadingUi(app.page);
    await app.goto('/filter/f1');
    // LIKE is a case-insensitive "contains": 'alpha' matches "Alpha 1", never "Episode one".
    await waitFor(reading.rowsStartingWith('Alpha').first(), 'an Alpha row in the saved filter');
    expect(await reading.failure.count()).toBe(0);
    expect((await shell.pageTitle.textContent())?.trim()).toBe('Alpha only');
    expect(await list.row('Episode one').count()).toBe(0);
  });

  test("an article's end leads past its group, or to its feed's next feed with unread", async () => {
    const { reader } = screens(app.page);
    const oldNews = ids.itemIds[0]![60]!;
    // Tech's last article: Tech still has unread articles (its feeds come first in the
    // sidebar), but the way on is what comes after the group, the feed in no group.
    await app.goto(`/c/${ids.groupIds.Tech}/i/${oldNews}`);
    await reader.waitOpen('Old news');
    await waitFor(reader.endNextFeed.filter({ hasText: 'Loner' }), "the way on naming 'Loner'");
    expect(await reader.endNextFeed.textContent()).not.toContain('Alpha Blog');
    await shootSizes(app.page, SHOTS, 'group-end');
    await reader.endNextFeed.click();
    await waitForPath(app.page, `/f/${ids.feedIds[2]}`);
    // A feed's last article: the next feed with unread, in the same group too.
    await app.goto(`/f/${ids.feedIds[0]}/i/${oldNews}`);
    await reader.waitOpen('Old news');
    await waitFor(reader.endNextFeed.filter({ hasText: 'Beta Cast' }), "the way on naming 'Beta Cast'");
    await reader.endNextFeed.click();
    await waitForPath(app.page, `/f/${ids.feedIds[1]}`);
  });

  test('unknown types and ids say so', async () => {
    for (const path of ['/f/99999', '/c/99999', '/filter/nope', '/bogus/1', '/f/abc', '/next/3']) {
      await app.goto(path);
      await waitFor(screens(app.page).shell.notFound, `Not found at ${path}`);
    }
    expectNoErrors(realErrors(app.errors));
  });
});

describe('keyboard and reader', () => {
  let app: AppPage;
  let ids: SeededFeeds;
  beforeAll(async () => {
    ({ app, ids } = await open({ hideReadArticles: false, autoRead: true }));
  });
  afterAll(() => app.context.close());

  test('j/k select, Enter opens, arrows walk articles, m undoes the auto-read, Esc closes', async () => {
    const { page } = app;
    const { list, reader } = screens(page);
    const reading = new ReadingUi(page);
    await app.goto('/all');
    await list.waitForRow();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    const selected = list.selected();
    expect(await selected.getAttribute('aria-label')).toBe(await list.rows.nth(0).getAttribute('aria-label'));
    await page.keyboard.press('j');
    const second = (await list.rows.nth(1).getAttribute('aria-label')) ?? '';
    await page.keyboard.press('Enter');
    const title = reader.title;
    await reader.waitOpen();
    expect((await title.textContent())?.trim()).toBe(second);
    // Opening marked it read (autoRead), m undoes it.
    await waitFor(reader.pressed('read'), 'the article marked read on opening');
    await page.keyboard.press('m');
    await waitFor(reader.pressed('read', false), 'the article unread again after m');
    expect(await list.row(second).getAttribute('data-unread')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await reading.waitReaderLeft(second);
    const third = (await list.rows.nth(2).getAttribute('aria-label')) ?? '';
    expect((await title.textContent())?.trim()).toBe(third);
    await page.keyboard.press('ArrowLeft');
    await reader.waitOpen(second);
    await page.keyboard.press('Escape');
    await reader.waitClosed();
    expect(await list.row(third).getAttribute('data-unread')).toBe('false');
  });

  test('j and k show the next and the previous article at once, with no spinner between', async () => {
    const { page } = app;
    const { list, reader } = screens(page);
    const reading = new ReadingUi(page);
    await app.goto('/all');
    await list.waitForRow();
    await list.rows.nth(3).click();
    await reader.waitOpen();
    // Opening marks it read (autoRead); once that is stored, the articles either side, asked for
    // as it opened, have long been loaded.
    const id = Number(/\/i\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    await waitForStoredFlag(page, id, FLAG_READ, true, 'the opened article read');
    await reader.watchLoading();
    for (const key of ['j', 'k', 'k']) {
      const before = (await reader.title.textContent())?.trim() ?? '';
      await page.keyboard.press(key);
      await reading.waitReaderLeft(before);
      expect(await reader.loadingSeen(), `no spinner in place of the reader after ${key}`).toBe(0);
      const shown = Number(/\/i\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
      await waitForStoredFlag(page, shown, FLAG_READ, true, `the article ${key} opened read`);
    }
  });

  test('Space, Page Down, ↓, Home and End move through a long article; Space at its end opens the next', async () => {
    const { page } = app;
    const { list, reader } = screens(page);
    await app.goto('/all');
    await list.waitForRow();
    await list.row('Gallery post').click();
    await reader.waitOpen('Gallery post');
    const start = await reader.scrollPosition();
    expect(start.max, 'the article is longer than its pane').toBeGreaterThan(200);
    const moved = async (key: string, what: (top: number) => boolean, label: string) => {
      await page.keyboard.press(key);
      await expect
        .poll(async () => what((await reader.scrollPosition()).top), { timeout: 5_000, message: label })
        .toBe(true);
    };
    await moved(' ', (top) => top > 100, 'Space scrolls down a page');
    const afterSpace = (await reader.scrollPosition()).top;
    await moved('ArrowDown', (top) => top > afterSpace, '↓ scrolls down a little');
    await moved('PageUp', (top) => top < afterSpace, 'Page Up scrolls back');
    await moved('Shift+Space', (top) => top === 0, 'Shift+Space scrolls up to the top');
    await moved('End', (top) => top >= start.max - 2, 'End goes to the end of the article');
    await moved('Home', (top) => top === 0, 'Home goes back to its start');
    // To the end by pages; the next Space opens the article after it.
    for (let i = 0; i < 40 && (await reader.scrollPosition()).top < start.max - 2; i++)
      await page.keyboard.press('PageDown');
    expect((await reader.scrollPosition()).top).toBeGreaterThanOrEqual(start.max - 2);
    await reader.waitOpen('Gallery post');
    await page.keyboard.press(' ');
    await new ReadingUi(page).waitReaderLeft('Gallery post');
    // A focused toolbar button keeps its Space: it presses the button, the article stays put.
    await reader.button('save').focus();
    const title = (await reader.title.textContent())?.trim() ?? '';
    await page.keyboard.press(' ');
    await waitFor(reader.pressed('save'), 'the article saved by Space on its Save button');
    expect((await reader.title.textContent())?.trim()).toBe(title);
  });

  test('? lists every shortcut; keys do nothing while typing', async () => {
    const { page } = app;
    const { list, shell } = screens(page);
    const reading = new ReadingUi(page);
    await app.goto('/all');
    await list.waitForRow();
    await page.keyboard.press('?');
    const help = reading.shortcutsHelp;
    await shell.waitForText('Keyboard shortcuts', 'the shortcuts sheet after ?');
    for (const text of [
      'Next item',
      'Mark all as read',
      'Next article',
      'Go to Saved',
      'Undo the last change (mark all read, scroll marking, unsubscribe…)',
      'Search',
      'Subscribe to a feed',
    ])
      // In the sheet: the phone drawer's tool labels (hidden beside a mouse) say 'Search' too.
      await waitFor(reading.shortcutLine(text), `'${text}' in the shortcuts sheet`);
    await page.keyboard.press('Escape');
    await waitFor(help, 'the shortcuts sheet', { state: 'hidden' });
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'typing-probe';
      document.body.append(input);
      input.focus();
    });
    await page.keyboard.press('j');
    await page.keyboard.press('v');
    expect(await list.selected().count()).toBe(0);
    expect(await list.view.getAttribute('data-view')).toBe('list');
    await page.evaluate(() => document.getElementById('typing-probe')?.remove());
  });

  test('a podcast plays from the reader', async () => {
    const { page } = app;
    const { list, player } = screens(page);
    const reading = new ReadingUi(page);
    await app.goto(`/f/${ids.feedIds[1]}`);
    await list.row('Episode one').click();
    // The reader's Play hands the episode to the app's one player (tests/e2e/player.e2e.ts).
    await player.play.click();
    const audio = reading.audio;
    await waitFor(audio, 'the audio element after Play', { state: 'attached' });
    expect(await audio.getAttribute('src')).toBe(`${media.url}/episode.wav`);
    await reading.waitAudioPast(0.3);
    await reading.miniPlayerClose.click();
    expectNoErrors(realErrors(app.errors));
  });

  test('Markdown view shows and copies the article as Markdown', async () => {
    const { page } = app;
    const { list, reader, shell } = screens(page);
    const reading = new ReadingUi(page);
    await app.goto('/all');
    await list.row('Markdown post').click();
    // Markdown lives in the toolbar's More menu.
    await reader.button('more').click();
    await reading.markdownToggle.click();
    const md = reading.markdown;
    await waitFor(md, 'the Markdown view');
    const text = (await md.textContent()) ?? '';
    expect(text).toContain('# Markdown post');
    expect(text).toContain('## Setup');
    expect(text).toContain('`npm i`');
    expect(text).toMatch(/\| a +\| b +\|/);
    await reader.button('more').click();
    await reading.copyMarkdown.click();
    await shell.waitForText('Markdown copied', 'the note that the Markdown was copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    expectNoErrors(realErrors(app.errors));
  });
});

describe('only unread, autoRead, mark all read, row menu', () => {
  let app: AppPage;
  let ids: SeededFeeds;
  beforeAll(async () => {
    ({ app, ids } = await open({ hideReadArticles: true, autoRead: true }));
  });
  afterAll(() => app.context.close());

  test('items read during the visit stay until the list is reloaded', async () => {
    const { page } = app;
    const { list, reader } = screens(page);
    await app.goto(`/f/${ids.feedIds[0]}`);
    await list.row('Alpha 1').click();
    await waitFor(reader.pressed('read'), 'the article marked read on opening');
    await page.keyboard.press('Escape');
    expect(await list.row('Alpha 1').getAttribute('data-unread')).toBe('false');
    await list.waitForUnread('60 unread');
    await page.reload();
    await list.waitForRow('Alpha 2');
    expect(await list.row('Alpha 1').count()).toBe(0);
  });

  test('scroll marking (when on) marks rows scrolled past the top, not everything loaded', async () => {
    const { page } = app;
    const { list: listScreen } = screens(page);
    const reading = new ReadingUi(page);
    // Off by default (see undo.e2e.ts); this test turns it on.
    await setSettings(page, { general: { markReadOnScroll: true } });
    await app.goto(`/f/${ids.feedIds[0]}`);
    await listScreen.waitForRow('Gallery post');
    const counter = listScreen.unread;
    await listScreen.waitForUnread('unread');
    // "58 unread of 62": the first number is the unread count.
    const unreadNow = async () => Number(/\d+/.exec((await counter.textContent()) ?? '')?.[0] ?? NaN);
    const start = await unreadNow();
    const list = listScreen.scroller;
    await list.evaluate((el) => el.scrollBy(0, 700));
    // The list has drawn the rows at its new position (they were seen) before they move past.
    await reading.waitRowsDrawnAtTop('the list to draw the rows 700 px down');
    await painted(page);
    await list.evaluate((el) => el.scrollBy(0, 10));
    // The batch is debounced; then the first rows are read, later loaded ones untouched.
    await reading.waitRowReadOrGone('Gallery post');
    await listScreen.waitForUnreadNot(`${start} unread`);
    const unread = await unreadNow();
    // A handful of rows were scrolled past; the other loaded rows (50 per page) stay unread.
    expect(unread).toBeLessThan(start);
    expect(unread).toBeGreaterThan(start - 20);
    await list.evaluate((el) => el.scrollTo(0, 0));
    expect(await listScreen.row('Gallery post').getAttribute('data-unread')).toBe('false');
  });

  test('the row menu marks everything above as read', async () => {
    const { page } = app;
    const { list } = screens(page);
    const reading = new ReadingUi(page);
    await setSettings(page, { general: { autoRead: false, markReadOnScroll: false } });
    await app.goto(`/f/${ids.feedIds[0]}`);
    const target = list.rows.nth(3);
    const label = (await target.getAttribute('aria-label')) ?? '';
    await target.click({ button: 'right' });
    await reading.menuMarkAbove.click();
    await reading.waitFirstRowsRead(3);
    expect(await list.row(label).getAttribute('data-unread')).toBe('true');
    await list.row(label).hover();
    await reading.rowMenuButton(list.row(label)).click();
    await reading.menuRead.click();
    await reading.waitRowRead(label);
  });

  test('mark all read asks first, naming the count: n keeps everything, y marks; nothing that old says so', async () => {
    const { page } = app;
    const { list, confirm, shell } = screens(page);
    const reading = new ReadingUi(page);
    await app.goto(`/f/${ids.feedIds[0]}`);
    await list.waitForRow();
    const before = await list.unread.textContent();
    // The keyboard path: Shift+A opens the menu with focus on its first option, arrows move between
    // options, Enter takes the focused one; the confirmation names the count and answers to y and n.
    const confirmText = () => confirm.message.textContent();
    await page.keyboard.press('A');
    await waitFor(reading.markAllMenu, 'the Mark all read menu after Shift+A');
    await page.keyboard.press('Enter');
    await confirm.waitOpen();
    expect(await confirmText()).toMatch(/^This marks the \d+ unread articles? in this list as read\.$/);
    await page.keyboard.press('n');
    await confirm.waitClosed();
    expect(await list.unread.textContent()).toBe(before);
    await expect.poll(() => list.focusPlace(), { timeout: 5000 }).toBe('covered');
    // Older than a week (the third option, by its digit): "Old news" is three days old, so nothing
    // is; that is said, and nothing asks.
    await page.keyboard.press('A');
    await waitFor(reading.focusedChoice('all'), 'focus on the first Mark all read choice');
    await page.keyboard.press('3');
    await waitFor(
      shell.text('Nothing to mark: no unread articles are older than a week.'),
      'the note that nothing is older than a week',
    );
    expect(await confirm.root.count()).toBe(0);
    expect(await list.unread.textContent()).toBe(before);
    // Older than a day (the second option, by the arrows): only "Old news".
    await page.keyboard.press('A');
    await waitFor(reading.focusedChoice('all'), 'focus on the first Mark all read choice');
    await page.keyboard.press('ArrowDown');
    await waitFor(reading.focusedChoice('day'), 'focus on "older than a day"');
    await page.keyboard.press('Enter');
    await confirm.waitOpen();
    expect(await confirmText()).toBe('This marks 1 unread article older than a day as read.');
    await page.keyboard.press('y');
    await confirm.waitClosed();
    await reading.waitRowGone('Old news');
    // The keyboard stays in the list (not dropped on the page's body with the menu that held it).
    await expect.poll(() => list.focusPlace(), { timeout: 5000 }).toBe('covered');
    // The mouse path still works too.
    await list.markAll('all');
    await confirm.waitOpen();
    await page.keyboard.press('y');
    await waitFor(reading.allRead, 'the note that everything is read');
    await list.waitForUnread('0 unread');
    // "Next feed with unread" leads to another feed.
    await reading.nextFeed.click();
    await reading.waitForOtherFeed(`/f/${ids.feedIds[0]}`);
    await list.waitForRow();
    expectNoErrors(realErrors(app.errors));
  });
});

describe('image preview', () => {
  test('follows every rule, from a tap in the first second; Back closes it and leaves the article open', async () => {
    const { app } = await open({ hideReadArticles: false, autoRead: false });
    const { page } = app;
    const { list, reader } = screens(page);
    const reading = new ReadingUi(page);
    // The test holds the page's clock: the tap below comes before the page's first second is
    // over (the preview's listener was attached only then, and such a tap did nothing).
    await page.clock.install();
    await app.goto('/all');
    await list.row('Gallery post').click();
    await waitFor(reading.bodyImages.first(), "the article's first picture");
    const counter = reading.previewCounter;
    const current = () => reading.previewShowing();
    const previewOpen = () => waitFor(counter, 'the image preview');

    await reading.bodyImage('second').click();
    await page.clock.runFor(150);
    await previewOpen();
    expect((await counter.textContent())?.replace(/\s/g, '')).toBe('2/3');
    // A history entry of its own: Back closes the preview, not the article; Forward opens it again.
    const articlePath = new URL(page.url()).pathname;
    await page.goBack();
    await reading.waitPreviewClosed();
    expect(new URL(page.url()).pathname).toBe(articlePath);
    expect(await reader.root.count()).toBe(1);
    await page.goForward();
    await previewOpen();
    expect(await current()).toBe('second');
    await page.keyboard.press('ArrowRight');
    expect(await current()).toBe('third');
    await page.keyboard.press('ArrowRight');
    expect(await current()).toBe('first');
    await page.keyboard.press('ArrowLeft');
    expect(await current()).toBe('third');
    // The arrow is also a button (a click during the modal's transition can land on the stage).
    await reading.previewPart('prev').dispatchEvent('click');
    expect(await current()).toBe('second');
    await reading.previewPart('thumbs-toggle').click();
    const thumbs = reading.previewThumbs;
    expect(await thumbs.count()).toBe(3);
    await thumbs.nth(0).click();
    expect(await current()).toBe('first');
    // The reader stayed open underneath: arrows moved images, not articles.
    expect((await reader.title.textContent())?.trim()).toBe('Gallery post');
    await page.keyboard.press('Escape');
    await reading.waitPreviewClosed();
    expect(await reader.root.count()).toBe(1);

    // View in article: closes and scrolls the image into view.
    await reading.bodyImage('third').click();
    await previewOpen();
    await reading.previewPart('view-in-article').click();
    await reading.waitPreviewClosed();
    await reading.waitImageInView('third');

    // noclick images never open it; the close button clears the state.
    await reading.bodyImage('decor').click({ force: true });
    // Past the preview's 100 ms debounce (the clock is the test's), and drawn.
    await page.clock.runFor(300);
    await painted(page);
    expect(await reading.preview.count()).toBe(0);
    await reading.bodyImage('first').click();
    await previewOpen();
    await reading.previewPart('close').click();
    await reading.waitPreviewClosed();
    await reading.bodyImage('third').click();
    await previewOpen();
    expect((await counter.textContent())?.replace(/\s/g, '')).toBe('3/3');
    await page.keyboard.press('Escape');
    expectNoErrors(realErrors(app.errors));
    await app.context.close();
  });
});
