/**
 * Highlights in the built app: select two passages with a DOM Range (as a mouse drag leaves
 * it), highlight one from the popover's colour and one with a note, reload and find both drawn
 * in place, see them with the note on the Highlights screen (reached from the sidebar's More
 * menu), follow a link back to the passage (scrolled to and flashed), export Markdown.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
import { ListScreen, ReaderScreen, Sidebar, tid, waitFor, waitForPath } from './pages';
import { realErrors, type SeededFeeds, seedFeeds } from './readingSeed';

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

/** Selects the first occurrence of `text` in the article body, as a mouse drag would. */
async function select(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const body = document.querySelector('[data-testid="reader-body"]')!;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n as Text).data.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + wanted.length);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      return;
    }
    throw new Error(`not in the article: ${wanted}`);
  }, text);
}

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
    const itemId = ids.itemIds[0]![0]!;
    await app.goto(`/f/${ids.feedIds[0]}`);
    await new ListScreen(page).open('Deltas');
    await reader.waitOpen('Deltas');

    const popover = page.locator(tid('highlight-popover')).describe('the highlight popover');
    await select(page, FIRST);
    await waitFor(popover, 'the highlight popover');
    await popover.locator(tid('highlight-color-green')).click();
    const marks = reader.body.locator('mark.rv-hl');
    await waitFor(marks.filter({ hasText: FIRST }).first(), 'the first highlight drawn');

    await select(page, SECOND);
    await waitFor(popover.locator(tid('highlight-add-note')), "the popover's Add note");
    await popover.locator(tid('highlight-add-note')).click();
    await waitFor(popover.locator(tid('highlight-note')), 'the note field');
    await popover.locator(tid('highlight-note')).fill(NOTE);
    await popover.locator(tid('highlight-save-note')).click();
    await waitFor(popover, 'the highlight popover', { state: 'detached' });

    // After a reload both are drawn again, over exactly their passages, in their colours.
    await page.reload();
    await reader.waitOpen('Deltas');
    await waitFor(reader.body.locator('mark.rv-hl-noted'), 'the noted highlight after reload');
    const drawn = await marks.evaluateAll((ms) => ms.map((m) => [m.textContent, m.getAttribute('class')]));
    expect(drawn).toEqual([
      [FIRST, 'rv-hl rv-hl-green'],
      [SECOND, 'rv-hl rv-hl-yellow rv-hl-noted'],
    ]);
    // Clicking the noted one shows its note.
    await reader.body.locator('mark.rv-hl-noted').click();
    await waitFor(
      popover.locator(tid('highlight-note-text')).filter({ hasText: NOTE }),
      'the note in the popover',
    );
    await page.keyboard.press('Escape');
    await waitFor(popover, 'the highlight popover', { state: 'detached' });

    // The Highlights screen, from the sidebar's More menu.
    await new Sidebar(page).more('highlights');
    await waitForPath(page, '/highlights');
    const cards = page.locator(tid('highlight-card'));
    await waitFor(cards.nth(1), 'two highlight cards');
    expect(await page.locator(tid('highlight-quote')).allTextContents()).toEqual([FIRST, SECOND]);
    expect(await page.locator(tid('highlight-card-note')).allTextContents()).toEqual([NOTE]);

    // Searching finds the note.
    await page.locator(tid('highlights-search')).fill('nile');
    await waitFor(cards.filter({ hasText: SECOND }), 'the match');
    await waitFor(cards.filter({ hasText: FIRST }), 'the other card', { state: 'detached' });
    await page.locator(tid('highlights-search')).fill('');
    await waitFor(cards.nth(1), 'both cards again');

    // Markdown export holds both passages and the note.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(tid('highlights-export-md')).click(),
    ]);
    const md = await readFile(await download.path(), 'utf8');
    expect(md).toContain(`> ${FIRST}`);
    expect(md).toContain(`> ${SECOND}\n\n${NOTE}`);
    expect(md).toContain('## [Deltas](<');

    // The link goes back to the passage: the article opens and the highlight is flashed.
    const id = await cards.filter({ hasText: SECOND }).getAttribute('data-id');
    await cards.filter({ hasText: SECOND }).locator(tid('highlight-open')).click();
    await waitForPath(page, `/all/i/${itemId}`);
    expect(new URL(page.url()).hash).toBe(`#hl-${id}`);
    await reader.waitOpen('Deltas');
    await waitFor(
      reader.body.locator(`mark.rv-hl-flash[data-hl-id="${id}"]`),
      'the linked highlight flashed',
    );
    expect(realErrors(app.errors)).toEqual([]);
  });

  test('delete with Undo puts it back', async () => {
    const { page } = app;
    const reader = new ReaderScreen(page);
    await app.goto(`/all/i/${ids.itemIds[0]![0]!}`);
    await reader.waitOpen('Deltas');
    const first = reader.body.locator('mark.rv-hl-green');
    await waitFor(first, 'the green highlight');
    await first.click();
    await page.locator(tid('highlight-delete')).click();
    await waitFor(first, 'the green highlight', { state: 'detached' });
    await page.locator(tid('highlight-undo')).click();
    await waitFor(first, 'the green highlight back');
    expect(await first.textContent()).toBe(FIRST);
  });
});
