/**
 * Marking read without losing anything: a fast scroll with default settings marks nothing;
 * mark all read, then Undo, gives every article its own flags back and the sidebar its counts;
 * with scroll marking on, a burst of scrolling is one change that `z` takes back, marks still
 * batched when it is pressed included; and `z` pressed before the engine has answered a change
 * takes back that change, not the one before; and `z` after a reload still takes back the last
 * change.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { ReadingUi } from './pages/reading';
import { realErrors, type SeededFeeds, seedFeeds, setSettings } from './readingSeed';
import { engineWorker } from './seed';
import { shot } from './shots';

let browser: Browser;
let app: AppPage;
let ids: SeededFeeds;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());
afterEach(() => app.context.close());

const READ = ['News 3', 'News 7', 'News 20'];

async function open(
  general: Record<string, unknown>,
  viewport?: { width: number; height: number },
): Promise<void> {
  app = await openApp(browser, viewport ? { viewport } : {});
  await app.goto('/welcome');
  ids = await seedFeeds(
    app.page,
    [
      {
        title: 'Daily News',
        group: 'Press',
        articles: Array.from({ length: 80 }, (_, i) => ({ title: `News ${i + 1}`, description: '<p>x</p>' })),
      },
      { title: 'Side Feed', articles: [{ title: 'Side story', description: '<p>y</p>' }] },
    ],
    { readTitles: READ },
  );
  await setSettings(app.page, { general: { defaultView: 'list', ...general } });
  // News 5 and News 20 are saved (one unread, one read), so Undo must keep both bits apart.
  await engineCall(app.page, 'state.markSaved', [ids.itemIds[0]![4], ids.itemIds[0]![19]], true);
}

/** Calls an engine method in the page's worker (dotted path) and returns its answer. */
async function engineCall(page: Page, path: string, ...args: unknown[]): Promise<unknown> {
  const worker = await engineWorker(page);
  return worker.evaluate(
    async ({ path, args }) => {
      let target: unknown = (self as unknown as { __rivuletEngine: unknown }).__rivuletEngine;
      let owner: unknown = null;
      for (const part of path.split('.')) {
        owner = target;
        target = (target as Record<string, unknown>)[part];
      }
      return (target as (...a: unknown[]) => Promise<unknown>).apply(owner, args);
    },
    { path, args },
  );
}

/** Flags of every seeded article, by id. */
async function allFlags(page: Page): Promise<Record<number, number>> {
  const rows = (await engineCall(page, 'items.byIds', ids.itemIds.flat())) as { id: number; flags: number }[];
  return Object.fromEntries(rows.map((r) => [r.id, r.flags]));
}

/** The unread count beside the sidebar's All link. */
const allCount = (page: Page) => {
  const { sidebar } = screens(page);
  return sidebar.count(sidebar.scope('all'));
};
/** Waits until the sidebar's All count reads `n`. */
const waitForAll = (page: Page, n: number) => {
  const { sidebar } = screens(page);
  return sidebar.waitForCount(sidebar.scope('all'), String(n), 'the All link');
};

async function counts(page: Page): Promise<string[]> {
  const { sidebar } = screens(page);
  return Promise.all(
    [
      sidebar.feed(ids.feedIds[0]!),
      sidebar.feed(ids.feedIds[1]!),
      sidebar.scope('all'),
      sidebar.group(ids.groupIds.Press!),
    ].map(async (link) => {
      const count = sidebar.count(link);
      return (await count.count()) ? ((await count.textContent()) ?? '') : '';
    }),
  );
}

/** Scrolls the list down `steps` times 400 px (by default to its end), as a quick flick of the wheel does. */
async function scrollThrough(page: Page, steps = 12): Promise<void> {
  const { list } = screens(page);
  for (let i = 0; i < steps; i++) {
    await list.scroller.evaluate((el) => el.scrollBy(0, 400));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  }
}

