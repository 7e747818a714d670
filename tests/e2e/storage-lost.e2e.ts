import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
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

const tid = (id: string) => `[data-testid="${id}"]`;

async function itemsShown(page: Page): Promise<string | null> {
  const count = page.locator(`${tid('count-items')}[data-loaded="true"]`);
  await count.waitFor();
  return count.textContent();
}

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
    await seeded();
    const cdp = await app.context.newCDPSession(page);
    const reloaded = page.waitForEvent('load');
    if (how === 'clear') await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'indexeddb' });
    else await cdp.send('IndexedDB.deleteDatabase', { securityOrigin: origin, databaseName: 'rivulet' });
    await reloaded;
    const notice = page.locator(tid('storage-lost-notice'));
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(
      /Rivulet’s data was deleted[\s\S]*started again with what is stored now: 0 articles/,
    );
    // The true state: nothing stored, nothing shown (no stale sidebar counts).
    expect(await itemsShown(page)).toBe('0');
    expect(await page.locator(`${tid('sidebar-feeds')} [data-testid^="feed-"]`).count()).toBe(0);
    if (how === 'clear') await shoot(page, 'storage-lost-notice');
    await notice.locator(tid('storage-lost-restore')).click();
    await page.waitForURL(/\/download$/);
    await cdp.detach();
  });

  test('the first subscription asks to keep the data and says what the browser answered', async () => {
    const { page } = app;
    await app.goto('/subscribe');
    await page.locator(tid('discover-input')).fill(`${inject('feedsUrl')}/feeds/rss.xml`);
    await page.locator(tid('discover-input')).press('Enter');
    await page.locator(tid('preview')).waitFor();
    await page.locator(tid('subscribe-submit')).click();
    await page.locator(tid('subscribe-done')).waitFor();
    const notice = page.locator(tid('persist-notice'));
    await notice.waitFor();
    const granted = await notice.getAttribute('data-granted');
    const persisted = await page.evaluate(() => navigator.storage.persisted());
    expect(granted).toBe(String(persisted));
    expect(await notice.innerText()).toMatch(
      persisted ? /Your data is kept/ : /The browser may clear your data[\s\S]*Make backups/,
    );
    await shoot(page, 'persist-notice');
  });
});
