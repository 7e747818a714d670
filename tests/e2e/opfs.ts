import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openApp, type AppPage } from './harness';

/**
 * The files of one OPFS folder of the app's origin as name → bytes, read from the page (outside
 * the workers). The workers remove files while this runs (clean-ups after a write, a clear-all),
 * so a file listed and gone before it is read was not there: it is left out, not an error (a CI
 * run failed on that NotFoundError). The folder is made if it is missing.
 */
export const opfsFolderFiles = (page: Page, folder: string): Promise<Record<string, number>> =>
  page.evaluate(async (name) => {
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle(name, { create: true });
    const out: Record<string, number> = {};
    for await (const [file, handle] of (
      dir as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }
    ).entries()) {
      try {
        out[file] = (await handle.getFile()).size;
      } catch (err) {
        if ((err as DOMException).name !== 'NotFoundError') throw err;
      }
    }
    return out;
  }, folder);

/**
 * One browser for a test file, and for each attempt an app in a context of its own (its own OPFS
 * and IndexedDB, so a retry starts clean instead of from what a failed attempt left), seeded on
 * /welcome. `said` collects what the engine workers warned of or told (a rebuild says why there).
 * Call `start` in beforeAll and `stop` in afterAll.
 */
export function freshApps(seed: (page: Page) => Promise<unknown>) {
  let browser: Browser | undefined;
  let opened: AppPage | undefined;
  const said: string[] = [];
  return {
    said,
    async start(): Promise<void> {
      browser = await launchBrowser();
    },
    async stop(): Promise<void> {
      await opened?.context.close();
      await browser?.close();
    },
    async open(): Promise<AppPage> {
      await opened?.context.close();
      said.length = 0;
      if (!browser) throw new Error('freshApps: start() first');
      const app = await openApp(browser);
      opened = app;
      app.context.on('console', (msg) => {
        if (msg.text().startsWith('Rivulet') && msg.type() !== 'log')
          said.push(`${msg.type()}: ${msg.text()}`);
      });
      await app.goto('/welcome');
      await seed(app.page);
      return app;
    },
  };
}
