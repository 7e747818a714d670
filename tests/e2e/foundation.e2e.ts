import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
import { seedApp, type Seeded } from './seed';

// The Foundation issue's end-to-end checks: every route, theme, confirmation dialog, settings
// persistence and a worker that answers, in real Chromium against the real companion server.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const screenOf: Record<string, string> = {
  '/': 'welcome',
  '/welcome': 'welcome',
  '/subscribe': 'subscribe',
  '/search': 'search',
  '/filter': 'filter',
  '/download': 'download',
  '/combo': 'combo',
  '/login': 'login',
  '/rss': 'rss',
  '/all': 'items',
  '/next': 'items',
  '/home': 'items',
  '/explore': 'items',
};

async function expectScreen(app: AppPage, id: string): Promise<void> {
  const title = app.page.locator(`[data-testid="screen-${id}"] [data-testid="page-title"]`);
  await title.waitFor({ timeout: 15_000 });
  expect((await title.textContent())?.trim().length).toBeGreaterThan(0);
}

describe('foundation', () => {
  let app: AppPage;
  let seeded: Seeded;

  beforeAll(async () => {
    app = await openApp(browser);
    await app.goto('/welcome');
    seeded = await seedApp(app.page, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 10, readRatio: 0.5 });
  });
  afterAll(async () => {
    await app.context.close();
  });

  test('the worker answers: counts are visible', async () => {
    await app.goto('/welcome');
    const items = app.page.locator('[data-testid="count-items"][data-loaded="true"]');
    await items.waitFor();
    expect(await items.textContent()).toBe(String(seeded.itemCount));
    expect(await app.page.locator('[data-testid="count-feeds"]').textContent()).toBe('4');
    const unread = Number(await app.page.locator('[data-testid="count-unread"]').textContent());
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(seeded.itemCount);
    expect(app.errors).toEqual([]);
  });

  test('every route loads by direct URL with no console errors', async () => {
    const feedId = seeded.feedIds[0];
    const groupId = seeded.groupIds[0];
    const routes = { ...screenOf, [`/f/${feedId}`]: 'items', [`/c/${groupId}`]: 'items', '/c/-1': 'items' };
    for (const [path, id] of Object.entries(routes)) {
      await app.goto(path);
      await expectScreen(app, id);
      expect(new URL(app.page.url()).pathname).toBe(path);
    }
    await app.goto('/nonsense/42');
    await app.page.locator('[data-testid="not-found"]').waitFor();
    expect(app.errors).toEqual([]);
  });

  test('routes load by navigation without a page reload', async () => {
    await app.goto('/welcome');
    await app.page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const hops: Array<[string, string, string]> = [
      ['nav-subscribe', '/subscribe', 'subscribe'],
      ['nav-rss', '/rss', 'rss'],
      ['nav-filter', '/filter', 'filter'],
      ['nav-search', '/search', 'search'],
      ['nav-download', '/download', 'download'],
      ['nav-all', '/all', 'items'],
      ['nav-saved', '/next', 'items'],
    ];
    for (const [testId, path, id] of hops) {
      await app.page.locator(`[data-testid="${testId}"]`).first().click();
      await app.page.waitForURL((u) => u.pathname === path);
      await expectScreen(app, id);
    }
    await app.page.locator(`[data-testid="nav-feed-${seeded.feedIds[0]}"]`).click();
    await app.page.waitForURL((u) => u.pathname === `/f/${seeded.feedIds[0]}`);
    await expectScreen(app, 'items');
    const same = await app.page.evaluate(
      () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
    );
    expect(same).toBe(true);
    expect(app.errors).toEqual([]);
  });
});

describe('theme', () => {
  test('the toggle switches themes and theme-color follows; system follows the OS', async () => {
    const app = await openApp(browser, { colorScheme: 'dark' });
    try {
      await app.goto('/welcome');
      const html = app.page.locator('html');
      const meta = app.page.locator('meta[name="theme-color"]');
      // Default is "system", and the emulated OS is dark.
      expect(await app.page.locator('[data-testid="theme-toggle"]').getAttribute('data-mode')).toBe('system');
      expect(await html.getAttribute('data-mantine-color-scheme')).toBe('dark');
      expect(await meta.getAttribute('content')).toBe('#292929');
      // The OS switching to light is followed live.
      await app.page.emulateMedia({ colorScheme: 'light' });
      await app.page.waitForFunction(
        () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light',
      );
      expect(await meta.getAttribute('content')).toBe('#fff');

      const toggle = app.page.locator('[data-testid="theme-toggle"]');
      for (let i = 0; i < 3 && (await toggle.getAttribute('data-mode')) !== 'dark'; i++) await toggle.click();
      expect(await toggle.getAttribute('data-mode')).toBe('dark');
      await app.page.waitForFunction(
        () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
      );
      expect(await meta.getAttribute('content')).toBe('#292929');
      const bg = await app.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).not.toBe('rgb(255, 255, 255)');
      expect(app.errors).toEqual([]);
    } finally {
      await app.context.close();
    }
  });
});

describe('settings and confirmation', () => {
  test('the confirm dialog answers n and y; settings survive a reload', async () => {
    const app = await openApp(browser);
    try {
      await app.goto('/welcome');
      const page = app.page;
      // Change two settings: compact density (dialog) and a hidden sidebar (Ctrl+B).
      await page.locator('[data-testid="open-settings"]').click();
      await page.locator('[data-testid="settings-dialog"]').waitFor();
      await page.locator('[data-testid="settings-tab-appearance"]').click();
      await page.locator('[data-testid="setting-density"]').getByText('Compact').click();
      await page.waitForFunction(() => localStorage.getItem('app-settings')?.includes('"density":"compact"'));

      // Reset asks first: n keeps the setting…
      await page.locator('[data-testid="reset-appearance"]').click();
      await page.locator('[data-testid="confirm-dialog"]').waitFor();
      await page.keyboard.press('n');
      await page.locator('[data-testid="confirm-dialog"]').waitFor({ state: 'detached' });
      expect(await readDensity()).toBe('compact');

      // …and survives a reload.
      await page.keyboard.press('Escape');
      await page.reload();
      await page.locator('[data-testid="app-shell"]').waitFor();
      expect(await readDensity()).toBe('compact');
      await page.keyboard.press('Control+b');
      await page.locator('[data-testid="sidebar-show"]').waitFor();
      await page.reload();
      await page.locator('[data-testid="sidebar-show"]').waitFor();
      expect(await page.locator('[data-testid="sidebar"]').count()).toBe(0);
      await page.keyboard.press('Control+b');
      await page.locator('[data-testid="sidebar"]').waitFor();

      // y confirms the reset.
      await page.locator('[data-testid="open-settings"]').click();
      await page.locator('[data-testid="settings-tab-appearance"]').click();
      await page.locator('[data-testid="reset-appearance"]').click();
      await page.locator('[data-testid="confirm-dialog"]').waitFor();
      await page.keyboard.press('y');
      await page.locator('[data-testid="confirm-dialog"]').waitFor({ state: 'detached' });
      await page.waitForFunction(() => localStorage.getItem('app-settings')?.includes('"density":"default"'));
      expect(app.errors).toEqual([]);

      async function readDensity(): Promise<string> {
        return page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('app-settings') ?? '{}') as { appearance: { density: string } })
              .appearance.density,
        );
      }
    } finally {
      await app.context.close();
    }
  });
});
