import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { colorScheme, screens, waitFor } from './pages';
import { engineWorker, seedApp } from './seed';
import { runInEngine } from './setups';
import { shot, shootSizes } from './shots';

// Download: a backup of a seeded database restored into a fresh profile gives identical groups,
// feeds, items, read/saved states, saved filters and settings; bad files are refused and change
// nothing. Screenshots of the screen in light and dark go to /tmp with RIVULET_SHOTS=1.

let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'rivulet-backup-'));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Dump {
  groups: unknown[];
  feeds: unknown[];
  items: unknown[];
  counts: unknown;
}

/** Everything the person owns, read from the engine inside the worker. */
async function dump(page: Page): Promise<Dump> {
  const worker = await engineWorker(page);
  return worker.evaluate(async () => {
    interface E {
      db: { dexie: { table(n: string): { toArray(): Promise<unknown[]> } } };
      init(): Promise<unknown>;
      counts(): Promise<unknown>;
    }
    const e = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
    // Counts come from the in-memory index: wait for the page's start-up to have loaded it
    // (init is idempotent and returns the first result).
    await e.init();
    const t = (n: string) => e.db.dexie.table(n).toArray();
    return {
      groups: await t('groups'),
      feeds: await t('feeds'),
      items: await t('items'),
      counts: await e.counts(),
    };
  });
}

const settingsOf = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('app-settings') ?? 'null') as Record<string, Record<string, unknown>>,
  );

async function chooseFile(app: AppPage, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await screens(app.page).download.restoreFile.setInputFiles(file);
}

