import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRivuletServer } from '../../server/app.ts';
import { expectNoErrors, launchBrowser } from './harness';
import { seedApp } from './seed';
import { ListScreen, RefreshUi, RssScreen, Shell, waitFor, waitForValue } from './pages';
import { PwaUi } from './pages/pwa';
import { shot } from './shots';

// The offline app, against this file's own companion server (so it can be stopped) over a copy
// of dist/ (so a "new build" can be served): the service worker precaches the shell, the app
// reloads with the server gone and shows stored articles, /api/* is never served from cache,
// and a new build shows "update available" and switches on Reload.

let browser: Browser;
let server: Server | null = null;
let port = 0;
const dist = mkdtempSync(join(tmpdir(), 'rivulet-dist-'));

async function start(): Promise<void> {
  server = createRivuletServer({ distDir: dist });
  await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

async function stop(): Promise<void> {
  const s = server;
  server = null;
  if (!s) return;
  s.closeAllConnections();
  await new Promise<void>((resolve) => s.close(() => resolve()));
}

beforeAll(async () => {
  cpSync(join(import.meta.dirname, '..', '..', 'dist'), dist, { recursive: true });
  await start();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stop();
  rmSync(dist, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${port}`;

/**
 * Waits until a service worker controls the page and the shell cache is filled. A navigation that
 * began while the worker was still activating (seedApp's reload) leaves a page that worker never
 * controls: its `clients.claim()` ran before that page existed. Such a page is reloaded once, as a
 * reader's next visit would be; the worker must still have activated with the shell cached.
 */
async function waitControlled(page: Page): Promise<void> {
  let reloaded = false;
  // An async check: page.waitForFunction would take its pending promise for a truthy answer.
  await waitForValue(
    'a service worker in control with the shell cached',
    async () => {
      const state = await page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) {
          const reg = await navigator.serviceWorker.getRegistration();
          return reg?.active?.state === 'activated' ? 'active elsewhere' : undefined;
        }
        const shell = (await caches.keys()).find((k) => k.startsWith('rivulet-shell-'));
        const cached = shell !== undefined && (await (await caches.open(shell)).match('/index.html'));
        return cached ? 'ready' : undefined;
      });
      if (state === 'active elsewhere' && !reloaded) {
        reloaded = true;
        await page.reload();
        await new Shell(page).waitReady();
      }
      return state === 'ready' ? true : undefined;
    },
    { timeout: 20_000, interval: 250 },
  );
}

describe('offline app', () => {
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${base()}/welcome`);
    await new Shell(page).waitReady();
    await seedApp(page, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 8 });
    await waitControlled(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  test('serves the manifest and a no-cache service worker at the root scope', async () => {
    const sw = await page.request.get(`${base()}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    const manifest = await page.request.get(`${base()}/manifest.webmanifest`);
    expect(manifest.headers()['content-type']).toMatch(/manifest\+json/);
    const body = (await manifest.json()) as {
      name: string;
      theme_color: string;
      icons: { purpose: string }[];
    };
    expect(body).toMatchObject({ name: 'Rivulet', theme_color: '#27AE60' });
    expect(body.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(
      `${base()}/`,
    );
  });

  test('with the server stopped, reloads and shows the stored articles', async () => {
    await stop();
    const shell = new Shell(page);
    await page.reload();
    await shell.waitReady(15_000);
    // A deep link opens from the cache too, and the list and an article come from IndexedDB.
    await page.goto(`${base()}/all`);
    const list = new ListScreen(page);
    const rows = list.rows;
    await list.waitForRow(undefined, 15_000);
    expect(await rows.count()).toBeGreaterThan(5);
    await rows.first().click();
    await waitFor(shell.text(/Body of item \d+/).first(), 'the opened article from IndexedDB', {
      timeout: 10_000,
    });
    // The API is never answered from the cache.
    const api = await page.evaluate(() =>
      fetch('/api/fetch?url=https%3A%2F%2Fexample.com%2F').then(
        (r) => r.status,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
    await page.goto(`${base()}/download`);
    await waitFor(new PwaUi(page).offlineReady, 'the offline status saying ready');
    expectNoErrors(errors);
  });

  test('with the server stopped, Refresh all says so and marks no feed failing', async () => {
    // The server is still stopped (the test above). Every fetch meets no server: the refresh
    // reports it, but no feed is marked failing (nor backed off) for the server's absence.
    await page.goto(`${base()}/rss`);
    const rss = new RssScreen(page);
    await waitFor(rss.rows.first(), 'the feed rows on /rss offline');
    const before = await rss.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-health')));
    expect(before).not.toContain('failing');
    const refresh = new RefreshUi(page);
    await rss.refreshAll.click();
    // One sentence for the absent server, not every feed with the same reason.
    const { serverDown } = refresh;
    await waitFor(serverDown, 'the refresh summary saying the server is not there', { timeout: 20_000 });
    expect(await serverDown.textContent()).toContain('The Rivulet server could not be reached');
    expect(await refresh.failures.count()).toBe(0);
    await shot(page, '/tmp/audit3/offline-refresh-all.png');
    await page.reload();
    await waitFor(rss.rows.first(), 'the feed rows on /rss after a reload');
    expect(await rss.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-health')))).toEqual(
      before,
    );
  });

  test('a new build shows "update available" and Reload switches to it', async () => {
    const shell = new Shell(page);
    const pwa = new PwaUi(page);
    await start();
    await page.goto(`${base()}/welcome`);
    await shell.waitReady();
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
    expect(first).toBe(`${base()}/sw.js`);
    // A new deployment: the worker script changes by a byte.
    appendFileSync(join(dist, 'sw.js'), '\n// next build\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await waitFor(pwa.update, 'the update available prompt after the new build', { timeout: 20_000 });
    await shot(page, '/tmp/offline-update-prompt.png');
    await page.evaluate(() => ((window as unknown as { __beforeUpdate: boolean }).__beforeUpdate = true));
    await Promise.all([page.waitForEvent('load'), pwa.reload.click()]);
    await shell.waitReady();
    expect(
      await page.evaluate(() => (window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate),
    ).toBeUndefined();
    expect(await pwa.update.count()).toBe(0);
    expectNoErrors(errors);
  });
});
