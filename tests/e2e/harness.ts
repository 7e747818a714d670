import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumArgs, idbBackend } from '../../scripts/lib/chromium.mjs';

const executablePath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches the Chromium that `npm test` found (CHROMIUM_PATH) with the sandbox-safe flags. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: executablePath(), args: chromiumArgs });
}

/**
 * RIVULET_E2E_PROFILE=disk: `openApp` gives each app a profile in a folder of its own instead of
 * an off-the-record context. The two keep IndexedDB on different backends in Chromium 156: an
 * off-the-record context on SQLite in memory, a profile on disk on LevelDB (what a reader's
 * browser has, until Chrome's move to SQLite reaches it). `npm test` runs a set of journeys
 * both ways (scripts/test.mjs).
 */
const onDisk = (): boolean => process.env.RIVULET_E2E_PROFILE === 'disk';

/** The profiles opened on disk for each browser, closed and removed with it. */
const diskProfiles = new WeakMap<Browser, (() => Promise<void>)[]>();

/** Which backend profile `dir` keeps IndexedDB on: LevelDB folders end `.indexeddb.leveldb`. */
function backendIn(dir: string): 'leveldb' | 'sqlite' | 'none' {
  let names: string[] = [];
  try {
    names = readdirSync(join(dir, 'Default', 'IndexedDB'));
  } catch {
    // No IndexedDB was opened in this profile.
  }
  if (names.some((n) => n.endsWith('.indexeddb.leveldb'))) return 'leveldb';
  return names.some((n) => !n.endsWith('.blob')) ? 'sqlite' : 'none';
}

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

async function newAppContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  if (!onDisk()) return browser.newContext(options);
  const dir = mkdtempSync(join(tmpdir(), 'rivulet-e2e-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    ...options,
    executablePath: executablePath(),
    args: chromiumArgs,
  });
  const close = async (): Promise<void> => {
    await context.close().catch(() => undefined);
    const backend = backendIn(dir);
    rmSync(dir, { recursive: true, force: true });
    // The run is named for LevelDB: a Chromium that puts new stores on SQLite by default would
    // make it test SQLite twice without a word.
    if (idbBackend === 'leveldb' && backend === 'sqlite')
      throw new Error('RIVULET_E2E_PROFILE=disk: this Chromium kept IndexedDB on SQLite, not LevelDB');
  };
  let closers = diskProfiles.get(browser);
  if (!closers) {
    const all: (() => Promise<void>)[] = (closers = []);
    diskProfiles.set(browser, all);
    // Tests close the browser they launched; the profiles opened for it go with it.
    const closeBrowser = browser.close.bind(browser);
    browser.close = async (...args) => {
      const closed = await Promise.allSettled(all.map((c) => c()));
      await closeBrowser(...args);
      for (const c of closed)
        if (c.status === 'rejected') throw c.reason instanceof Error ? c.reason : new Error(String(c.reason));
    };
  }
  closers.push(close);
  return context;
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
  const context = await newAppContext(browser, {
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
  // A profile on disk opens with a blank page; an off-the-record context with none.
  const page = context.pages()[0] ?? (await context.newPage());
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
