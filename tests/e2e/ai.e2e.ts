import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApp, type Running } from '../../server/testing.ts';
import { type AiServer, startAiServer } from '../fixtures/aiServer.ts';
import { patchSettings } from './aiApp';
import { expectNoErrors, launchBrowser } from './harness';
import { FilterScreen, ListScreen, ReaderScreen, SettingsDialog, Shell, waitFor } from './pages';
import { AiUi } from './pages/ai';
import { shootSizes } from './shots';
import { forgetAiCache, seedApp } from './seed';

// Issue 6, AI: a second companion server whose shared AI endpoint is the fixture server, so
// every call the page makes can be checked at the fixture (model, prompt, headers).

const SERVER_KEY = 'sk-shared-server-key';
const USER_KEY = 'sk-user-key';
const DIST = process.env.RIVULET_E2E_DIST ?? join(import.meta.dirname, '..', '..', 'dist');

let browser: Browser;
let ai: AiServer;
let app: Running;
let context: BrowserContext;
let page: Page;
let errors: string[];

const items = [
  {
    title: 'Rust compiler gets faster incremental builds',
    description:
      '<p>The Rust compiler team shipped incremental compilation improvements. Cargo builds are faster.</p>',
  },
  {
    title: 'Spring gardening: tulips and roses',
    description: '<p>Plant tulips in autumn and prune roses in spring.</p>',
  },
];

async function goto(path: string): Promise<void> {
  await page.goto(app.url + path);
  await new Shell(page).waitReady(30_000);
}

const setSettings = (patch: Record<string, Record<string, unknown>>) => patchSettings(page, patch);

async function openArticle(title: string): Promise<void> {
  await new ListScreen(page).row(title).click();
  await waitFor(new ReaderScreen(page).root, `the reader after a click on '${title}'`);
}

