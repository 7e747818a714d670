import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import {
  chromiumArgs,
  disableFeaturesSwitch,
  featuresOffIn,
  idbBackend,
} from '../../scripts/lib/chromium.mjs';

const executablePath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The arguments every launch uses: `chromiumArgs`, and `--disable-features` with Playwright's own
 * list plus `unusedFeatures` (Chromium keeps only the last such switch, see
 * `disableFeaturesSwitch`). Playwright's list is read once per worker from the command line of a
 * browser launched without the switch, so a Playwright upgrade that adds to it is kept.
 */
let launchArgs: Promise<string[]> | undefined;
function argsForLaunch(): Promise<string[]> {
  launchArgs ??= (async () => {
    // --enable-automation: Chromium answers getBrowserCommandLine only with it (this browser only).
    const probe = await chromium.launch({
      executablePath: executablePath(),
      args: [...chromiumArgs, '--enable-automation'],
    });
    try {
      const cdp = await probe.newBrowserCDPSession();
      const { arguments: commandLine } = await cdp.send('Browser.getBrowserCommandLine');
      return [...chromiumArgs, disableFeaturesSwitch(featuresOffIn(commandLine))];
    } finally {
      await probe.close();
    }
  })();
  launchArgs.catch(() => (launchArgs = undefined));
  return launchArgs;
}

/** What a file opened in the shared browser beside its contexts: profiles on disk (below). */
const fileClosers: (() => Promise<void>)[] = [];

/** Closes what the current file opened (contexts, profiles on disk); the browser stays. */
async function closeFileContexts(browser: Browser): Promise<void> {
  const closed = await Promise.allSettled([
    ...browser.contexts().map((c) => c.close()),
    ...fileClosers.splice(0).map((c) => c()),
  ]);
  for (const c of closed)
    if (c.status === 'rejected') throw c.reason instanceof Error ? c.reason : new Error(String(c.reason));
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker, launched by the first file that asks (with the sandbox-safe
 * flags and CHROMIUM_PATH from `npm test`). Files use it as their own: `launchBrowser()` in
 * `beforeAll`, `browser.close()` in `afterAll`. That close ends the contexts the file opened (and
 * its profiles on disk) but leaves the browser to the worker's next file: a worker runs its files
 * one after another, so every context open at that point is the closing file's. One launch and
 * close cost ~0.6 s of CPU, 54 times a run before. playwright-core ends the browser when the
 * worker process exits; a browser that went away is launched again.
 */
export function launchBrowser(): Promise<Browser> {
  const before = shared;
  shared = (async () => {
    const browser = before && (await before.catch(() => undefined));
    if (browser?.isConnected()) return browser;
    const launched = await chromium.launch({ executablePath: executablePath(), args: await argsForLaunch() });
    launched.close = () => closeFileContexts(launched);
    return launched;
  })();
  return shared;
}

/**
 * RIVULET_E2E_PROFILE=disk: `openApp` gives each app a profile in a folder of its own instead of
 * an off-the-record context. The two keep IndexedDB on different backends in Chromium 156: an
 * off-the-record context on SQLite in memory, a profile on disk on LevelDB (what a reader's
 * browser has, until Chrome's move to SQLite reaches it). `npm test` runs a set of journeys
 * both ways (scripts/test.mjs).
 */
const onDisk = (): boolean => process.env.RIVULET_E2E_PROFILE === 'disk';

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
    args: await argsForLaunch(),
  });
  // The file's `browser.close()` closes this profile and removes its folder.
  fileClosers.push(async () => {
    await context.close().catch(() => undefined);
    const backend = backendIn(dir);
    rmSync(dir, { recursive: true, force: true });
    // The run is named for LevelDB: a Chromium that puts new stores on SQLite by default would
    // make it test SQLite twice without a word.
    if (idbBackend === 'leveldb' && backend === 'sqlite')
      throw new Error('RIVULET_E2E_PROFILE=disk: this Chromium kept IndexedDB on SQLite, not LevelDB');
  });
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
    /**
     * 'block' (the default): the page cannot register the service worker, so every script comes
     * from the network (and `route`), and no install copies the whole build (~4 MB) into Cache
     * Storage behind the test's back: ~1.1 s of CPU a context, for files that do not test the
     * offline app. 'allow' for those that do (notifications go through the service worker;
     * offline.e2e.ts opens its own contexts).
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<AppPage> {
  const context = await newAppContext(browser, {
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
    serviceWorkers: options.serviceWorkers ?? 'block',
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
