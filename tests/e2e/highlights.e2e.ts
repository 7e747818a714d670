/**
 * Highlights in the built app: select two passages with a DOM Range (as a mouse drag leaves
 * it), highlight one from the popover's colour and one with a note, reload and find both drawn
 * in place, see them with the note on the Highlights screen (reached from the sidebar's More
 * menu), follow a link back to the passage (scrolled to and flashed), export Markdown; `h` with
 * nothing selected says to select text first, and the shortcuts sheet lists `h`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { ListScreen, ReaderScreen, Sidebar, waitFor, waitForPath } from './pages';
import { HighlightsUi } from './pages/highlights';
import { ReadingUi } from './pages/reading';
import { realErrors, type SeededFeeds, seedFeeds } from './readingSeed';
import { shootSizes } from './shots';

const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'highlights');

const FIRST = 'The delta grows each year as silt settles';
const SECOND = 'Dams upstream hold the silt back';
const NOTE = 'Compare with the Nile before Aswan.';
const BODY =
  '<p>Rivers carry sediment to the sea. The delta grows each year as silt settles.</p>' +
  '<p>Fishermen know the channels by heart. The delta grows each year, they say.</p>' +
  '<p>Dams upstream hold the silt back, and the coast retreats.</p>';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('highlights', () => {
  let app: AppPage;
  let ids: SeededFeeds;

  beforeAll(async () => {
    app = await openApp(browser);
    await app.goto('/welcome');
    ids = await seedFeeds(app.page, [
      { title: 'Geo Weekly', articles: [{ title: 'Deltas', description: BODY }] },
    ]);
  });
  afterAll(() => app.context.close());

  test('highlight two passages (one with a note), reload, list, go back, export', async () => {
    const { page } = app;
    const reader = new ReaderScreen(page);
    const hl = new HighlightsUi(page);
    const itemId = ids.itemIds[0]![0]!;
    await app.goto(`/f/${ids.feedIds[0]}`);
    await new ListScreen(page).open('Deltas');
    await reader.waitOpen('Deltas');

    const popover = hl.popover;
    await hl.select(FIRST);
    await waitFor(popover, 'the highlight popover');
    await hl.color('green').click();
    const marks = hl.marks(reader.body);
    await waitFor(marks.filter({ hasText: FIRST }).first(), 'the first highlight drawn');

    await hl.select(SECOND);
    await waitFor(hl.addNote, "the popover's Add note");
    await hl.addNote.click();
    await waitFor(hl.noteInput, 'the note field');
    await hl.noteInput.fill(NOTE);
    await hl.saveNote.click();
    await hl.waitPopoverClosed();

    // After a reload both are drawn again, over exactly their passages, in their colours.
    await page.reload();
    await reader.waitOpen('Deltas');
    await waitFor(hl.marks(reader.body, 'noted'), 'the noted highlight after reload');
    const drawn = await marks.evaluateAll((ms) => ms.map((m) => [m.textContent, m.getAttribute('class')]));
    expect(drawn).toEqual([
      [FIRST, 'rv-hl rv-hl-green'],
      [SECOND, 'rv-hl rv-hl-yellow rv-hl-noted'],
    ]);
    // Clicking the noted one shows its note.
    await hl.marks(reader.body, 'noted').click();
    await waitFor(hl.noteText.filter({ hasText: NOTE }), 'the note in the popover');
    await page.keyboard.press('Escape');
    await hl.waitPopoverClosed();

    // The Highlights screen, from the sidebar's More menu.
    await new Sidebar(page).more('highlights');
    await waitForPath(page, '/highlights');
    const cards = hl.cards;
    await waitFor(cards.nth(1), 'two highlight cards');
    expect(await hl.quotes.allTextContents()).toEqual([FIRST, SECOND]);
    expect(await hl.cardNotes.allTextContents()).toEqual([NOTE]);

    // Searching finds the note.
    await hl.search.fill('nile');
    await waitFor(cards.filter({ hasText: SECOND }), 'the match');
    await waitFor(cards.filter({ hasText: FIRST }), 'the other card', { state: 'detached' });
    await hl.search.fill('');
    await waitFor(cards.nth(1), 'both cards again');

    // Markdown export holds both passages and the note.
    const [download] = await Promise.all([page.waitForEvent('download'), hl.exportMarkdown.click()]);
    const md = await readFile(await download.path(), 'utf8');
    expect(md).toContain(`> ${FIRST}`);
    expect(md).toContain(`> ${SECOND}\n\n${NOTE}`);
    expect(md).toContain('## [Deltas](<');

    // The link goes back to the passage: the article opens and the highlight is flashed.
    const id = await cards.filter({ hasText: SECOND }).getAttribute('data-id');
    await hl.openLink(cards.filter({ hasText: SECOND })).click();
    await waitForPath(page, `/all/i/${itemId}`);
    expect(new URL(page.url()).hash).toBe(`#hl-${id}`);
    await reader.waitOpen('Deltas');
    await waitFor(hl.flashed(reader.body, id), 'the linked highlight flashed');
    expectNoErrors(realErrors(app.errors));
  });

  test('delete with Undo puts it back', async () => {
    const { page } = app;
    const reader = new ReaderScreen(page);
    const hl = new HighlightsUi(page);
    await app.goto(`/all/i/${ids.itemIds[0]![0]!}`);
    await reader.waitOpen('Deltas');
    const first = hl.marks(reader.body, 'green');
    await waitFor(first, 'the green highlight');
    await first.click();
    await hl.deleteButton.click();
    await waitFor(first, 'the green highlight', { state: 'detached' });
    await hl.undoButton.click();
    await waitFor(first, 'the green highlight back');
    expect(await first.textContent()).toBe(FIRST);
  });

  test('h with no text selected says to select text first; the shortcuts sheet lists h', async () => {
    const { page } = app;
    const reader = new ReaderScreen(page);
    const hl = new HighlightsUi(page);
    await app.goto(`/all/i/${ids.itemIds[0]![0]!}`);
    await reader.waitOpen('Deltas');
    await waitFor(hl.marks(reader.body).nth(1), 'the two highlights');
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await page.keyboard.press('h');
    await waitFor(hl.selectFirstNotice, 'the notice to select text first');
    expect(await hl.selectFirstNotice.innerText()).toContain('Select some text in the article first');
    // Nothing was highlighted, and a second h shows no second notice.
    expect(await hl.marks(reader.body).count()).toBe(2);
    await page.keyboard.press('h');
    expect(await hl.selectFirstNotice.count()).toBe(1);
    await shootSizes(page, SHOTS, 'h-no-selection');

    const reading = new ReadingUi(page);
    await page.keyboard.press('?');
    const line = reading.shortcutRow('reader', 'Highlight the selected text');
    await waitFor(line, 'the h line in the shortcuts sheet');
    expect((await line.innerText()).split(/\s+/)[0]).toBe('h');
    await page.keyboard.press('Escape');
    await waitFor(reading.shortcutsHelp, 'the shortcuts sheet', { state: 'hidden' });
  });
});