describe('download', () => {
  let source: AppPage;
  let backupPath = '';
  let before: Dump;
  let beforeSettings: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    source = await openApp(browser);
    await source.goto('/welcome');
    const seeded = await seedApp(source.page, {
      groups: 2,
      feedsPerGroup: 2,
      itemsPerFeed: 15,
      readRatio: 0.4,
    });
    const worker = await engineWorker(source.page);
    await worker.evaluate(
      async (ids: number[]) => {
        const e = (
          self as unknown as {
            __rivuletEngine: { state: { markSaved(i: number[], s: boolean): Promise<void> } };
          }
        ).__rivuletEngine;
        await e.state.markSaved(ids, true);
      },
      [1, 2, 3],
    );
    expect(seeded.itemCount).toBe(60);
    // Settings with a saved filter, a non-default start page and an AI key that must stay home.
    await source.page.evaluate(() => {
      localStorage.setItem(
        'app-settings',
        JSON.stringify({
          general: { startPage: 'all', retentionDays: 45 },
          appearance: { fontSize: 16 },
          integrated: { apiKey: 'sk-do-not-export' },
          automation: { filters: [{ id: 'f-1', name: 'Rivers', query: 'title:river', createdAt: 1 }] },
        }),
      );
    });
    await source.goto('/download');
    before = await dump(source.page);
    beforeSettings = await settingsOf(source.page);
  });
  afterAll(async () => {
    await source?.context.close();
  });

  test('the screen in light and dark', async () => {
    const { download } = screens(source.page);
    await waitFor(download.storageUsage, 'the storage use line');
    for (const scheme of ['light', 'dark'] as const) {
      await colorScheme(source.page, scheme);
      await shot(source.page, `/tmp/download-${scheme}.png`, { fullPage: true });
    }
    await source.page.emulateMedia({ colorScheme: 'light' });
    expect(await download.storageUsage.textContent()).toMatch(/Using .+ of .+ available/);
  });

  test('backup downloads one file whose header counts the records', async () => {
    const { download } = screens(source.page);
    const file = await download.backup();
    expect(file.suggestedFilename()).toMatch(/^rivulet-backup-\d{4}-\d{2}-\d{2}\.ndjson$/);
    backupPath = join(dir, file.suggestedFilename());
    await file.saveAs(backupPath);
    await waitFor(download.backupDone, 'the word that the backup is written');
    const text = readFileSync(backupPath, 'utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as {
      format: string;
      counts: Record<string, number>;
    };
    expect(header.format).toBe('rivulet-backup');
    expect(header.counts).toMatchObject({ groups: 2, feeds: 4, items: 60, '@settings': 1 });
    expect(text).not.toContain('sk-do-not-export');
  });

  test('restore into a fresh profile gives back exactly what was saved', async () => {
    const target = await openApp(browser);
    const { download, confirm, welcome, list } = screens(target.page);
    await target.goto('/download');
    await chooseFile(target, backupPath);
    await waitFor(download.restorePreview, "the backup's preview");
    expect(await download.restoreCount('items').last().textContent()).toBe('60');
    await download.restoreButton.click();
    // Replace (the default in an empty browser) asks first.
    await confirm.ok();
    await waitFor(download.restoreDone, 'the word that the restore is done', { timeout: 30_000 });
    const after = await dump(target.page);
    expect(after.groups).toEqual(before.groups);
    expect(after.feeds).toEqual(before.feeds);
    expect(after.items).toEqual(before.items);
    expect(after.counts).toEqual(before.counts);
    const settings = await settingsOf(target.page);
    // The file holds the complete settings (defaults filled in), so compare what was set.
    expect(settings.general).toMatchObject(beforeSettings.general!);
    expect(settings.appearance).toMatchObject(beforeSettings.appearance!);
    expect(settings.automation).toMatchObject(beforeSettings.automation!);
    expect(settings.automation?.filters).toEqual(beforeSettings.automation?.filters);
    expect(settings.integrated?.apiKey).toBe('');
    // The screens follow at once (the engine told the page): counts and lists show the data.
    await target.goto('/welcome');
    expect(await welcome.counted('items')).toBe('60');
    await target.goto('/all');
    await list.waitForRow();
    expectNoErrors(target.errors);
    await target.context.close();
  });

  test('replacing what is here downloads it first, and restoring that file brings it back', async () => {
    const other = await openApp(browser);
    await other.goto('/welcome');
    await seedApp(other.page, { groups: 1, feedsPerGroup: 1, itemsPerFeed: 5, readRatio: 0 });
    const own = await dump(other.page);
    const { download, confirm } = screens(other.page);
    await other.goto('/download');
    await download.chooseBackup(backupPath);
    await download.mode('Replace everything');
    await download.restoreButton.click();
    await confirm.waitOpen();
    expect(await download.restoreSaveFirst.isChecked()).toBe(true);
    await shootSizes(other.page, 'test-results/restore', 'confirm');
    const saving = other.page.waitForEvent('download');
    await confirm.ok();
    const saved = await saving;
    expect(saved.suggestedFilename()).toMatch(/^rivulet-backup-\d{4}-\d{2}-\d{2}-before-restore\.ndjson$/);
    const savedPath = join(dir, `first-${saved.suggestedFilename()}`);
    await saved.saveAs(savedPath);
    await waitFor(download.restoreDone, 'the word that the restore is done', { timeout: 30_000 });
    expect(await download.restoreSavedFirst.textContent()).toContain(saved.suggestedFilename());
    expect((await dump(other.page)).items).toEqual(before.items);
    await download.restoreSavedFirst.scrollIntoViewIfNeeded();
    await shot(other.page, 'test-results/restore/replaced.png');

    // The file saved first is what was here: restoring it (box unticked: no second download)
    // puts this browser back as it was.
    let downloads = 0;
    other.page.on('download', () => void downloads++);
    await download.chooseBackup(savedPath);
    await download.mode('Replace everything');
    await download.restoreButton.click();
    await confirm.waitOpen();
    await download.restoreSaveFirst.uncheck();
    await confirm.ok();
    await waitFor(download.restoreDone, 'the word that the restore is done', { timeout: 30_000 });
    expect(await download.restoreSavedFirst.count()).toBe(0);
    const back = await dump(other.page);
    expect(back.feeds).toEqual(own.feeds);
    expect(back.items).toEqual(own.items);
    expect(back.counts).toEqual(own.counts);
    expect(downloads).toBe(0);
    expectNoErrors(other.errors);
    await other.context.close();
  });

  test('"Delete now" deletes old read articles and Undo brings them back', async () => {
    const app = await openApp(browser);
    await app.goto('/welcome');
    // One feed of 60 read articles, 100 to 160 days old: the newest 50 are always kept.
    const now = Math.floor(Date.now() / 1000);
    await runInEngine(
      app.page,
      `async (e, now) => {
        const feed = await e.feeds.save({ url: 'https://old.example/feed', title: 'Old news' });
        const items = Array.from({ length: 60 }, (_, k) => ({
          guid: 'o' + k, title: 'Old story ' + k, author: '', description: '<p>Once.</p>',
          pubDate: now - (100 + k) * 86400, link: 'https://old.example/' + k, enclosure: null,
        }));
        const { added } = await e.items.ingest(feed, items, now);
        await e.state.markRead(added, true);
      }`,
      now,
    );
    const count = () => runInEngine<number>(app.page, '(e) => e.items.count()');
    const { download, undo, shell } = screens(app.page);
    await app.goto('/download');
    await download.retentionSwitch.click();
    await waitFor(download.retentionApply.filter({ hasText: 'Delete 10 now' }), 'Delete 10 now');
    await download.retentionApply.click();
    await undo.waitFor('Deleted 10 read articles.');
    expect(await count()).toBe(50);
    await undo.buttonOf('Deleted 10 read articles.').click();
    await shell.waitForText('Undone: 10 articles are back.', 'the notice of the undo');
    expect(await count()).toBe(60);
    await waitFor(download.retentionApply.filter({ hasText: 'Delete 10 now' }), 'Delete 10 now, again');
    expectNoErrors(app.errors);
    await app.context.close();
  });

  test('bad files are refused with a clear message and nothing changes', async () => {
    const text = readFileSync(backupPath, 'utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>;
    const cases: Array<[string, string, RegExp]> = [
      [
        'subscriptions.opml',
        '<?xml version="1.0"?><opml version="2.0"><body/></opml>',
        /not a Rivulet backup/,
      ],
      ['cut.ndjson', text.slice(0, Math.floor(text.length / 2)), /cut short|incomplete/],
      [
        'newer.ndjson',
        `${JSON.stringify({ ...header, version: 99 })}\n${text.slice(text.indexOf('\n') + 1)}`,
        /newer version/,
      ],
    ];
    const { download } = screens(source.page);
    const before = await dump(source.page);
    for (const [name, body, message] of cases) {
      await chooseFile(source, { name, mimeType: 'application/octet-stream', buffer: Buffer.from(body) });
      const error = download.restoreError;
      await waitFor(error, `the restore's error for ${name}`);
      expect(await error.textContent()).toMatch(message);
      expect(await download.restoreButton.count()).toBe(0);
      expect(await dump(source.page)).toEqual(before);
    }
    expect(await settingsOf(source.page)).toEqual(beforeSettings);
  });
});