beforeAll(async () => {
  ai = await startAiServer({ key: SERVER_KEY });
  app = await startApp({
    distDir: DIST,
    ai: { url: ai.baseUrl, key: SERVER_KEY, model: 'deepseek-chat', allowedModels: ['deepseek-chat'] },
    aiLimits: { idleTimeoutMs: 1500 },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  page = await context.newPage();
  errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await goto('/all');
  const many = Array.from({ length: 40 }, (_, i) => ({
    title: `Filler article ${i + 1}`,
    description: `<p>Filler body ${i + 1}.</p>`,
    pubDate: Math.floor(Date.now() / 1000) - 3600 - i * 60,
  }));
  await seedApp(page, { groups: 1, feedsPerGroup: 1, itemsPerFeed: 0, items: [...items, ...many] });
  await setSettings({ general: { defaultView: 'list', hideReadArticles: false, autoRead: false } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
  await ai?.close();
});
// Each test (and a retry of it) starts with no summary cached, whatever an earlier attempt saved.
beforeEach(async () => {
  ai.reset();
  ai.options.key = SERVER_KEY;
  await forgetAiCache(page);
});

describe('AI', () => {
  test('Integrations: test connection with a personal endpoint fills the models; a bad key says why', async () => {
    ai.options.key = USER_KEY;
    const settings = new SettingsDialog(page);
    const aiUi = new AiUi(page);
    await goto('/all');
    await settings.open('integrations');
    await settings.setting('apiUrl').fill(ai.baseUrl);
    await settings.setting('apiKey').fill('wrong');
    await aiUi.testConnection.click();
    await waitFor(aiUi.error('auth'), 'the connection test refused for the bad key');
    expect(await settings.setting('isApiValid').textContent()).toBe('Not verified');

    await settings.setting('apiKey').fill(USER_KEY);
    await aiUi.testConnection.click();
    await waitFor(aiUi.testModels, 'the models the connection test found');
    expect(await settings.setting('isApiValid').textContent()).toBe('Working');
    // The picker now offers the endpoint's models, and the chosen one is one of them.
    expect(await settings.setting('selectedModel').inputValue()).toBe('fixture-large');
    // The call went straight from the browser with the user's key.
    const models = ai.requests.filter((r) => r.path === '/v1/models');
    expect(models.at(-1)?.headers.authorization).toBe(`Bearer ${USER_KEY}`);
    expect(models.at(-1)?.headers.origin).toBe(app.url);

    // Back to the shared endpoint for the rest.
    await settings.setting('apiUrl').fill('');
    await settings.setting('apiKey').fill('');
    await page.keyboard.press('Escape');
  });

  test('a summary streams in with the shared endpoint and is served from cache on reopening', async () => {
    ai.next({ kind: 'text', content: 'The **Rust** compiler got faster builds.', chunks: 6, delayMs: 20 });
    // Two pieces, then the endpoint waits: the box is seen streaming however busy the page is.
    ai.holdAfter = 2;
    const aiUi = new AiUi(page);
    await goto('/all');
    await openArticle(items[0]!.title);
    await page.keyboard.press('i');
    const box = aiUi.summary;
    await aiUi.waitSummary('streaming');
    ai.release();
    await aiUi.waitSummary('done');
    expect(await aiUi.summaryText.innerHTML()).toContain('<strong>Rust</strong>');
    const chat = ai.chats()[0];
    expect(chat?.body?.model).toBe('deepseek-chat');
    expect(chat?.body?.stream).toBe(true);
    // No prompt of the reader's own: the built-in one, in the interface's language (English).
    expect(chat?.body?.messages?.[0]?.content).toMatch(/^Summarise this article/);
    expect(chat?.body?.messages?.[1]?.content).toContain(
      'Title: Rust compiler gets faster incremental builds',
    );
    expect(chat?.body?.messages?.[1]?.content).toContain('Cargo builds are faster.');
    // The key was added by the companion server; the page never had it.
    expect(chat?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(await page.content()).not.toContain(SERVER_KEY);

    await page.keyboard.press('Escape');
    await openArticle(items[0]!.title);
    await waitFor(aiUi.summaryCached, 'the summary served from the cache');
    expect(await box.textContent()).toContain('compiler got faster builds');
    expect(ai.chats()).toHaveLength(1);
    await page.keyboard.press('Escape');
  });

  test('each failure shows inline with its reason', async () => {
    const aiUi = new AiUi(page);
    await goto('/all');
    await openArticle(items[1]!.title);
    const cases: Array<[Parameters<AiServer['next']>[0], string, RegExp]> = [
      [{ kind: 'status', status: 401 }, 'auth', /shared key/],
      [{ kind: 'status', status: 429, retryAfter: '7' }, 'rate_limit', /Try again in 7 s/],
      [{ kind: 'status', status: 500 }, 'server', /Try again/],
      [{ kind: 'stall', sent: 'Half a' }, 'timeout', /slow/],
      [{ kind: 'break', sent: 'Half a' }, 'broken_stream', /Try again/],
    ];
    for (const [reply, kind, hint] of cases) {
      ai.next(reply);
      await page.keyboard.press('i');
      const notice = aiUi.error(kind);
      await waitFor(notice, `the inline error '${kind}'`, { timeout: 10_000 });
      expect(await aiUi.errorHint(notice).textContent()).toMatch(hint);
      expect(await aiUi.summary.getAttribute('aria-busy')).toBe('false');
    }
    await page.keyboard.press('Escape');
  });

  test('model output with HTML or script is inert', async () => {
    ai.next({
      kind: 'text',
      content:
        'Plain **bold** <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> [x](javascript:window.__pwned=3)',
    });
    const aiUi = new AiUi(page);
    await goto('/all');
    await openArticle('Filler article 1');
    await page.keyboard.press('i');
    await aiUi.waitSummary('done');
    const text = aiUi.summaryText;
    expect(await aiUi.summaryUnsafe.count()).toBe(0);
    expect(await text.textContent()).toContain('<img src=x');
    await aiUi.summaryLinks
      .first()
      .click()
      .catch(() => {});
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.keyboard.press('Escape');
  });

  test('list summaries: at most 2 at a time, only rows on screen, cancelled when scrolled away', async () => {
    // Every request hangs: only cancelling off-screen ones lets rows further down get a turn.
    ai.responder = () => ({ kind: 'stall', sent: 'Working' });
    await setSettings({ general: { enableListAISummary: true } });
    const aiUi = new AiUi(page);
    await goto('/all');
    await waitFor(aiUi.listSummaryBar, 'the list summaries bar');
    await expect.poll(() => ai.chats().length).toBe(2);
    // The limiter has decided for the whole screen: two summaries running, the rest queued.
    await aiUi.waitListSummaries(2);
    expect(ai.maxActive).toBe(2);
    expect(ai.chats()).toHaveLength(2);
    const firstScreen = ai.chats().map((c) => c.body?.messages?.[1]?.content ?? '');
    expect(firstScreen.join(' ')).not.toContain('Filler article 40');

    // Scroll to the end: the hanging requests are cancelled and the rows now on screen start.
    await new ListScreen(page).rows.first().hover();
    for (let i = 0; i < 15; i++) await page.mouse.wheel(0, 1500);
    await expect
      .poll(() => ai.chats().some((c) => c.body?.messages?.[1]?.content.includes('Filler article 40')), {
        timeout: 10_000,
      })
      .toBe(true);
    // The server sees a cancelled request end only when its connection closes, which can come
    // after the browser has started the replacements; so across cancellations assert what is
    // live once that settles (the strict maximum was asserted above, before any cancellation).
    await expect.poll(() => ai.active, { timeout: 10_000 }).toBeLessThanOrEqual(2);
    expect(Number(await aiUi.listSummaryCount.textContent())).toBeGreaterThanOrEqual(3);
    await setSettings({ general: { enableListAISummary: false } });
  });

  test('the feed assistant answers with citations that open the article', async () => {
    ai.responder = (req) => {
      const system = req.body?.messages?.[0]?.content ?? '';
      if (system.includes('JSON only'))
        return {
          kind: 'text',
          content: '{"keywords":[{"keyword":"rust","weight":3},{"keyword":"compiler","weight":2}]}',
        };
      return { kind: 'text', content: 'Rust builds got faster [1].', chunks: 3 };
    };
    await goto(`/search?q=${encodeURIComponent('what happened to rust builds?')}`);
    const aiUi = new AiUi(page);
    const list = new ListScreen(page);
    const reader = new ReaderScreen(page);
    await aiUi.assistantAsk.click();
    const answer = aiUi.assistantAnswer;
    await waitFor(aiUi.assistantDone, 'the assistant done answering');
    expect(await answer.textContent()).toContain('Rust builds got faster [1].');
    // The answer call is the streamed one that asks a question about articles (a list summary
    // from the previous test may still arrive late; it carries a single article, no question).
    const answerCall = ai
      .chats()
      .find((c) => c.body?.stream === true && (c.body?.messages?.[1]?.content ?? '').startsWith('Articles:'));
    expect(answerCall?.body?.messages?.[1]?.content).toContain('[1] (');
    expect(answerCall?.body?.messages?.[1]?.content).toContain(
      'Rust compiler gets faster incremental builds',
    );
    // The list below shows the retrieved articles.
    await list.waitForRow(items[0]!.title);
    await aiUi.citation('[1]').click();
    await waitFor(reader.root, 'the reader after a click on the citation');
    expect(await reader.title.textContent()).toBe(items[0]!.title);
    await page.keyboard.press('Escape');
  });

  test('a plain-language filter becomes a valid query, corrected once', async () => {
    ai.next(
      { kind: 'text', content: "title LIKE 'rust" },
      { kind: 'text', content: "```\ntitle LIKE 'rust'\n```" },
    );
    const aiUi = new AiUi(page);
    await goto('/filter');
    await aiUi.describeFilter('input').fill('articles about rust');
    await aiUi.describeFilter('write').click();
    await waitFor(aiUi.describeFilterValid, 'a valid written query');
    expect(await aiUi.describeFilter('query').textContent()).toBe("title LIKE 'rust'");
    expect(await aiUi.describeFilter('status').textContent()).toMatch(
      /Valid query · 1 matching article \(corrected once\)/,
    );
    expect(ai.chats()).toHaveLength(2);
    expect(ai.chats()[1]?.body?.messages?.at(-1)?.content).toMatch(/does not parse/);
    await aiUi.describeFilter('run').click();
    await page.waitForURL((u) => u.searchParams.get('q') === "title LIKE 'rust'");
    await new ListScreen(page).waitForRow(items[0]!.title);
    expectNoErrors(errors);
  });
});

describe('AI without any configuration', () => {
  test('says AI is not configured and links to the Integrations tab; search still works', async () => {
    const bare = await startApp({ distDir: DIST, ai: null });
    const other = await context.newPage();
    try {
      const aiUi = new AiUi(other);
      const settings = new SettingsDialog(other);
      await other.goto(`${bare.url}/search?q=rust`);
      const note = aiUi.notConfigured;
      await waitFor(note, 'the note that AI is not configured', { timeout: 30_000 });
      expect(await note.textContent()).toContain('AI is not configured');
      await aiUi.openSettings.click();
      await waitFor(settings.setting('apiUrl'), 'the AI address setting after the link');
      expect(await new Shell(other).screen('search').count()).toBe(1);
      expect(ai.requests).toHaveLength(0);
      // The note comes on every search and filter: it can be put away for good, and brought
      // back from Settings → Integrations.
      await other.keyboard.press('Escape');
      await waitFor(settings.dialog, 'the settings dialog to close', { state: 'detached' });
      await aiUi.hideNotConfigured.click();
      await waitFor(note, 'the note to go', { state: 'detached' });
      // Gone for good: not on /filter either, after a page load.
      await other.goto(`${bare.url}/filter`);
      await waitFor(new FilterScreen(other).input, 'the filter editor');
      expect(await note.count()).toBe(0);
      await settings.open('integrations');
      expect(await settings.setting('aiOffNote').isChecked()).toBe(false);
      await settings.setting('aiOffNote').click({ force: true });
      await other.keyboard.press('Escape');
      await waitFor(note, 'the note back after turning it on in the settings');
      await shootSizes(other, 'test-results/shots/ai', 'not-configured-note');
    } finally {
      await other.close();
      await bare.close();
    }
  });
});
