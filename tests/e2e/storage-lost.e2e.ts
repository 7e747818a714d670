import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
import { screens, waitFor, waitForPath } from './pages';
import { shootSizes } from './shots';
import { seedApp } from './seed';

// A database deleted under the running app (DevTools, "clear site data", eviction): the app
// notices through the browser's own signals, says so, and shows the true state without a
// manual reload. Also: the first subscription asks for persistent storage and says the answer.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const itemsShown = (page: Page): Promise<string> => screens(page).welcome.counted('items');

const shoot = (page: Page, name: string) => shootSizes(page, '/tmp/shots-robust', name);

describe('the database deleted under the running app', () => {
  let app: AppPage;
  const origin = inject('baseUrl');
  beforeAll(async () => {
    app = await openApp(browser);
  });
  afterAll(async () => {
    await app?.context.close();
  });

  /** Seeds 50 articles and waits until Welcome shows them. */
  async function seeded(): Promise<void> {
    await app.goto('/welcome');
    await seedApp(app.page, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 25 });
    expect(await itemsShown(app.page)).toBe('50');
  }

  test.each([
    ['site data cleared (forced close)', 'clear'],
    ['the database deleted (versionchange)', 'delete'],
  ] as const)('%s: the app says so and shows the true state without a manual reload', async (_, how) => {
    const { page } = app;
    const { notices, sidebar } = screens(page);
    await seeded();
    const cdp = await app.context.newCDPSession(page);
    const reloaded = page.waitForEvent('load');
    if (how === 'clear') await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'indexeddb' });
    else await cdp.send('IndexedDB.deleteDatabase', { securityOrigin: origin, databaseName: 'rivulet' });
    await reloaded;
    expect(await notices.text(notices.storageLost, 'the notice that the data was deleted')).toMatch(
      /Rivulet’s data was deleted[\s\S]*started again with what is stored now: 0 articles/,
    );
    // The true state: nothing stored, nothing shown (no stale sidebar counts).
    expect(await itemsShown(page)).toBe('0');
    expect(await sidebar.feedEntries.count()).toBe(0);
    if (how === 'clear') await shoot(page, 'storage-lost-notice');
    await notices.storageLostRestore.click();
    await waitForPath(page, '/download');
    await cdp.detach();
  });

  test('the first subscription asks to keep the data and says what the browser answered', async () => {
    const { page } = app;
    const { subscribe, notices } = screens(page);
    await app.goto('/subscribe');
    await subscribe.subscribe(`${inject('feedsUrl')}/feeds/rss.xml`);
    const notice = notices.persist;
    await waitFor(notice, 'the notice about keeping the data');
    const granted = await notice.getAttribute('data-granted');
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    expect(granted).toBe(String(persisted));
    expect(await notice.innerText()).toMatch(
      persisted ? /Your data is kept/ : /The browser may clear your data[\s\S]*Make backups/,
    );
    await shoot(page, 'persist-notice');
  });
});
