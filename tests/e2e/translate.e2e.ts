import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { AiServer } from '../fixtures/aiServer.ts';
import { type AiApp, patchSettings, startAiApp } from './aiApp';
import { screens, waitFor, type Screens } from './pages';
import { ReaderTranslation } from './pages/translation';
import { forgetAiCache, seedApp } from './seed';
import { expectNoErrors } from './harness';

// Issue 15, translation: the companion server's shared AI endpoint is the fixture server, which
// answers translation calls paragraph by paragraph as a streaming OpenAI-compatible model would
// and counts them, so cache hits and "no call" can be checked at the endpoint.

let setup: AiApp;
let ai: AiServer;
let page: Page;
let s: Screens;
let reader: Screens['reader'];
let tr: ReaderTranslation;
let errors: string[];

const GERMAN = {
  title: 'Neuer Plan für die Energiewende',
  description:
    '<p>Die Bundesregierung hat am Mittwoch einen neuen Plan für die Energiewende vorgestellt.</p>' +
    '<p>Bis zum Jahr 2030 sollen viele neue <a href="https://example.org/wind">Windräder</a> gebaut werden.</p>' +
    '<ul><li>Mehr Solarstrom auf den Dächern</li><li>Schnellere Genehmigungen für Netze</li></ul>' +
    '<p>Kritiker sagen, der Plan komme <em>viel zu spät</em>.</p>',
};
const GERMAN_TEXTS = [
  'Die Bundesregierung hat am Mittwoch einen neuen Plan für die Energiewende vorgestellt.',
  'Bis zum Jahr 2030 sollen viele neue Windräder gebaut werden.',
  'Mehr Solarstrom auf den Dächern',
  'Schnellere Genehmigungen für Netze',
  'Kritiker sagen, der Plan komme viel zu spät.',
];
const FRENCH = {
  title: 'Le vélo gagne du terrain à Paris',
  description: Array.from(
    { length: 8 },
    (_, i) =>
      `<p>Paragraphe ${i + 1} : les pistes cyclables de la ville de Paris attirent chaque année davantage de cyclistes.</p>`,
  ).join(''),
};
const ENGLISH = {
  title: 'Rust compiler gets faster incremental builds',
  description:
    '<p>The Rust compiler team shipped incremental compilation improvements this week.</p><p>Cargo builds are now noticeably faster on large projects.</p>',
};

async function openArticle(title: string): Promise<void> {
  await s.list.row(title).click();
  await reader.waitOpen(title);
}

const translations = () => tr.paragraphs;
const status = (state: string) => tr.status(state);

beforeAll(async () => {
  setup = await startAiApp();
  ({ ai, page, errors } = setup);
  s = screens(page);
  reader = s.reader;
  tr = new ReaderTranslation(page);
  const now = Math.floor(Date.now() / 1000);
  await seedApp(page, {
    groups: 1,
    feedsPerGroup: 1,
    itemsPerFeed: 0,
    items: [
      { ...GERMAN, pubDate: now - 60 },
      { ...FRENCH, pubDate: now - 120 },
      { ...ENGLISH, pubDate: now - 180 },
    ],
  });
  await patchSettings(page, {
    general: { defaultView: 'list', hideReadArticles: false, autoRead: false, language: 'en' },
  });
});
afterAll(async () => {
  await setup?.close();
});
// Each test (and a retry of it) starts with nothing cached: a retry of the streaming test used to
// meet the translation its first attempt saved and wait in vain for the stream.
beforeEach(async () => {
  ai.reset();
  await forgetAiCache(page);
});

