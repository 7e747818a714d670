import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { chromiumArgs, disableFeaturesSwitch } from '../../scripts/lib/chromium.mjs';
import { launchBrowser, openApp } from './harness';
import { screens, waitUntil } from './pages';
import { engineWorker, seedApp } from './seed';
import { shootSizes } from './shots';

// Crash tests: Chromium on a persistent profile, killed hard (SIGKILL of the browser process)
// during a large ingest and during a replace-restore before, at and after the commit. On
// relaunch the data and the settings are both old or both new, the counts shown equal the
// stored records, and a restore that did not happen is reported.

const base = inject('baseUrl');
const dirs: string[] = [];
let backupPath = '';

interface Profile {
  page: Page;
  browser: Browser;
  proc: ChildProcess;
  /** Kills the browser process at once (no shutdown, no flush). */
  kill(): Promise<void>;
  /** Shuts the browser down the normal way (storage flushed), and waits for its process to end. */
  close(): Promise<void>;
}

/** Starts Chromium on the profile in `dir` (our own process, so it can be killed hard). */
async function launchProfile(dir: string): Promise<Profile> {
  const proc = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      ...chromiumArgs,
      disableFeaturesSwitch(),
      '--remote-debugging-port=0',
      `--user-data-dir=${dir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const ws = await new Promise<string>((resolve, reject) => {
    let text = '';
    proc.stderr?.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /DevTools listening on (ws:\S+)/.exec(text);
      if (m) resolve(m[1]!);
    });
    proc.on('exit', () => reject(new Error(`chromium exited: ${text.slice(-500)}`)));
  });
  const browser = await chromium.connectOverCDP(ws);
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    browser,
    proc,
    async kill() {
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGKILL');
      await exited;
    },
    async close() {
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      const cdp = await browser.newBrowserCDPSession();
      await cdp.send('Browser.close').catch(() => {});
      await exited;
    },
  };
}

async function goto(page: Page, path: string): Promise<void> {
  await page.goto(base + path);
  await screens(page).shell.waitReady(20_000);
}

/** Stored item count, read inside the engine worker once its start-up is done. */
async function storedItems(page: Page): Promise<number> {
  const worker = await engineWorker(page);
  return worker.evaluate(async () => {
    const e = (
      self as unknown as {
        __rivuletEngine: {
          init(): Promise<unknown>;
          db: { dexie: { table(n: string): { count(): Promise<number> } } };
        };
      }
    ).__rivuletEngine;
    await e.init();
    return e.db.dexie.table('items').count();
  });
}

/** The article count Welcome shows. */
async function shownItems(page: Page): Promise<number> {
  return screens(page).welcome.countedNumber('items', 20_000);
}

const fontSizeOf = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('app-settings') ?? '{}') as { appearance?: { fontSize?: number } })
        .appearance?.fontSize,
  );

const OLD = { items: 40, fontSize: 15 };
const NEW = { items: 4800, fontSize: 18 };

beforeAll(async () => {
  // The backup to restore: NEW.items articles and settings with font size NEW.fontSize.
  const browser = await launchBrowser();
  try {
    const app = await openApp(browser);
    await app.goto('/welcome');
    await seedApp(app.page, { groups: 2, feedsPerGroup: 3, itemsPerFeed: NEW.items / 6 });
    await app.page.evaluate((size) => {
      localStorage.setItem('app-settings', JSON.stringify({ appearance: { fontSize: size } }));
    }, NEW.fontSize);
    await app.goto('/download');
    const file = await screens(app.page).download.backup();
    const dir = mkdtempSync(join(tmpdir(), 'rivulet-crash-'));
    dirs.push(dir);
    backupPath = join(dir, 'backup.ndjson');
    await file.saveAs(backupPath);
  } finally {
    await browser.close();
  }
}, 120_000);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const shoot = (page: Page, name: string) => shootSizes(page, '/tmp/shots-robust', name);

/** A profile holding OLD data and settings, on /download with the backup chosen for a replace. */
async function readyToRestore(): Promise<{ dir: string; p: Profile }> {
  const dir = mkdtempSync(join(tmpdir(), 'rivulet-profile-'));
  dirs.push(dir);
  const first = await launchProfile(dir);
  await goto(first.page, '/welcome');
  await seedApp(first.page, { groups: 1, feedsPerGroup: 2, itemsPerFeed: OLD.items / 2 });
  await first.page.evaluate((size) => {
    localStorage.setItem('app-settings', JSON.stringify({ appearance: { fontSize: size } }));
  }, OLD.fontSize);
  // Chromium writes localStorage to disk seconds after a change; a user's old settings are long
  // on disk when a restore starts, so close this browser properly before the one that is killed.
  await first.close();
  const p = await launchProfile(dir);
  await goto(p.page, '/download');
  const { download } = screens(p.page);
  await download.chooseBackup(backupPath);
  await download.mode('Replace everything');
  return { dir, p };
}

/** Starts the chosen replace-restore and confirms it. */
async function restore(page: Page): Promise<void> {
  const { download, confirm } = screens(page);
  await download.restoreButton.click();
  await confirm.ok();
}

/** Relaunches the killed profile and checks it is wholly old or wholly new; returns which. */
async function relaunchAndCheck(dir: string): Promise<'old' | 'new'> {
  const p = await launchProfile(dir);
  try {
    const { page } = p;
    await goto(page, '/welcome');
    const stored = await storedItems(page);
    expect([OLD.items, NEW.items]).toContain(stored);
    expect(await shownItems(page)).toBe(stored);
    if (stored === OLD.items) {
      expect(await fontSizeOf(page)).toBe(OLD.fontSize);
      const { notices } = screens(page);
      expect(await notices.text(notices.restoreInterrupted, 'the notice of a restore cut off')).toMatch(
        /did not finish[\s\S]*backup\.ndjson[\s\S]*Nothing was changed/,
      );
      await shoot(page, 'restore-interrupted');
      return 'old';
    }
    // New data: the backup's settings are applied from the database at start-up if the page
    // had not applied them before it died.
    await waitUntil(
      page,
      "the backup's settings applied at start-up",
      (size) =>
        (JSON.parse(localStorage.getItem('app-settings') ?? '{}') as { appearance?: { fontSize?: number } })
          .appearance?.fontSize === size,
      NEW.fontSize,
    );
    expect(await screens(page).notices.restoreInterrupted.count()).toBe(0);
    return 'new';
  } finally {
    await p.browser.close().catch(() => {});
    await p.kill();
  }
}

describe('killed during a replace-restore', () => {
  test('before the commit (while writing): both old, and the interrupted restore is reported', async () => {
    const { dir, p } = await readyToRestore();
    // The first records are handed to IndexedDB; thousands more and the commit are still to come.
    const writing = p.page.waitForEvent('console', (m) => m.text() === 'Rivulet: restore writing');
    await restore(p.page);
    await writing;
    await p.kill();
    expect(await relaunchAndCheck(dir)).toBe('old');
  });

  test('at the commit: both old or both new, never a mix', async () => {
    const { dir, p } = await readyToRestore();
    const committing = p.page.waitForEvent('console', (m) => m.text() === 'Rivulet: restore committing');
    await restore(p.page);
    await committing;
    await p.kill();
    expect(['old', 'new']).toContain(await relaunchAndCheck(dir));
  });

  test('right after the commit (settings not yet applied by the page): both new', async () => {
    const { dir, p } = await readyToRestore();
    const committed = p.page.waitForEvent('console', (m) => m.text() === 'Rivulet: restore committed');
    await restore(p.page);
    await committed;
    await p.kill();
    expect(await relaunchAndCheck(dir)).toBe('new');
  });
});

describe('killed during a large ingest', () => {
  test('every acknowledged batch is kept, the one in flight all or nothing, and the counts shown match', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rivulet-profile-'));
    dirs.push(dir);
    const p = await launchProfile(dir);
    await goto(p.page, '/welcome');
    await seedApp(p.page, { groups: 1, feedsPerGroup: 1, itemsPerFeed: 0 });
    const worker = await engineWorker(p.page);
    const acked = p.page.waitForEvent('console', (m) => m.text() === 'crash-test: batch 3 stored');
    // Batches of 1,000 items into one feed; each logs once its transaction has committed.
    void worker
      .evaluate(async () => {
        const e = (
          self as unknown as {
            __rivuletEngine: { items: { ingest(f: number, i: unknown[]): Promise<unknown> } };
          }
        ).__rivuletEngine;
        for (let b = 1; b <= 40; b++) {
          const items = Array.from({ length: 1000 }, (_, i) => ({
            guid: `b${b}-${i}`,
            title: `Batch ${b} item ${i}`,
            author: '',
            description: `<p>${'Body text '.repeat(20)}</p>`,
            pubDate: 1_700_000_000 - b * 1000 - i,
            link: `https://crash.example/${b}/${i}`,
            enclosure: null,
          }));
          await e.items.ingest(1, items);
          console.log(`crash-test: batch ${b} stored`);
        }
      })
      .catch(() => {});
    await acked;
    await p.kill();

    const again = await launchProfile(dir);
    try {
      await goto(again.page, '/welcome');
      const stored = await storedItems(again.page);
      expect(stored).toBeGreaterThanOrEqual(3000);
      expect(stored % 1000).toBe(0);
      expect(await shownItems(again.page)).toBe(stored);
    } finally {
      await again.browser.close().catch(() => {});
      await again.kill();
    }
  });
});
