import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { startApp, type Running } from '../../server/testing.ts';
import { type AiServer, startAiServer } from '../fixtures/aiServer.ts';
import { launchBrowser } from './harness';
import { ReaderScreen, tid, waitFor, waitForValue } from './pages';
import { engineWorker } from './seed';

// Issue 15: translation uses the whole article when the reader shows it. The fixture site's
// summaries-only feed (one line + "Continue reading") is fetched through the companion server,
// the article page is loaded with `d`, and `t` translates what is shown; the AI fixture server
// records the paragraphs it was sent. The feed's version and the whole article keep a
// translation each.

const SERVER_KEY = 'sk-shared-server-key';
const DIST = process.env.RIVULET_E2E_DIST ?? join(import.meta.dirname, '..', '..', 'dist');
const feedsUrl = inject('feedsUrl');

const OTTERS = 'How river otters map their streams';
const ONLY_IN_FULL = 'backwater behind the old mill';

let browser: Browser;
let ai: AiServer;
let app: Running;
let context: BrowserContext;
let page: Page;
let reader: ReaderScreen;
const errors: string[] = [];

const translations = () => page.locator(`${tid('reader-body')} ${tid('reader-translation')}`);
const status = (s: string) => page.locator(`${tid('translation')}[data-status="${s}"]`);
const sentParagraphs = (i: number) =>
  ai.translations()[i]?.body?.messages?.find((m) => m.role === 'user')?.content ?? '';

async function openOtters(): Promise<void> {
  await page.goto(`${app.url}/all`);
  await page.locator(`${tid('item-row')}[aria-label="${OTTERS}"]`).click();
  await reader.waitOpen(OTTERS, 30_000);
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
  reader = new ReaderScreen(page);
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${app.url}/all`);
  await page.waitForSelector(tid('app-shell'), { timeout: 30_000 });
  // English articles, translated into German (the fixture marks each paragraph `[de]`).
  await page.evaluate(() =>
    localStorage.setItem(
      'app-settings',
      JSON.stringify({
        general: { hideReadArticles: false, autoRead: false, language: 'en', defaultView: 'list' },
        integrated: { translateTo: 'de' },
      }),
    ),
  );
  const worker = await engineWorker(page);
  interface E {
    feeds: { save(f: { url: string; title: string; groupId: number; siteUrl: string }): Promise<number> };
    refresh: { start(s: { scope: 'feed'; id: number; force: boolean }): Promise<string> };
    jobs: { get(id: string): Promise<{ state: string } | null> };
    items: { count(): Promise<number> };
    flushSnapshot(): Promise<boolean>;
  }
  const job = await worker.evaluate(async (url: string) => {
    const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
    const id = await engine.feeds.save({ url, title: 'The Riverbank Journal', groupId: -1, siteUrl: '' });
    return engine.refresh.start({ scope: 'feed', id, force: true });
  }, `${feedsUrl}/feeds/fulltext.xml`);
  await waitForValue(
    'the refresh of the fixture feed to finish',
    () =>
      worker.evaluate(async (jobId: string) => {
        const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
        const state = (await engine.jobs.get(jobId))?.state;
        return state === 'running' ? undefined : state;
      }, job),
    { timeout: 30_000 },
  );
  await worker.evaluate(async () => {
    const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
    if ((await engine.items.count()) !== 2) throw new Error('the fixture feed did not load');
    await engine.flushSnapshot();
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
  await ai?.close();
});

describe('translating the article that is shown', () => {
  test('with the whole article shown, its paragraphs are translated, apart from the feed’s version', async () => {
    await openOtters();
    await page.keyboard.press('d');
    await waitFor(page.locator(tid('fulltext-shown')), 'the whole article');
    await page.keyboard.press('t');
    await waitFor(status('done'), 'the translation of the whole article');
    const full = await translations().allTextContents();
    expect(full.some((t) => t.startsWith('[de] ') && t.includes(ONLY_IN_FULL))).toBe(true);
    expect(full.every((t) => t.startsWith('[de] '))).toBe(true);
    expect(ai.translations()).toHaveLength(1);
    expect(sentParagraphs(0)).toContain(ONLY_IN_FULL);
    expect(sentParagraphs(0)).not.toContain('Continue reading');

    // The feed's version has no translation yet; translating it sends its own paragraphs.
    await page.locator(tid('fulltext-show-feed')).click();
    await page.locator(tid('fulltext-shown')).waitFor({ state: 'detached' });
    expect(await translations().count()).toBe(0);
    await page.keyboard.press('t');
    await waitFor(status('done'), 'the translation of the feed’s version');
    const feed = await translations().allTextContents();
    expect(feed.some((t) => t.includes(ONLY_IN_FULL))).toBe(false);
    expect(feed.length).toBeLessThan(full.length);
    expect(ai.translations()).toHaveLength(2);
    expect(sentParagraphs(1)).not.toContain(ONLY_IN_FULL);

    // Reopened, the article shows its whole version (fetched before) with its own saved
    // translation: no third call.
    await reader.close();
    await openOtters();
    await waitFor(page.locator(tid('fulltext-shown')), 'the whole article on reopening');
    await waitFor(
      page.locator(`${tid('translation')}[data-status="done"][data-cached="true"]`),
      'the saved translation of the whole article',
    );
    expect(await translations().allTextContents()).toEqual(full);
    expect(ai.translations()).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});
