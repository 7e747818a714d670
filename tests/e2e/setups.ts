/**
 * Set-ups several e2e files share: the blank picture answering every `*.example` image, a small
 * RSS document, running code against the app's own engine, and a page whose engine has started.
 */
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { launchBrowser, openApp, type AppPage } from './harness';
import { waitFor } from './pages';
import { engineWorker } from './seed';

/** A 1x1 transparent GIF. */
export const PIXEL = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');

/**
 * Fixture articles point at images on `*.example` hosts, which never resolve here; answer them
 * with a blank pixel so a failed image load is not mistaken for an app error.
 */
export async function routeExampleImages(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/gif', body: PIXEL }),
  );
}

/** An RSS 2.0 document titled `title` with one item per title, dated a day apart from 2024-01-01. */
export const rss = (title: string, items: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title>` +
  `<link>https://${title.toLowerCase().replace(/\W+/g, '')}.example/</link><description>d</description>` +
  items
    .map(
      (t, i) =>
        `<item><title>${t}</title><guid isPermaLink="false">${title}-${t}</guid>` +
        `<pubDate>${new Date(Date.UTC(2024, 0, 1 + i)).toUTCString()}</pubDate></item>`,
    )
    .join('') +
  '</channel></rss>';

/**
 * Runs `fn` (source text of `(engine, arg) => …`) against the engine inside the page's worker,
 * the same engine the UI uses. Evaluated by the debugger protocol, so the page CSP does not apply.
 */
export async function runInEngine<T>(page: Page, fn: string, arg: unknown = null): Promise<T> {
  const worker = await engineWorker(page);
  return await worker.evaluate(`(${fn})(self.__rivuletEngine, ${JSON.stringify(arg ?? null)})`);
}

/**
 * A fresh profile with `*.example` images answered, on /welcome once the engine has started
 * (its first start-up is then not charged to a test; slow on a loaded 2-core machine).
 */
export async function openStartedApp(browser: Browser): Promise<AppPage> {
  const app = await openApp(browser);
  await routeExampleImages(app.context);
  await app.goto('/welcome');
  await waitFor(
    app.page.locator('[data-testid="count-feeds"][data-loaded="true"]'),
    'the engine to count the feeds on /welcome',
    { timeout: 60_000 },
  );
  return app;
}

/** A browser and one started app in it (see {@link openStartedApp}), for a file's `beforeAll`. */
export async function launchStartedApp(): Promise<{ browser: Browser; app: AppPage }> {
  const browser = await launchBrowser();
  return { browser, app: await openStartedApp(browser) };
}

/** Closes what {@link launchStartedApp} opened (either may be missing if it failed half-way). */
export async function closeStartedApp(opened: { browser?: Browser; app?: AppPage }): Promise<void> {
  await opened.app?.context.close();
  await opened.browser?.close();
}

/**
 * Marks a synced article (by its guid, e.g. 'fever:120') read, unread, saved or unsaved through
 * the engine in the page's worker: the same call the reader makes.
 */
export async function markByGuid(
  worker: Worker,
  guid: string,
  what: 'read' | 'unread' | 'saved' | 'unsaved',
): Promise<void> {
  await worker.evaluate(
    async ([g, w]) => {
      interface E {
        context: {
          index: {
            idsWhereFlags(t: () => boolean): number[];
            rowOf(id: number): number;
            guid(r: number): string;
          };
        };
        state: {
          markRead(ids: number[], on: boolean): Promise<void>;
          markSaved(ids: number[], on: boolean): Promise<void>;
        };
      }
      const e = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
      const ix = e.context.index;
      const id = ix.idsWhereFlags(() => true).find((i) => ix.guid(ix.rowOf(i)) === g);
      if (id === undefined) throw new Error(`no item ${g}`);
      if (w === 'read' || w === 'unread') await e.state.markRead([id], w === 'read');
      else await e.state.markSaved([id], w === 'saved');
    },
    [guid, what] as const,
  );
}
