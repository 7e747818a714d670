import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { shootSizes } from './shots';

// Settings that could not be read: the app starts with every usable value kept, says which
// settings went back to their defaults, and puts back the last saved copy on request.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const settings = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('app-settings') ?? 'null') as Record<string, Record<string, unknown>>,
  );

const shoot = (page: Page, name: string) => shootSizes(page, '/tmp/shots-robust', name);

test('mistyped settings: valid ones kept, the reset ones named, the saved copy restored', async () => {
  const app = await openApp(browser);
  try {
    const { page } = app;
    const { notices } = screens(page);
    await app.goto('/welcome');
    // Good settings, read once by the app (which keeps a saved copy of them)…
    await page.evaluate(() =>
      localStorage.setItem(
        'app-settings',
        JSON.stringify({
          general: { startPage: 'all' },
          appearance: { fontSize: 18, fontFamily: 'Georgia, serif' },
        }),
      ),
    );
    await app.goto('/welcome');
    expect(await notices.settings.count()).toBe(0);
    // …then damaged by hand: a font size that is not a number, an interval the engine refuses.
    await page.evaluate(() =>
      localStorage.setItem(
        'app-settings',
        JSON.stringify({
          general: { startPage: 'all', refreshInterval: 0 },
          appearance: { fontSize: 'big', fontFamily: 'Georgia, serif' },
        }),
      ),
    );
    await app.goto('/welcome');
    expect(await notices.text(notices.settings, 'the notice about unreadable settings')).toMatch(
      /Some settings could not be read[\s\S]*These were reset to their defaults: Refresh every, Font size\. Everything else is as you left it\./,
    );
    const repaired = await settings(page);
    expect(repaired.general).toMatchObject({ startPage: 'all', refreshInterval: 1800 });
    expect(repaired.appearance).toMatchObject({ fontSize: 14, fontFamily: 'Georgia, serif' });
    await shoot(page, 'settings-notice');
    await notices.settingsRestoreCopy.click();
    await waitFor(notices.settingsRestored, 'the word that the saved settings are back');
    expect((await settings(page)).appearance).toMatchObject({ fontSize: 18, fontFamily: 'Georgia, serif' });
    expectNoErrors(app.errors);
  } finally {
    await app.context.close();
  }
});