describe('translation', () => {
  test('streams paragraph translations under the originals, toggles to translation only, and is cached', async () => {
    // The endpoint sends two of the five paragraphs and holds the rest until released.
    ai.holdAfter = 2;
    await setup.goto('/all');
    await openArticle(GERMAN.title);
    await reader.menu('Translate');
    // Paragraphs fill in while the answer streams: two arrived, the rest still pending.
    await waitFor(status('streaming'), 'the translation streaming', {
      seen: () => tr.box.getAttribute('data-status', { timeout: 1000 }).then((v) => `status ${v}`),
    });
    await expect
      .poll(() => tr.filled(), { message: 'the two translated paragraphs sent so far', timeout: 15_000 })
      .toBe(2);
    expect(await translations().count()).toBe(GERMAN_TEXTS.length);
    ai.release();
    await waitFor(status('done'), 'the translation done');
    const texts = await translations().allTextContents();
    expect(texts).toEqual(GERMAN_TEXTS.map((t) => `[en] ${t}`));
    // Bilingual: each original paragraph is followed by its translation (list items hold theirs).
    const pairs = await tr.bodyParagraphs.allTextContents();
    expect(pairs.slice(0, 4)).toEqual([
      GERMAN_TEXTS[0],
      `[en] ${GERMAN_TEXTS[0]}`,
      GERMAN_TEXTS[1],
      `[en] ${GERMAN_TEXTS[1]}`,
    ]);
    expect(await tr.bodyListItems.first().textContent()).toBe(`${GERMAN_TEXTS[2]}[en] ${GERMAN_TEXTS[2]}`);
    // The translation is text: the link of the original stays in the original only.
    expect(await tr.translatedLinks.count()).toBe(0);
    expect(await tr.bodyLink('https://example.org/wind').count()).toBe(1);
    // The endpoint got one call with every paragraph numbered, for English.
    expect(ai.translations()).toHaveLength(1);
    const call = ai.translations()[0]!;
    expect(call.body?.messages?.[0]?.content).toContain('English (en)');
    expect(call.body?.messages?.[1]?.content).toContain(`[5] ${GERMAN_TEXTS[4]}`);

    // Translation only: the originals are hidden, the translations stay.
    await tr.view('Translation only');
    await expect
      .poll(() => tr.bodyParagraphs.first().isVisible(), {
        message: 'the original paragraph hidden',
        timeout: 15_000,
      })
      .toBe(false);
    expect(await translations().first().isVisible()).toBe(true);

    // Reopening shows the saved translation with no new call.
    await reader.close();
    await openArticle(GERMAN.title);
    await waitFor(tr.cached('done'), 'the saved translation');
    expect(await translations().allTextContents()).toEqual(GERMAN_TEXTS.map((t) => `[en] ${t}`));
    // The key does it too, and still from the cache.
    await page.keyboard.press('t');
    await waitFor(tr.cached('done'), 'the saved translation');
    expect(ai.translations()).toHaveLength(1);
    // A reload keeps it (IndexedDB).
    await page.reload();
    await reader.waitOpen(GERMAN.title, 30_000);
    await waitFor(tr.cached(), 'the saved translation after reload');
    expect(ai.translations()).toHaveLength(1);
    expectNoErrors(errors);
  });

  test('Cancel stops the stream and the call; what arrived stays, unsaved', async () => {
    // Two of the eight paragraphs arrive, then the endpoint holds the stream open.
    ai.holdAfter = 2;
    await setup.goto('/all');
    await openArticle(FRENCH.title);
    await page.keyboard.press('t');
    await expect.poll(() => tr.filled(), { message: 'two translated paragraphs', timeout: 15_000 }).toBe(2);
    await tr.cancelButton.click();
    await waitFor(status('stopped'), 'the translation stopped');
    await expect
      .poll(() => Promise.resolve(ai.active), { message: 'the endpoint call closed', timeout: 15_000 })
      .toBe(0);
    const arrived = (await translations().allTextContents()).filter((t) => t !== '');
    expect(arrived).toHaveLength(2);
    expect(await tr.statusLine.textContent()).toContain('not saved');
    // Not cached: reopening shows the original only, and translating again calls the endpoint.
    await reader.close();
    await openArticle(FRENCH.title);
    expect(await tr.box.count()).toBe(0);
    expect(await translations().count()).toBe(0);
    ai.release();
    await reader.menu('Translate');
    await waitFor(status('done'), 'the translation done');
    expect(ai.translations()).toHaveLength(2);
  });

  test('an article already in English says so without calling the endpoint', async () => {
    await setup.goto('/all');
    await openArticle(ENGLISH.title);
    await reader.menu('Translate');
    await waitFor(status('same'), 'the "already in English" note');
    expect(await tr.statusLine.textContent()).toContain('Already in English');
    expect(ai.chats()).toHaveLength(0);
    expect(await translations().count()).toBe(0);
  });

  test('an endpoint error shows its message where the translation would be', async () => {
    ai.next({ kind: 'status', status: 500, message: 'upstream exploded' });
    await setup.goto('/all');
    await openArticle(FRENCH.title);
    await page.keyboard.press('t');
    await waitFor(tr.error, 'the endpoint error');
    expect(await tr.box.textContent()).toMatch(/500|exploded/);
    // Nothing was saved: reopening shows the original only.
    await reader.close();
    await openArticle(FRENCH.title);
    expect(await tr.box.count()).toBe(0);
  });
});
