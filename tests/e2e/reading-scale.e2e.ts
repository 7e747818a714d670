/**
 * A list of 100k items (20 feeds × 5,000, seeded through the real engine) opens, scrolls to its
 * end and back, and jumps to the middle, with the right rows rendered at each place.
 * Smoothness is measured by the benchmarks, not asserted here.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { ListScreen, waitFor, waitForValue } from './pages';
import { realErrors, setSettings } from './readingSeed';
import { seedApp } from './seed';

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
