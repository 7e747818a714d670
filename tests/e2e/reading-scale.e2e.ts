/**
 * A list of 100k items (20 feeds × 5,000, seeded through the real engine) opens, scrolls to its
 * end and back, and jumps to the middle, with the right rows rendered at each place; marking all
 * of them read shows its progress, can be stopped part way, and undone.
 * Smoothness is measured by the benchmarks, not asserted here.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { ListScreen, screens, waitFor, waitForValue } from './pages';
import { holdItems, realErrors, releaseItems, setSettings } from './readingSeed';
import { seedApp } from './seed';
import { shootSizes, shotsWanted } from './shots';

let browser: Browser;
let app: AppPage;
let seedMs = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser);
  await app.goto('/welcome');
  const t0 = Date.now();
  const seeded = await seedApp(app.page, { groups: 4, feedsPerGroup: 5, itemsPerFeed: 5000 });
  seedMs = Date.now() - t0;
  console.info(`seeded ${seeded.itemCount} items in ${seedMs} ms`);
  expect(seeded.itemCount).toBe(100_000);
  await setSettings(app.page, { general: { defaultView: 'text', hideReadArticles: false, autoRead: false } });
}, 240_000);

afterAll(async () => {
  await browser.close();
});

const firstTitle = () => new ListScreen(app.page).firstVisibleTitle();

test('100k items: open, scroll to the end and back, jump', async () => {
  const { page } = app;
  const rows = new ListScreen(page);
  const t0 = Date.now();
  await app.goto('/all');
  await rows.waitForRow('Item 1 of feed 1');
  const openMs = Date.now() - t0;
  const list = rows.scroller;
  expect(await list.getAttribute('data-count')).toBe('100000');

  // Jump to the end; the list catches up page by page (placeholders meanwhile).
  const t1 = Date.now();
  const last = rows.row('Item 100000 of feed 20');
  // Each scroll to the bottom asks for the next page; keep going until the last row is there.
  await waitForValue(
    'the last of 100,000 rows after scrolling to the end',
    async () => {
      await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      return (await last.count()) > 0 ? true : undefined;
    },
    { timeout: 60_000, interval: 100 },
  );
  await waitFor(last, 'the last row', { timeout: 5000 });
  const endMs = Date.now() - t1;
  expect(await list.getAttribute('data-loaded')).toBe('100000');
  expect(await rows.rows.count()).toBeLessThan(80);
  await waitFor(rows.end, 'the end of the list');

  // Back to the top.
  await list.evaluate((el) => el.scrollTo(0, 0));
  await rows.waitForRow('Item 1 of feed 1');
  expect(await firstTitle()).toBe('Item 1 of feed 1');

  // Jump to the middle: rows are measured, so find the row there by its index.
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
  // The rows there arrive once their page is loaded: wait until the top row is one of them.
  const middle = await waitForValue('rows in the middle of the list', async () => {
    const t = await firstTitle();
    return Number(/^Item (\d+)/.exec(t ?? '')?.[1]) > 1000 ? t : undefined;
  });
  const n = Number(/^Item (\d+)/.exec(middle ?? '')?.[1]);
  expect(n).toBeGreaterThan(40_000);
  expect(n).toBeLessThan(60_000);
  console.info(`100k: seed ${seedMs} ms, first rows ${openMs} ms, to the end ${endMs} ms`);
  expectNoErrors(realErrors(app.errors));
}, 180_000);

/**
 * "Mark all read" of the 100,000 unread on the all list, confirmed; resolves once its bar is up
 * (more than one transaction's worth: a job from the start) and its first transaction has
 * committed, with the second held back (`holdItems`).
 */
async function markAllHeld() {
  const { page } = app;
  const { list, confirm, refresh } = screens(page);
  await app.goto('/all');
  await list.waitForRow('Item 1 of feed 1');
  await list.waitForUnread(/· 100,000 unread$/);
  await list.markAll('all');
  await confirm.ok();
  await waitFor(refresh.markBar, "the mark's bar");
  await holdItems(page);
}

test('mark all 100,000 read: a bar counts the articles, Stop keeps what was marked, Undo takes it back', async () => {
  const { page } = app;
  const { list, undo, refresh } = screens(page);
  await markAllHeld();
  expect(await refresh.markBar.textContent()).toContain('Marking as read');
  expect(await refresh.markCounts.textContent()).toMatch(/^[\d,]+ \/ 100,000$/);
  expect(await refresh.markStop.textContent()).toBe('Stop');
  await shootSizes(page, 'test-results/shots/mark', 'mark-bar');
  await refresh.markStop.click();
  await releaseItems(page);
  // It stops after the transaction in hand; the notice names what was marked, and Undo offers
  // to take that back.
  const said = await waitForValue('the Undo notice of the stopped mark', async () => {
    const text = (await undo.root.count()) > 0 ? await undo.root.first().textContent() : null;
    return text ? /([\d,]+) articles? marked as read/.exec(text)?.[1] : undefined;
  });
  const marked = Number(said.replace(/,/g, ''));
  expect(marked).toBeGreaterThan(0);
  expect(marked).toBeLessThan(100_000);
  await waitFor(refresh.markBar, "the mark's bar", { state: 'detached' });
  await list.waitForUnread(new RegExp(`· ${(100_000 - marked).toLocaleString('en-US')} unread$`));
  // Stopped means stopped: no record of the rest is left for a start to finish.
  const pending = await page.evaluate(
    () =>
      new Promise<number>((done, failed) => {
        const open = indexedDB.open('rivulet');
        open.onerror = () => failed(new Error('could not open the database'));
        open.onsuccess = () => {
          const db = open.result;
          const range = IDBKeyRange.bound('flagPending:', 'flagPending:\uffff');
          const count = db.transaction('meta').objectStore('meta').count(range);
          count.onsuccess = () => {
            db.close();
            done(count.result);
          };
        };
      }),
  );
  expect(pending).toBe(0);
  await undo.button.click();
  await undo.waitUndone(/Undone: [\d,]+ articles are unread again\./);
  await list.waitForUnread(/· 100,000 unread$/);
  expectNoErrors(realErrors(app.errors));
}, 180_000);

test('a reload in the middle of marking all read: the next page finishes the mark, says so, and Undo takes back all of it', async () => {
  const { page } = app;
  const { list, undo, refresh } = screens(page);
  // The page goes (a phone putting the tab away) while the second transaction is held back.
  await markAllHeld();
  await list.waitForUnreadNot('· 100,000 unread');
  await page.reload();
  await waitFor(
    refresh.markBar.filter({ hasText: 'Marking as read, resumed' }),
    'the bar of the mark the page before left',
  );
  // Held still: the bar counts the whole mark, the first page's part included.
  await holdItems(page);
  expect(await refresh.markCounts.textContent()).toMatch(/^[\d,]+ \/ 100,000$/);
  expect(await refresh.markCounts.textContent()).not.toMatch(/^0 /);
  if (shotsWanted()) await shootSizes(page, 'test-results/shots/mark', 'resumed-bar');
  await releaseItems(page);
  await undo.waitFor('Resumed and finished: 100,000 articles marked as read.');
  await shootSizes(page, 'test-results/shots/mark', 'resumed-notice');
  await waitFor(refresh.markBar, "the mark's bar", { state: 'detached' });
  await list.waitForUnread(/· 0 unread$|^100,000 articles$/);
  await undo.buttonOf('Resumed and finished').click();
  await undo.waitUndone('Undone: 100,000 articles are unread again.');
  await list.waitForUnread(/· 100,000 unread$/);
  expectNoErrors(realErrors(app.errors));
}, 180_000);
