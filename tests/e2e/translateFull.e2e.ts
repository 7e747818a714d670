import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { AiServer } from '../fixtures/aiServer.ts';
import { type AiApp, patchSettings, startAiApp, subscribeAndFetch } from './aiApp';
import { screens, waitFor, type Screens } from './pages';
import { ReaderTranslation } from './pages/translation';
import { expectNoErrors } from './harness';

// Issue 15: translation uses the whole article when the reader shows it. The fixture site's
// summaries-only feed (one line + "Continue reading") is fetched through the companion server,
// the article page is loaded with `d`, and `t` translates what is shown; the AI fixture server
// records the paragraphs it was sent. The feed's version and the whole article keep a
// translation each.

const feedsUrl = inject('feedsUrl');
const OTTERS = 'How river otters map their streams';
const ONLY_IN_FULL = 'backwater behind the old mill';

let setup: AiApp;
let ai: AiServer;
let page: Page;
let s: Screens;
let reader: Screens['reader'];
let tr: ReaderTranslation;

const translations = () => tr.paragraphs;
const status = (state: string) => tr.status(state);
const sentParagraphs = (i: number) =>
  ai.translations()[i]?.body?.messages?.find((m) => m.role === 'user')?.content ?? '';

async function openOtters(): Promise<void> {
  await setup.goto('/all');
  await s.list.row(OTTERS).click();
  await reader.waitOpen(OTTERS, 30_000);
}

beforeAll(async () => {
  setup = await startAiApp();
  ({ ai, page } = setup);
  s = screens(page);
  reader = s.reader;
  tr = new ReaderTranslation(page);
  // English articles, translated into German (the fixture marks each paragraph `[de]`).
  await patchSettings(page, {
    general: { hideReadArticles: false, autoRead: false, language: 'en', defaultView: 'list' },
    integrated: { translateTo: 'de' },
  });
  const count = await subscribeAndFetch(page, `${feedsUrl}/feeds/fulltext.xml`, 'The Riverbank Journal');
  if (count !== 2) throw new Error('the fixture feed did not load');
});
afterAll(async () => {
  await setup?.close();
});

describe('translating the article that is shown', () => {
  test('with the whole article shown, its paragraphs are translated, apart from the feed’s version', async () => {
    await openOtters();
    await page.keyboard.press('d');
    await waitFor(reader.fulltextShown, 'the whole article');
    await page.keyboard.press('t');
    await waitFor(status('done'), 'the translation of the whole article');
    const full = await translations().allTextContents();
    expect(full.some((t) => t.startsWith('[de] ') && t.includes(ONLY_IN_FULL))).toBe(true);
    expect(full.every((t) => t.startsWith('[de] '))).toBe(true);
    expect(ai.translations()).toHaveLength(1);
    expect(sentParagraphs(0)).toContain(ONLY_IN_FULL);
    expect(sentParagraphs(0)).not.toContain('Continue reading');

    // The feed's version has no translation yet; translating it sends its own paragraphs.
    await tr.backToFeedVersion();
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
    await waitFor(reader.fulltextShown, 'the whole article on reopening');
    await waitFor(tr.cached('done'), 'the saved translation of the whole article');
    expect(await translations().allTextContents()).toEqual(full);
    expect(ai.translations()).toHaveLength(2);
    expectNoErrors(setup.errors);
  });
});
