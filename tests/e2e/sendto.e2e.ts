import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApp, type Running } from '../../server/testing.ts';
import { startWallabag } from '../fixtures/readLaterServers.ts';
import { expectNoErrors, launchBrowser } from './harness';
import { screens, waitFor, type Screens } from './pages';
import { SendToSettings } from './pages/sendto';
import { seedApp } from './seed';

// Issue 15, sending articles onward: Wallabag set up in Settings → Integrations through the real
// companion server's /api/send, against the Wallabag fixture (OAuth2 password grant).

const DIST = process.env.RIVULET_E2E_DIST ?? join(import.meta.dirname, '..', '..', 'dist');

let browser: Browser;
let wallabag: Awaited<ReturnType<typeof startWallabag>>;
let app: Running;
let context: BrowserContext;
let page: Page;
let s: Screens;
let sendTo: SendToSettings;
let errors: string[];

const items = [
  {
    title: 'Long read about rivers',
    link: 'https://blog.example/rivers',
    description: '<p>Rivers flow.</p>',
  },
  { title: 'Second article on lakes', link: 'https://blog.example/lakes', description: '<p>Lakes rest.</p>' },
];

/** Polls the fixture (not the page) until it saved `url`: the request really reached Wallabag. */
async function fixtureSaved(url: string): Promise<void> {
  await expect.poll(() => wallabag.saved.map((x) => x.url), { timeout: 10_000 }).toContain(url);
}