test('with default settings a fast scroll marks nothing read', async () => {
  await open({ hideReadArticles: false });
  const { page } = app;
  const { list, sidebar, undo } = screens(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  const before = await allFlags(page);
  await list.waitForUnread('77 unread');
  await scrollThrough(page);
  await list.waitForRow('News 60');
  // Leaving the list (in the app, no reload) sends any batch still waiting: the list flushes on
  // unmount. Then one article is marked read by hand: once its change is counted, an earlier
  // batch would be too.
  await sidebar.feed(ids.feedIds[1]!).click();
  await list.readToggle('Side story').click();
  await waitFor(allCount(page).filter({ hasNotText: /^78$/ }), 'the All count to change from 78');
  expect(await allCount(page).textContent()).toBe('77');
  const after = await allFlags(page);
  const side = ids.itemIds[1]![0]!;
  expect({ ...after, [side]: before[side] }).toEqual(before);
  expect(await undo.root.count()).toBe(0);
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('mark all read, then Undo, restores every article and the sidebar counts exactly', async () => {
  await open({});
  const { page } = app;
  const { list, confirm, undo } = screens(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForUnread('77 unread');
  await waitForAll(page, 78);
  const flagsBefore = await allFlags(page);
  const countsBefore = await counts(page);
  expect(countsBefore).toEqual(['77', '1', '78', '77']);

  await list.markAll('all');
  await confirm.ok();
  await undo.waitFor('77 articles marked as read.');
  await waitForAll(page, 1);
  expect(Object.values(await allFlags(page)).filter((f) => (f & 1) === 0)).toHaveLength(1);

  await undo.button.click();
  await undo.waitUndone(/Undone: 77 articles are unread again\./);
  await waitForAll(page, 78);
  expect(await counts(page)).toEqual(countsBefore);
  expect(await allFlags(page)).toEqual(flagsBefore);
  // The list, emptied by the change ("only unread"), shows its articles again.
  await list.waitForRow('News 1');
  await list.waitForUnread('77 unread');
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('mark a feed read, reload the page, and z still takes it back', async () => {
  await open({});
  const { page } = app;
  const { list, confirm, undo } = screens(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForUnread('77 unread');
  await waitForAll(page, 78);
  const flagsBefore = await allFlags(page);
  const countsBefore = await counts(page);
  await list.markAll('all');
  await confirm.ok();
  await undo.waitFor('77 articles marked as read.');
  await waitForAll(page, 1);
  // The page's memory goes; the tab's sessionStorage keeps the change.
  await page.reload();
  await waitForAll(page, 1);
  expect(await undo.root.count()).toBe(0);
  await page.keyboard.press('z');
  await undo.waitUndone(/Undone: 77 articles are unread again\./);
  await waitForAll(page, 78);
  expect(await allFlags(page)).toEqual(flagsBefore);
  expect(await counts(page)).toEqual(countsBefore);
  await list.waitForUnread('77 unread');
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('with scroll marking on, a burst of scrolling is one change and z takes it back', async () => {
  await open({ hideReadArticles: false, markReadOnScroll: true });
  const { page } = app;
  const { list, undo } = screens(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForUnread('77 unread');
  const flagsBefore = await allFlags(page);
  await scrollThrough(page);
  await undo.waitFor('marked as read while scrolling');
  await list.waitForUnreadNot('77 unread');
  expect(await undo.root.count()).toBe(1);
  const scrolled = await list.scroller.evaluate((el) => el.scrollTop);
  expect(scrolled).toBeGreaterThan(1000);
  await page.keyboard.press('z');
  await undo.waitUndone(/^Undone: \d+ articles are unread again\.$/);
  await list.waitForUnread('77 unread');
  expect(await allFlags(page)).toEqual(flagsBefore);
  // The list keeps its place: the undo refetches in place instead of starting from the top.
  expect(await list.scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(scrolled - 400);
  expectNoErrors(realErrors(app.errors));
}, 120_000);

/** Waits until no article's flags have changed for over a second; returns them. */
async function settledFlags(page: Page): Promise<Record<number, number>> {
  let last = '';
  let since = Date.now();
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await allFlags(page));
        if (now !== last) [last, since] = [now, Date.now()];
        return Date.now() - since;
      },
      { timeout: 20_000, message: 'the marks to settle' },
    )
    .toBeGreaterThan(1000);
  return JSON.parse(last) as Record<number, number>;
}

test('z pressed while scroll marks still wait for their pause takes those back too', async () => {
  await open({ hideReadArticles: false, markReadOnScroll: true });
  const { page } = app;
  const { list, undo } = screens(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForUnread('77 unread');
  const flagsBefore = await allFlags(page);
  // A first stretch: its marks are sent and recorded (the notice offers them).
  await scrollThrough(page, 3);
  await undo.waitFor('marked as read while scrolling');
  // A second stretch, and z at once: its marks are still batched, waiting for a pause. They
  // used to be sent after the undo, as a change of their own, and stayed read.
  await scrollThrough(page, 9);
  await page.keyboard.press('z');
  await undo.waitUndone(/^Undone: \d+ articles are unread again\.$/);
  expect(await settledFlags(page)).toEqual(flagsBefore);
  await list.waitForUnread('77 unread');
  expectNoErrors(realErrors(app.errors));
}, 120_000);

/** Keeps the engine worker's thread busy for `ms` from now: calls made meanwhile answer after. */
async function holdEngine(page: Page, ms: number): Promise<void> {
  const worker = await engineWorker(page);
  await worker.evaluate((ms) => {
    setTimeout(() => {
      const end = Date.now() + ms;
      while (Date.now() < end);
    }, 0);
  }, ms);
}

test('z pressed before the engine has answered a Mark above takes that back, not the change before', async () => {
  await open({ hideReadArticles: false, autoRead: false });
  const { page } = app;
  const { list, undo } = screens(page);
  const reading = new ReadingUi(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForUnread('77 unread');
  // A first change: the unread articles above News 5 (News 1, 2 and 4) marked read.
  await list.row('News 5').click({ button: 'right' });
  await reading.menuMarkAbove.click();
  await undo.waitFor('3 articles marked as read.');
  const afterFirst = await allFlags(page);
  // A second one while the engine is busy, and z at once, before the engine has answered it.
  await list.row('News 12').click({ button: 'right' });
  await holdEngine(page, 1500);
  await reading.menuMarkAbove.click();
  await page.keyboard.press('z');
  // The change undone is the one just made (News 5, 6, 8–11), not the first one, which z used to
  // take back while the second stayed.
  await undo.waitUndone('Undone: 6 articles are unread again.');
  expect(await settledFlags(page)).toEqual(afterFirst);
  expectNoErrors(realErrors(app.errors));
}, 120_000);

test('on a phone the Undo notice sits above the bottom bar, where it can be tapped', async () => {
  await open({}, { width: 390, height: 844 });
  const { page } = app;
  const { list, confirm, undo, shell } = screens(page);
  await app.goto(`/f/${ids.feedIds[0]}`);
  await list.waitForUnread('77 unread');
  await list.markAll('all');
  await confirm.ok();
  const notice = undo.root;
  await undo.waitFor('77 articles marked as read.');
  // Toasts are portalled outside the app shell; the bar's height must still reach them.
  await expect
    .poll(async () => {
      const n = await notice.boundingBox();
      const bar = await shell.bottomBar.boundingBox();
      return n && bar ? Math.round(bar.y - (n.y + n.height)) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  // …and once it has slid in, it fits the screen's width with its Undo button.
  await expect
    .poll(async () => {
      const button = await undo.button.boundingBox();
      return button ? Math.round(390 - (button.x + button.width)) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  await shot(page, '/tmp/shots-undo/undo-phone.png');
  await undo.undo(/Undone: 77 articles are unread again\./);
  await shot(page, '/tmp/shots-undo/undone-phone.png');
  expectNoErrors(realErrors(app.errors));
});
