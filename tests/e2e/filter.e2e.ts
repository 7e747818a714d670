import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
import { seedApp } from './seed';

// Issue 5, /filter: the query editor explains errors, counts live, saves a filter that shows in
// the sidebar with an unread count that falls as articles are read; rename and delete.

let browser: Browser;
let app: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser);
  await app.goto('/welcome');
  // Two feeds of 10 unread items each ("Feed 1", "Feed 2").
  await seedApp(app.page, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 10, readRatio: 0 });
});
afterAll(async () => {
  await app?.context.close();
  await browser?.close();
});

const tid = (id: string) => `[data-testid="${id}"]`;

describe('/filter', () => {
  let filterLink = '';

  test('underlines a syntax error with the message, then counts the fixed query live', async () => {
    const { page } = app;
    await app.goto('/filter');
    const input = page.locator(tid('query-input'));
    await input.fill('feed.title = AND isRead = false');
    const span = page.locator(tid('query-error-span'));
    await span.waitFor();
    expect(await span.textContent()).toBe('AND');
    // The underline is really drawn: a wavy red text decoration on the overlay span.
    const style = await span.evaluate((el) => getComputedStyle(el).textDecorationStyle);
    expect(style).toBe('wavy');
    const message = await page.locator(tid('query-error')).textContent();
    expect(message).toContain('Expected');
    expect(message).toContain("found 'AND'");
    expect(await page.locator(tid('query-expected')).textContent()).toContain('a value');
    expect(await page.locator(tid('query-run')).isDisabled()).toBe(true);

    await input.fill("feed.title = 'Feed 1' AND isRead = false");
    await page.locator(`${tid('query-count')}[data-total="10"]`).waitFor();
    expect(await span.count()).toBe(0);
    expect(await page.locator(tid('query-count')).textContent()).toBe('10 articles match');
  });

  test('runs with Enter, lists the results and remembers the query', async () => {
    const { page } = app;
    await page.locator(tid('query-input')).press('Enter');
    await page.waitForURL(/\/filter\?q=/, { waitUntil: 'commit' });
    await page
      .locator(`${tid('items-view')} ${tid('item-row')}`)
      .first()
      .waitFor();
    const titles = await page
      .locator(`${tid('items-view')} ${tid('item-row')}`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(titles.length).toBe(10);
    expect(titles.every((t) => t.endsWith('of feed 1'))).toBe(true);
    await page.locator(tid('filter-panels-toggle')).click();
    const recent = page.locator(tid('query-history-item')).first();
    await recent.waitFor();
    expect(await recent.textContent()).toBe("feed.title = 'Feed 1' AND isRead = false");
    const stored = await page.evaluate(() => localStorage.getItem('rivulet-query-history'));
    expect(JSON.parse(stored ?? '[]')).toEqual(["feed.title = 'Feed 1' AND isRead = false"]);
  });

  test('saves it as a named filter that appears in the sidebar with its unread count', async () => {
    const { page } = app;
    await page.locator(tid('filter-save')).click();
    await page.locator(tid('filter-name-input')).fill('Feed one');
    await page.locator(tid('filter-name-save')).click();
    const link = page.locator(`${tid('sidebar-filters')} a`, { hasText: 'Feed one' });
    await link.waitFor();
    filterLink = (await link.getAttribute('href')) ?? '';
    expect(filterLink).toMatch(/^\/filter\/f[0-9a-z]+$/);
    const count = link.locator('[data-testid$="-count"]');
    await count.waitFor();
    expect(await count.textContent()).toBe('10');
    // Stored in settings under automation.filters with the documented shape.
    const settings = await page.evaluate(
      () => JSON.parse(localStorage.getItem('app-settings') ?? '{}') as unknown,
    );
    const filters = (settings as { automation: { filters: Record<string, unknown>[] } }).automation.filters;
    expect(filters).toHaveLength(1);
    expect(filters[0]).toMatchObject({ name: 'Feed one', query: "feed.title = 'Feed 1' AND isRead = false" });
    expect(typeof filters[0]?.createdAt).toBe('number');
  });

  test('opens from the sidebar and its unread count falls as articles are read', async () => {
    const { page } = app;
    const link = page.locator(`${tid('sidebar-filters')} a`, { hasText: 'Feed one' });
    await link.click();
    await page.waitForURL((u) => u.pathname === filterLink, { waitUntil: 'commit' });
    const rows = page.locator(`${tid('items-view')} ${tid('item-row')}`);
    await rows.first().waitFor();
    for (let i = 0; i < 3; i++) {
      await rows.nth(i).locator(tid('item-read')).click();
    }
    const count = link.locator('[data-testid$="-count"]');
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent === '7',
      `${tid('sidebar-filters')} a[href="${filterLink}"] [data-testid$="-count"]`,
      { timeout: 10_000 },
    );
    expect(await count.textContent()).toBe('7');
  });

  test('renames, edits and deletes (with confirmation) from the /filter page', async () => {
    const { page } = app;
    await app.goto('/filter');
    await page.locator(tid('filter-panels-toggle')).waitFor();
    if ((await page.locator(tid('filter-panels-toggle')).getAttribute('aria-expanded')) !== 'true')
      await page.locator(tid('filter-panels-toggle')).click();
    const row = page.locator(tid('saved-filter')).first();
    await row.locator(tid('saved-filter-rename')).click();
    await page.locator(tid('filter-name-input')).fill('Feed one, renamed');
    await page.locator(tid('filter-name-save')).click();
    await page.locator(`${tid('sidebar-filters')} a`, { hasText: 'Feed one, renamed' }).waitFor();

    // Edit: loads the query into the editor; "Update" saves the changed query.
    await row.locator(tid('saved-filter-edit')).click();
    const input = page.locator(tid('query-input'));
    expect(await input.inputValue()).toBe("feed.title = 'Feed 1' AND isRead = false");
    await input.fill("feed.title = 'Feed 2' AND isRead = false");
    await page.locator(`${tid('query-count')}[data-total="10"]`).waitFor();
    await page.locator(tid('filter-update')).click();
    const count = page.locator(`${tid('sidebar-filters')} a[href="${filterLink}"] [data-testid$="-count"]`);
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent === '10',
      `${tid('sidebar-filters')} a[href="${filterLink}"] [data-testid$="-count"]`,
    );
    expect(await count.textContent()).toBe('10');

    // Delete asks first; Cancel keeps it, Confirm removes it (and the empty section hides).
    await row.locator(tid('saved-filter-delete')).click();
    await page.locator(tid('confirm-cancel')).click();
    expect(await page.locator(tid('saved-filter')).count()).toBe(1);
    await row.locator(tid('saved-filter-delete')).click();
    await page.locator(tid('confirm-ok')).click();
    await page.locator(tid('saved-filters-empty')).waitFor();
    expect(await page.locator(tid('sidebar-filters')).count()).toBe(0);
  });

  test('examples fill the editor and run', async () => {
    const { page } = app;
    await page.locator(tid('query-example'), { hasText: 'Unread' }).first().click();
    expect(await page.locator(tid('query-input')).inputValue()).toBe('isRead = false');
    await page.locator(`${tid('query-count')}[data-total="17"]`).waitFor();
  });

  test('no console errors', () => {
    expect(app.errors).toEqual([]);
  });
});
