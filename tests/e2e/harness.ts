import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumArgs } from '../../scripts/lib/chromium.mjs';

/** Launches the Chromium that `npm test` found (CHROMIUM_PATH) with the sandbox-safe flags. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}

/** A fresh profile (own IndexedDB and localStorage) with a page that records console errors. */
export interface AppPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Navigates to an app path (e.g. '/rss') and waits for the app shell to render. */
  goto(path: string): Promise<void>;
}

export async function openApp(
  browser: Browser,
  options: {
    colorScheme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    /** The browser's language (navigator.language(s), Accept-Language), e.g. 'zh-CN'. */
    locale?: string;
    /** 'block': no service worker, so every script comes from the network (and `route`). */
    serviceWorkers?: 'block';
  } = {},
): Promise<AppPage> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  const baseUrl = inject('baseUrl');
  return {
    context,
    page,
    errors,
    async goto(path: string) {
      await page.goto(baseUrl + path);
      await page.waitForSelector('[data-testid="app-shell"]', { timeout: 15_000 });
    },
  };
}

/**
 * Asserts that a page logged no errors. The failure message carries the errors themselves: the
 * run's summary shows only a failure's first line, and Vitest's "expected [ Array(1) ] to deeply
 * equal []" names none of them.
 */
export function expectNoErrors(errors: readonly string[]): void {
  expect(errors, `console errors: ${JSON.stringify(errors).slice(0, 1000)}`).toEqual([]);
}
