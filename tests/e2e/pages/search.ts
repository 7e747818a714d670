import type { Locator, Page } from 'playwright-core';
import { tid, waitUntil } from './wait';

/** The search results page (/search) and the related-articles view (/filter?related=…). */
export class SearchScreen {
  constructor(readonly page: Page) {}

  /** The page's own search box. */
  get input(): Locator {
    return this.page.locator(tid('search-page-input')).describe("the search page's box");
  }
  /** The box's clear button (shown while it holds text). */
  get clearButton(): Locator {
    return this.page.locator(tid('search-page-clear')).describe("the search box's clear button");
  }
  /** The search words marked in a row: in its title, then in its snippet. */
  async marks(row: Locator): Promise<{ title: string[]; snippet: string[] }> {
    return {
      title: await row.locator('[data-testid="item-title"] mark').allTextContents(),
      snippet: await row.locator('p mark').allTextContents(),
    };
  }
  get empty(): Locator {
    return this.page.locator(tid('search-page-empty')).describe("the search page's 'no articles match'");
  }
  get emptyHint(): Locator {
    return this.page.locator(tid('search-page-empty-hint')).describe("the search page's hint");
  }
  /** The heading of the related-articles view. */
  get relatedTitle(): Locator {
    return this.page.locator(tid('related-title')).describe("the related view's heading");
  }
  /** The likely duplicates of the article in the related view. */
  get duplicates(): Locator {
    return this.page.locator(tid('related-duplicate')).describe('the likely duplicates');
  }
  /** Waits until the related view's heading names the article. */
  async waitForRelatedTo(title: string): Promise<void> {
    await waitUntil(
      this.page,
      `the related view's heading to name '${title}'`,
      (t) => document.querySelector('[data-testid="related-title"]')?.textContent?.includes(t),
      title,
    );
  }
  /** Searches again from the page's box. */
  async search(text: string): Promise<void> {
    await this.input.fill(text);
    await this.input.press('Enter');
  }
}
