/**
 * The set-up of e2e files that need AI: the AI fixture server as the companion server's shared
 * endpoint (its key stays in the server), an app server of its own over the built app, and a
 * page on it; plus subscribing to a fixture feed and fetching it once through the real engine.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type Running } from '../../server/testing.ts';
import { type AiServer, startAiServer } from '../fixtures/aiServer.ts';
import { launchBrowser } from './harness';
import { Shell, waitForValue } from './pages';
import { engineWorker } from './seed';

const SERVER_KEY = 'sk-shared-server-key';
const DIST = process.env.RIVULET_E2E_DIST ?? join(import.meta.dirname, '..', '..', 'dist');

/** What {@link startAiApp} started. */
export interface AiApp {
  ai: AiServer;
  app: Running;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far. */
  errors: string[];
  /** Navigates to an app path and waits for the app shell. */
  goto(path: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the AI fixture, an app server using it, and a 1280×800 page on `/all` (engine started). */
export async function startAiApp(): Promise<AiApp> {
  const ai = await startAiServer({ key: SERVER_KEY });
  const app = await startApp({
    distDir: DIST,
    ai: { url: ai.baseUrl, key: SERVER_KEY, model: 'deepseek-chat', allowedModels: ['deepseek-chat'] },
  });
  const browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const goto = async (path: string) => {
    await page.goto(app.url + path);
    await new Shell(page).waitReady(30_000);
  };
  await goto('/all');
  return {
    ai,
    app,
    browser,
    context,
    page,
    errors,
    goto,
    async close() {
      await context.close();
      await browser.close();
      await app.close();
      await ai.close();
    },
  };
}

/** Puts the app settings (a partial object per group) into localStorage, over what is there. */
export async function patchSettings(
  page: Page,
  patch: Record<string, Record<string, unknown>>,
): Promise<void> {
  await page.evaluate((p) => {
    const s = JSON.parse(localStorage.getItem('app-settings') ?? '{}') as Record<
      string,
      Record<string, unknown>
    >;
    for (const [group, values] of Object.entries(p)) s[group] = { ...s[group], ...values };
    localStorage.setItem('app-settings', JSON.stringify(s));
  }, patch);
}

/**
 * Subscribes to the feed at `url` through the page's engine, fetches it once through the
 * companion server, and stores the snapshot; resolves with the number of articles it gave.
 */
export async function subscribeAndFetch(page: Page, url: string, title: string): Promise<number> {
  const worker = await engineWorker(page);
  interface E {
    feeds: { save(f: { url: string; title: string; groupId: number; siteUrl: string }): Promise<number> };
    refresh: { start(s: { scope: 'feed'; id: number; force: boolean }): Promise<string> };
    jobs: { get(id: string): Promise<{ state: string } | null> };
    items: { count(): Promise<number> };
    flushSnapshot(): Promise<boolean>;
  }
  const job = await worker.evaluate(
    async ([u, t]) => {
      const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
      const id = await engine.feeds.save({ url: u, title: t, groupId: -1, siteUrl: '' });
      return engine.refresh.start({ scope: 'feed', id, force: true });
    },
    [url, title] as const,
  );
  await waitForValue(
    `the first fetch of ${url}`,
    () =>
      worker.evaluate(async (jobId: string) => {
        const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
        const state = (await engine.jobs.get(jobId))?.state;
        return state === 'running' ? undefined : state;
      }, job),
    { timeout: 30_000 },
  );
  return worker.evaluate(async () => {
    const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
    await engine.flushSnapshot();
    return engine.items.count();
  });
}