beforeAll(async () => {
  wallabag = await startWallabag();
  app = await startApp({ distDir: DIST });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  page = await context.newPage();
  s = screens(page);
  sendTo = new SendToSettings(page);
  errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${app.url}/all`);
  await s.shell.waitReady(30_000);
  await seedApp(page, { groups: 1, feedsPerGroup: 1, itemsPerFeed: 0, items });
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('app-settings') ?? '{}') as Record<string, object>;
    stored.general = { ...stored.general, defaultView: 'list', hideReadArticles: false, autoRead: false };
    localStorage.setItem('app-settings', JSON.stringify(stored));
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
  await wallabag?.close();
});

describe('Send to', () => {
  test('set up Wallabag: a wrong password shows what Wallabag answered and stores nothing; then test, save', async () => {
    await page.goto(`${app.url}/all`);
    await s.settings.open('integrations');
    await waitFor(sendTo.none, 'the note that no target is set up');
    await sendTo.addButton.click();
    await sendTo.fill({
      base: wallabag.url,
      clientId: '1_client',
      clientSecret: 'client-secret',
      username: 'reader',
      password: 'wrong',
    });
    await sendTo.testButton.click();
    const error = sendTo.error;
    await waitFor(error, 'the connection test error');
    expect(await error.textContent()).toBe(
      'Wallabag answered 400: invalid_grant: Invalid username and password combination — check the client ID and secret, user name and password',
    );
    await sendTo.saveButton.click();
    await waitFor(error.filter({ hasText: 'invalid_grant' }), 'the save error');
    expect(await sendTo.target('wallabag').count()).toBe(0);

    await sendTo.field('password').fill('secret');
    await sendTo.testButton.click();
    await waitFor(sendTo.testOk, 'the connection test success');
    await sendTo.saveButton.click();
    await waitFor(sendTo.target('wallabag'), 'the saved Wallabag target');
    expect(await sendTo.target('wallabag').textContent()).toContain(wallabag.url);
    // The password never comes back to the page, and nothing of it is in localStorage.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('client-secret');
    await s.settings.close();
  });

  test('the reader sends the article to Wallabag from the ⋯ menu and with b', async () => {
    await s.list.open(items[0]!.title);
    await s.reader.waitOpen(items[0]!.title);
    await s.reader.menu('Send to Wallabag');
    await s.shell.waitForText('Sent to Wallabag', 'the sent notice');
    await fixtureSaved('https://blog.example/rivers');
    expect(wallabag.saved.at(-1)).toEqual({
      url: 'https://blog.example/rivers',
      title: items[0]!.title,
      tags: [],
    });

    await s.reader.close();
    await s.list.open(items[1]!.title);
    await s.reader.waitOpen(items[1]!.title);
    await page.keyboard.press('b');
    await fixtureSaved('https://blog.example/lakes');
  });

  test('a password changed on the server: the notice after Send says what Wallabag answered', async () => {
    wallabag.setPassword('changed');
    wallabag.revokeAll();
    await s.reader.menu('Send to Wallabag');
    const notice = s.shell.text('Wallabag answered 400: invalid_grant', false);
    await waitFor(notice, 'the failure notice');
    expect(await notice.first().textContent()).toContain('check the client ID and secret');
    wallabag.setPassword('secret');
  });

  test('Share… only where the browser has navigator.share, and it shares the link', async () => {
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await s.reader.button('more').click();
    await waitFor(sendTo.readerMenu, 'the More menu');
    expect(await sendTo.webShare.count()).toBe(0);
    expect(await sendTo.copyLink.count()).toBe(1); // Copy link stays the fallback
    await page.keyboard.press('Escape');

    const shareContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    try {
      const p = await shareContext.newPage();
      await p.addInitScript(() => {
        (window as unknown as { shared: unknown[] }).shared = [];
        Object.defineProperty(navigator, 'share', {
          value: (data: unknown) => {
            (window as unknown as { shared: unknown[] }).shared.push(data);
            return Promise.resolve();
          },
        });
      });
      await p.goto(`${app.url}/all`);
      const other = screens(p);
      await other.shell.waitReady(30_000);
      await seedApp(p, { groups: 1, feedsPerGroup: 1, itemsPerFeed: 0, items });
      await p.reload();
      await other.list.open(items[0]!.title);
      await other.reader.waitOpen(items[0]!.title);
      await other.reader.menu('Share…');
      await expect
        .poll(() => p.evaluate(() => (window as unknown as { shared: unknown[] }).shared), { timeout: 5000 })
        .toEqual([{ url: 'https://blog.example/rivers', title: items[0]!.title }]);
    } finally {
      await shareContext.close();
    }
    expectNoErrors(errors);
  });
});

describe('Send to from the list', () => {
  test('the row menu sends to Wallabag; a failure names the service; b sends the selected row', async () => {
    await page.goto(`${app.url}/all`);
    const before = wallabag.saved.length;
    await s.list.openRowMenu(items[1]!.title);
    expect(await s.list.rowMenuItem('web-share').count()).toBe(0); // no Web Share in this browser
    await s.list.rowMenuItem('send-wallabag').click();
    await s.shell.waitForText('Sent to Wallabag', 'the sent notice after the row menu');
    await expect.poll(() => wallabag.saved.length, { timeout: 10_000 }).toBe(before + 1);
    expect(wallabag.saved.at(-1)).toEqual({
      url: 'https://blog.example/lakes',
      title: items[1]!.title,
      tags: [],
    });
    expect(await s.reader.title.count()).toBe(0); // the list stays a list

    wallabag.setPassword('changed');
    wallabag.revokeAll();
    await s.list.openRowMenu(items[0]!.title);
    await s.list.rowMenuItem('send-wallabag').click();
    const notice = s.shell.text('Wallabag answered 400: invalid_grant', false);
    await waitFor(notice, 'the failure notice after the row menu');
    expect(await notice.first().textContent()).toContain('check the client ID and secret');
    expect(wallabag.saved.length).toBe(before + 1);
    wallabag.setPassword('secret');

    // j selects a row: the first, or the one after the row selected before (a selection the list
    // kept from the last test's reading comes back once its rows are in, sooner or later).
    await page.keyboard.press('j');
    await waitFor(s.list.selected(), 'a row selected with j');
    const chosen = await s.list.selected().getAttribute('aria-label');
    await page.keyboard.press('b');
    await expect.poll(() => wallabag.saved.length, { timeout: 10_000 }).toBe(before + 2);
    expect(wallabag.saved.at(-1)?.url).toBe(items.find((i) => i.title === chosen)?.link);
    expect(await s.reader.title.count()).toBe(0);
    expectNoErrors(errors);
  });
});
