/**
 * A start that keeps the reader waiting says so: when the engine takes long to answer (at a
 * million articles the browser can spend tens of seconds reopening its storage right after the
 * app was closed), the list says after two seconds that the library is opening and after eight
 * why, then shows the articles as soon as the engine answers. The engine's start is held back
 * here by holding the worker script's response. Screenshots go to /tmp/shots-slowstart/ with
 * RIVULET_SHOTS=1.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { realErrors, seedFeeds } from './readingSeed';
import { ListScreen, waitFor } from './pages';
import { shootSizes } from './shots';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('a slow start', () => {
  let app: AppPage;
  beforeAll(async () => {
    // No service worker: it would serve the engine's script from its cache, past `route`.
    app = await openApp(browser, { serviceWorkers: 'block' });
    await app.goto('/welcome');
    await seedFeeds(app.page, [
      {
        title: 'Patient Blog',
        articles: [1, 2, 3].map((n) => ({ title: `Worth the wait ${n}`, description: `<p>${n}</p>` })),
      },
    ]);
  });
  afterAll(() => app.context.close());

  test('says the library is opening, then why, then shows the articles when the engine answers', async () => {
    const { page, context } = app;
    const list = new ListScreen(page);
    // The engine worker's script (worker/main.ts, built as its own chunk) is held until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let workerRequests = 0;
    await context.route(
      (url) =>
        url.origin === new URL(inject('baseUrl')).origin && /\/assets\/main-[^/]*\.js$/.test(url.pathname),
      async (route) => {
        workerRequests++;
        await held;
        await route.continue();
      },
    );
    await app.goto('/all');
    await waitFor(list.loading, 'the list waiting for the engine');
    await waitFor(list.loadingText, 'the line saying the library is opening');
    expect(workerRequests).toBe(1);
    expect(await list.loadingText.textContent()).toBe('Opening your library…');
    expect(await list.loadingWhy.count()).toBe(0);
    await waitFor(list.loadingWhy, 'why the library takes long to open', { timeout: 15_000 });
    expect(await list.loadingWhy.textContent()).toMatch(/tidying its storage\. Your articles are safe\./);
    await shootSizes(page, '/tmp/shots-slowstart', 'opening-library');

    release();
    await list.waitForRow('Worth the wait 3');
    expect((await list.titles()).sort()).toEqual([
      'Worth the wait 1',
      'Worth the wait 2',
      'Worth the wait 3',
    ]);
    expect(await list.loading.count()).toBe(0);
    await context.unroute(() => true);
    expectNoErrors(realErrors(app.errors));
  });
});

describe('the engine’s start', () => {
  test('creates the worker before the rest of the bundle is evaluated, so its script loads meanwhile', async () => {
    const app = await openApp(browser);
    try {
      // When the first Worker of the page was made, on the page's clock.
      await app.page.addInitScript(() => {
        const Native = window.Worker;
        const at = window as unknown as { rivuletWorkerAt?: number };
        window.Worker = class extends Native {
          constructor(url: string | URL, options?: WorkerOptions) {
            super(url, options);
            at.rivuletWorkerAt ??= performance.now();
          }
        };
      });
      await app.goto('/all');
      const { worker, evaluated } = await app.page.evaluate(() => ({
        worker: (window as unknown as { rivuletWorkerAt?: number }).rivuletWorkerAt ?? null,
        evaluated: performance.getEntriesByName('rivulet:modules-evaluated')[0]?.startTime ?? null,
      }));
      expect(worker).not.toBeNull();
      expect(evaluated).not.toBeNull();
      // main.tsx marks the end of the bundle's evaluation; early.ts made the worker before it.
      expect(worker!).toBeLessThan(evaluated!);
      expectNoErrors(realErrors(app.errors));
    } finally {
      await app.context.close();
    }
  });
});
