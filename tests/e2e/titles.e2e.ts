import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AiServer } from '../fixtures/aiServer.ts';
import { type AiApp, patchSettings, startAiApp } from './aiApp';
import { ListScreen, waitFor, waitForValue } from './pages';
import { TitleTranslation } from './pages/translation';
import { seedApp } from './seed';
import { expectNoErrors } from './harness';

// Issue 15, "titles in lists can be translated on demand for a feed (off by default)": the
// companion server's shared AI endpoint is the fixture server, which answers the app's title
// prompt line by line (`[n] [en] <title>`) and records every call, so batching, the language
// check and the cache hit after a reload are checked at the endpoint.

const GERMAN = [
  'Die Bundesregierung plant neue Steuern für große Unternehmen',
  'Neuer Plan für die Energiewende vorgestellt',
  'Bahn kündigt einen langen Streik für das Wochenende an',
];
const ENGLISH = 'How we scaled our database to a billion rows';

let setup: AiApp;
let ai: AiServer;
let page: Page;
let list: ListScreen;
let titles: TitleTranslation;
let feedId: number;

const title = (original: string) => list.rowTitle(list.row(original));
const translatedTitles = () => titles.translated;

/** Polls `probe` until `ok` holds for its value. */
async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean): Promise<void> {
  await waitForValue(what, async () => (ok(await probe()) ? true : undefined), { timeout: 30_000 });
}

const goto = (path: string) => setup.goto(path);

async function feedMenuToggle(expectChecked: boolean): Promise<void> {
  await titles.feedRow(feedId).click({ button: 'right' });
  const entry = titles.menuEntry;
  expect(await entry.getAttribute('aria-checked')).toBe(String(expectChecked));
  await entry.click();
  await waitFor(entry, 'the feed menu', { state: 'detached' });
}

beforeAll(async () => {
  setup = await startAiApp();
  ({ ai, page } = setup);
  list = new ListScreen(page);
  titles = new TitleTranslation(page);
  const now = Math.floor(Date.now() / 1000);
  const seeded = await seedApp(page, {
    groups: 1,
    feedsPerGroup: 1,
    itemsPerFeed: 0,
    items: [...GERMAN, ENGLISH].map((t, i) => ({ title: t, pubDate: now - 60 * (i + 1) })),
  });
  feedId = seeded.feedIds[0]!;
  await patchSettings(page, { general: { defaultView: 'list', hideReadArticles: false, language: 'en' } });
});
afterAll(async () => {
  await setup?.close();
});

describe('translated titles in lists', () => {
  test('off by default: the feed’s titles show as they are and nothing is sent', async () => {
    await goto(`/f/${feedId}`);
    await list.waitForRow(GERMAN[0]);
    expect(await list.shownTitles()).toEqual([...GERMAN, ENGLISH]);
    expect(await translatedTitles().count()).toBe(0);
    expect(ai.titleTranslations()).toHaveLength(0);
  });

  test('on: titles show translated in one batched call, the original on hover and in the row menu', async () => {
    await feedMenuToggle(false);
    await until(
      'the three German titles to show translated',
      () => translatedTitles().count(),
      (n) => n === 3,
    );
    for (const original of GERMAN) {
      await waitFor(
        title(original).filter({ hasText: `[en] ${original}` }),
        `the translation of '${original}' in its row`,
      );
      expect(await title(original).getAttribute('title')).toBe(`Original: ${original}`);
      expect(await title(original).getAttribute('aria-label')).toBe(
        `[en] ${original} (translated; original: ${original})`,
      );
    }
    // The English title is already in the target language: shown as it is, never sent.
    expect(await title(ENGLISH).textContent()).toBe(ENGLISH);
    expect(await title(ENGLISH).getAttribute('data-translated')).toBeNull();
    const calls = ai.titleTranslations();
    expect(calls).toHaveLength(1);
    const sent = calls[0]?.body?.messages?.find((m) => m.role === 'user')?.content ?? '';
    expect(sent.split('\n')).toEqual(GERMAN.map((t, i) => `[${i + 1}] ${t}`));
    // Long-press on a phone (a context menu): the row menu starts with the original title.
    await list.row(GERMAN[1]!).click({ button: 'right' });
    await waitFor(
      titles.originalInMenu.filter({ hasText: `Original: ${GERMAN[1]}` }),
      'the original title atop the row menu',
    );
    await page.keyboard.press('Escape');
  });

  test('after a reload the translations come from the cache: no second call', async () => {
    const before = ai.titleTranslations().length;
    await goto(`/f/${feedId}`);
    await until(
      'the translated titles after a reload',
      () => translatedTitles().allTextContents(),
      (texts) => texts.length === 3,
    );
    expect(await translatedTitles().allTextContents()).toEqual(GERMAN.map((t) => `[en] ${t}`));
    // The All list shows the same feed's rows translated too, still from the cache.
    await goto('/all');
    await until(
      'the translated titles in All',
      () => translatedTitles().count(),
      (n) => n === 3,
    );
    expect(ai.titleTranslations()).toHaveLength(before);
  });

  test('turning the setting off brings the originals back', async () => {
    await goto(`/f/${feedId}`);
    await until(
      'the translated titles',
      () => translatedTitles().count(),
      (n) => n === 3,
    );
    await feedMenuToggle(true);
    await until(
      'the original titles',
      () => list.shownTitles(),
      (shown) => shown.join('|') === [...GERMAN, ENGLISH].join('|'),
    );
    expect(await translatedTitles().count()).toBe(0);
    expectNoErrors(setup.errors);
  });
});
