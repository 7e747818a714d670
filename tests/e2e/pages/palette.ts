import type { Locator, Page } from 'playwright-core';
import { tid, waitFor, waitUntil } from './wait';

/** The search palette (`/`, Ctrl+K): its box, article results and places (feeds, groups, screens). */
export class Palette {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('search-palette')).describe('the search palette');
  }
  get input(): Locator {
    return this.page.locator(tid('search-input')).describe("the palette's search box");
  }
  /** The article results. */
  get results(): Locator {
    return this.page.locator(tid('search-result')).describe("the palette's article results");
  }
  /** The results answered for exactly the text in the box (older ones stay visible meanwhile). */
  get fresh(): Locator {
    return this.page
      .locator(`${tid('search-results')}[data-fresh="true"]`)
      .describe('the results for the text typed');
  }
  /** A result's title. */
  resultTitle(result: Locator): Locator {
    return result.locator('p').first();
  }
  /** A result's first highlighted word. */
  resultMark(result: Locator): Locator {
    return result.locator('mark').first();
  }
  /** The titles of the article results. */
  resultTitles(): Promise<string[]> {
    return this.page.locator(`${tid('search-result')} p:first-child`).allTextContents();
  }
  /** The option the box names as its active one (aria-activedescendant), as text; null if none. */
  activeOptionText(): Promise<string | null> {
    return this.input.evaluate((el) => {
      const id = el.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent ?? null) : null;
    });
  }
  /** The option shown as chosen (aria-selected), as text. */
  selectedOptionText(): Promise<string | null> {
    return this.page.locator('[data-testid="search-results"] [aria-selected="true"]').textContent();
  }
  /** Waits for the results answered for the text now in the box. */
  async waitFresh(): Promise<void> {
    await waitFor(this.fresh, 'the palette to answer the text typed');
  }
  get noResults(): Locator {
    return this.page.locator(tid('search-no-results')).describe("the palette's 'no results'");
  }
  get seeAll(): Locator {
    return this.page.locator(tid('search-see-all')).describe("the palette's 'see all results'");
  }
  /** The places offered (kind: 'feed', 'group', 'screen', …). */
  places(kind?: string): Locator {
    const sel = kind === undefined ? tid('palette-place') : `${tid('palette-place')}[data-kind="${kind}"]`;
    return this.page
      .locator(sel)
      .describe(kind === undefined ? 'the palette places' : `the palette's ${kind}s`);
  }
  /** Opens the palette with `key` and waits until its box has the focus (typing goes there). */
  async open(key = 'Control+k'): Promise<void> {
    await this.page.keyboard.press(key);
    await waitUntil(
      this.page,
      `the palette's search box to take the focus after ${key}`,
      () => document.activeElement?.getAttribute('data-testid') === 'search-input',
      null,
    );
  }
  /** Types into the box. */
  async search(text: string): Promise<void> {
    await this.input.fill(text);
  }
  /** Waits for a place of this kind (with this text, if given). */
  async waitForPlace(kind: string, text?: string): Promise<void> {
    const place = text === undefined ? this.places(kind) : this.places(kind).filter({ hasText: text });
    await waitFor(place.first(), `the palette to offer the ${kind}${text === undefined ? '' : ` '${text}'`}`);
  }
}
