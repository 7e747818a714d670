import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { startApp, type Running } from '../../server/testing.ts';
import { type AiServer, startAiServer } from '../fixtures/aiServer.ts';
import { launchBrowser } from './harness';
import { FilterScreen, ListScreen, tid, waitFor } from './pages';
import { RuleEditorScreen } from './pages/rules';
import { engineWorker, seedApp } from './seed';

// Issue 16, rule actions that act: a rule with "summarise" runs when a fixture feed is
// refreshed; the engine calls the companion server's shared AI endpoint (the AI fixture) once
// per matching article, and opening the article shows that summary from the cache, with no
// second call.

const SERVER_KEY = 'sk-shared-server-key';
const DIST = process.env.RIVULET_E2E_DIST ?? join(import.meta.dirname, '..', '..', 'dist');
// The fixture feed (tests/fixtures/feeds/rss.xml) has "Herons at dawn"; the rule matches it only.
const MATCH = 'Herons at dawn';

let browser: Browser;
let ai: AiServer;
let app: Running;
let context: BrowserContext;
let page: Page;
let fixtureFeedId = 0;

async function goto(path: string): Promise<void> {
  await page.goto(app.url + path);
  await page.waitForSelector(tid('app-shell'), { timeout: 30_000 });
}

beforeAll(async () => {
  ai = await startAiServer({ key: SERVER_KEY });
  app = await startApp({
    distDir: DIST,
    ai: { url: ai.baseUrl, key: SERVER_KEY, model: 'deepseek-chat', allowedModels: ['deepseek-chat'] },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await goto('/all');
  await seedApp(page, { groups: 1, feedsPerGroup: 1, itemsPerFeed: 2 });
  const worker = await engineWorker(page);
  fixtureFeedId = await worker.evaluate(
    async (url) => {
      const engine = (
        self as unknown as {
          __rivuletEngine: {
            feeds: {
              save(f: { url: string; title: string; groupId: number; siteUrl: string }): Promise<number>;
            };
          };
        }
      ).__rivuletEngine;
      return engine.feeds.save({ url, title: 'Riverbank Notes', groupId: -1, siteUrl: '' });
    },
    `${inject('feedsUrl')}/feeds/rss.xml`,
  );
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
  await ai?.close();
});

describe('rule actions', () => {
  test('a rule that summarises runs at refresh; the reader shows its summary without calling again', async () => {
    const filter = new FilterScreen(page);
    const rule = new RuleEditorScreen(page);
    const list = new ListScreen(page);
    await goto('/filter');
    await filter.type("title LIKE 'heron'", 0);
    await filter.save('Herons');
    await waitFor(rule.root, 'the Actions section of the saved filter');
    await rule.add('summarize');
    await rule.save();

    await goto(`/f/${fixtureFeedId}`);
    await page.locator(tid('items-refresh')).click();
    await list.waitForRow(MATCH);
    // The summary is made in the engine after ingest; wait for its background work to end.
    const worker = await engineWorker(page);
    await worker.evaluate(() =>
      (
        self as unknown as { __rivuletEngine: { rules: { idle(): Promise<void> } } }
      ).__rivuletEngine.rules.idle(),
    );
    const calls = ai.chats();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body?.model).toBe('deepseek-chat');
    expect(calls[0]!.body?.messages?.[1]?.content).toContain(`Title: ${MATCH}`);

    await list.row(MATCH).click();
    await page.locator(tid('reader')).waitFor();
    await waitFor(
      page.locator(`${tid('ai-summary')}[data-cached="true"]`),
      'the cached summary in the reader',
    );
    // The fixture's answer (DEFAULT_REPLY, Markdown) as the reader renders it.
    expect(await page.locator(tid('ai-summary-text')).innerHTML()).toContain('<strong>short</strong>');
    expect(ai.chats()).toHaveLength(1);

    // The rule's log shows the run, with no failure noted.
    await goto('/filter');
    await filter.saved.filter({ hasText: 'Herons' }).locator(tid('saved-filter-edit')).click();
    await rule.waitForRun(1);
    expect(await rule.runs.first().textContent()).not.toContain('failed');
  });
});
