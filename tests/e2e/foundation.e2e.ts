import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor, waitForPath, waitUntil } from './pages';
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
  const title = screens(app.page).shell.screenTitle(id);
  await waitFor(title, `the heading of the ${id} screen`, { timeout: 15_000 });
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
    const { welcome } = screens(app.page);
    expect(await welcome.counted('items')).toBe(String(seeded.itemCount));
    expect(await welcome.countShown('feeds').textContent()).toBe('4');
    const unread = Number(await welcome.countShown('unread').textContent());
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(seeded.itemCount);
    expectNoErrors(app.errors);
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
    await waitFor(screens(app.page).shell.notFound, 'the Not found page for /nonsense/42');
    expectNoErrors(app.errors);
  });

  test('routes load by navigation without a page reload', async () => {
    await app.goto('/welcome');
    await app.page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const hops: Array<[string, string, string]> = [
      ['subscribe', '/subscribe', 'subscribe'],
      ['rss', '/rss', 'rss'],
      ['filter', '/filter', 'filter'],
      ['search', '/search', 'search'],
      ['download', '/download', 'download'],
      ['all', '/all', 'items'],
      ['saved', '/next', 'items'],
    ];
    const { sidebar } = screens(app.page);
    for (const [link, path, id] of hops) {
      await sidebar.nav(link).click();
      await waitForPath(app.page, path);
      await expectScreen(app, id);
    }
    await sidebar.feed(seeded.feedIds[0]!).click();
    await waitForPath(app.page, `/f/${seeded.feedIds[0]}`);
    await expectScreen(app, 'items');
    const same = await app.page.evaluate(
      () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
    );
    expect(same).toBe(true);
    expectNoErrors(app.errors);
  });
});

describe("the engine worker's start", () => {
  // Every page load compiles the worker's main chunk before the engine answers (no code cache
  // for module workers), so what a start never runs loads on first use (docs/architecture.md,
  // "What the engine's start compiles"). The charset detector is the largest such library.
  test('the main chunk of the built worker holds no charset detector; a chunk of its own does', () => {
    const assets = join(import.meta.dirname, '..', '..', 'dist', 'assets');
    const scripts = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'));
    // The worker entry is the one chunk that hands the engine to tests (worker/main.ts).
    const entry = scripts.filter((text) => text.includes('__rivuletEngine'));
    expect(entry).toHaveLength(1);
    // A label only chardet's recognisers carry.
    const DETECTOR = 'ISO-2022-JP';
    expect(entry[0]).not.toContain(DETECTOR);
    expect(scripts.filter((text) => text.includes(DETECTOR))).toHaveLength(1);
  });
});

describe('theme', () => {
  test('the toggle switches themes and theme-color follows; system follows the OS', async () => {
    const app = await openApp(browser, { colorScheme: 'dark' });
    try {
      await app.goto('/welcome');
      const { shell } = screens(app.page);
      // Default is "system", and the emulated OS is dark.
      expect(await shell.themeToggle.getAttribute('data-mode')).toBe('system');
      expect(await shell.scheme()).toBe('dark');
      expect(await shell.themeColor()).toBe('#292929');
      // The OS switching to light is followed live.
      await app.page.emulateMedia({ colorScheme: 'light' });
      await shell.waitForScheme('light');
      expect(await shell.themeColor()).toBe('#fff');

      const toggle = shell.themeToggle;
      for (let i = 0; i < 3 && (await toggle.getAttribute('data-mode')) !== 'dark'; i++) await toggle.click();
      expect(await toggle.getAttribute('data-mode')).toBe('dark');
      await shell.waitForScheme('dark');
      expect(await shell.themeColor()).toBe('#292929');
      const bg = await app.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).not.toBe('rgb(255, 255, 255)');
      expectNoErrors(app.errors);
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
      const { settings, confirm, shell, sidebar } = screens(page);
      const densityStored = (value: string) =>
        waitUntil(
          page,
          `the density '${value}' stored`,
          (v) => localStorage.getItem('app-settings')?.includes(`"density":"${v}"`),
          value,
        );
      // Change two settings: compact density (dialog) and a hidden sidebar (Ctrl+B).
      await settings.open('appearance');
      await settings.pick('density', 'Compact');
      await densityStored('compact');

      // Reset asks first: n keeps the setting…
      await settings.reset('appearance').click();
      await confirm.waitOpen();
      await page.keyboard.press('n');
      await confirm.waitClosed();
      expect(await readDensity()).toBe('compact');

      // …and survives a reload.
      await page.keyboard.press('Escape');
      await page.reload();
      await shell.waitReady();
      expect(await readDensity()).toBe('compact');
      await page.keyboard.press('Control+b');
      await waitFor(sidebar.showButton, 'the button that shows the sidebar after Ctrl+B');
      await page.reload();
      await waitFor(sidebar.showButton, 'the sidebar still hidden after a reload');
      expect(await sidebar.root.count()).toBe(0);
      await page.keyboard.press('Control+b');
      await waitFor(sidebar.root, 'the sidebar after Ctrl+B');

      // y confirms the reset.
      await settings.open('appearance');
      await settings.reset('appearance').click();
      await confirm.waitOpen();
      await page.keyboard.press('y');
      await confirm.waitClosed();
      await densityStored('default');
      expectNoErrors(app.errors);

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
