/**
 * A backup round trip keeps tags, rules, highlights and notes identical: tags on articles, a
 * rule (with its run log), two highlights one of which carries a note are made; the backup is
 * downloaded from the Download screen; all data is cleared; the file is restored from the same
 * screen; everything compares exactly, and the sidebar and Highlights screen show it again.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { realErrors, seedFeeds } from './readingSeed';
import { engineWorker } from './seed';

let browser: Browser;
let app: AppPage;
const dir = mkdtempSync(join(tmpdir(), 'rivulet-roundtrip-'));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await app?.context.close();
  await browser?.close();
});

interface Owned {
  tags: unknown[];
  rules: unknown[];
  log: unknown[];
  highlights: unknown[];
  itemTags: unknown[];
}

/** Tags (with counts), rules, the rule's log, highlights with notes, and each item's tags. */
async function owned(page: Page): Promise<Owned> {
  const worker = await engineWorker(page);
  return worker.evaluate(async () => {
    interface E {
      init(): Promise<unknown>;
      tags: { list(): Promise<unknown[]> };
      rules: { list(): Promise<{ id: string }[]>; log(id: string): Promise<unknown[]> };
      highlights: { list(o: { limit: number }): Promise<{ rows: unknown[] }> };
      db: { dexie: { table(n: string): { toArray(): Promise<{ id: number; tags?: number[] }[]> } } };
    }
    const e = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
    await e.init();
    const rules = await e.rules.list();
    return {
      tags: await e.tags.list(),
      rules,
      log: rules[0] ? await e.rules.log(rules[0].id) : [],
      highlights: (await e.highlights.list({ limit: 100 })).rows,
      itemTags: (await e.db.dexie.table('items').toArray()).map((i) => [i.id, i.tags ?? []]),
    };
  });
}

test('backup, clear all data, restore: tags, rules, highlights and notes identical', async () => {
  app = await openApp(browser);
  await app.goto('/welcome');
  const seeded = await seedFeeds(app.page, [
    {
      title: 'Round Feed',
      articles: ['Rust one', 'Plain two', 'Rust three'].map((title) => ({
        title,
        description: `<p>${title} has a body worth a highlight.</p>`,
      })),
    },
  ]);
  const [one, two] = seeded.itemIds[0]!;
  const worker = await engineWorker(app.page);
  await worker.evaluate(
    async ([a, b]) => {
      interface E {
        tags: {
          create(name: string, color?: string): Promise<{ id: number }>;
          setOnItems(ids: number[], tagId: number, on: boolean): Promise<unknown>;
        };
        rules: {
          save(r: unknown): Promise<{ id: string }>;
          runOnce(id: string): Promise<unknown>;
        };
        highlights: { add(h: unknown): Promise<unknown> };
      }
      const e = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
      const keep = await e.tags.create('Keep', 'teal');
      await e.tags.setOnItems([a!, b!], keep.id, true);
      await e.tags.create('Empty');
      const rule = await e.rules.save({
        name: 'Rust',
        query: "title LIKE 'rust'",
        actions: [{ type: 'tag', tag: 'rust' }, { type: 'save' }],
        enabled: true,
      });
      await e.rules.runOnce(rule.id);
      await e.highlights.add({
        itemId: a,
        color: 'yellow',
        quote: { exact: 'body', prefix: 'Rust one has a ', suffix: ' worth a highlight.' },
        position: { start: 15, end: 19 },
      });
      await e.highlights.add({
        itemId: b,
        color: 'pink',
        note: 'Remember this — 记住',
        quote: { exact: 'highlight', prefix: 'Plain two has a body worth a ', suffix: '.' },
        position: { start: 29, end: 38 },
      });
    },
    [one, two],
  );
  const before = await owned(app.page);
  expect(before.tags).toHaveLength(3);
  expect(before.rules).toHaveLength(1);
  expect(before.log).toHaveLength(1);
  expect(before.highlights).toHaveLength(2);

  // Download a backup from the Download screen.
  const { download, confirm, sidebar, shell } = screens(app.page);
  await app.goto('/download');
  const file = await download.backup();
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  await waitFor(download.backupDone, 'the word that the backup is written');

  // Clear all data (the engine's clearAll), then start again from an empty app.
  await (
    await engineWorker(app.page)
  ).evaluate(async () => {
    const e = (self as unknown as { __rivuletEngine: { clearAll(): Promise<void> } }).__rivuletEngine;
    await e.clearAll();
  });
  await app.page.reload();
  const empty = await owned(app.page);
  expect(empty).toEqual({ tags: [], rules: [], log: [], highlights: [], itemTags: [] });

  // Restore the file (replace, the default in an empty browser, asks first).
  await app.goto('/download');
  await download.chooseBackup(path);
  await download.restoreButton.click();
  await confirm.ok();
  await waitFor(download.restoreDone, 'the word that the restore is done', { timeout: 30_000 });

  expect(await owned(app.page)).toEqual(before);
  // The screens show them again.
  await app.goto('/all');
  await sidebar.waitForCount(sidebar.tag('Keep'), '2', "the tag 'Keep' back in the sidebar");
  await app.goto('/highlights');
  await shell.waitForText('Remember this — 记住', 'the note on the Highlights screen');
  expectNoErrors(realErrors(app.errors));
}, 120_000);
