import type { Locator, Page } from 'playwright-core';
import { ReaderScreen } from './reader';
import { tid, waitFor } from './wait';

/**
 * Translation in the reader: the box with its status (`data-status`: streaming, done, stopped,
 * same; `data-cached`), the translated paragraphs under the originals, the view and language
 * choices; and the switch back from the whole article to the feed's version.
 */
export class ReaderTranslation {
  constructor(readonly page: Page) {}

  /** The translation box. */
  get box(): Locator {
    return this.page.locator(tid('translation')).describe('the translation box');
  }
  /** The box in this state ('streaming', 'done', 'stopped', 'same'). */
  status(s: string): Locator {
    return this.page.locator(`${tid('translation')}[data-status="${s}"]`).describe(`the translation ${s}`);
  }
  /** The box showing a saved translation (with a state: in that state too). */
  cached(s?: string): Locator {
    const state = s === undefined ? '' : `[data-status="${s}"]`;
    return this.page
      .locator(`${tid('translation')}${state}[data-cached="true"]`)
      .describe('the saved translation');
  }
  /** The translated paragraphs in the article body. */
  get paragraphs(): Locator {
    return this.page
      .locator(`${tid('reader-body')} ${tid('reader-translation')}`)
      .describe('the translated paragraphs');
  }
  /** How many translated paragraphs have text so far. */
  filled(): Promise<number> {
    return this.paragraphs.evaluateAll((els) => els.filter((e) => (e.textContent ?? '') !== '').length);
  }
  /** Every <p> of the article body (originals and translations). */
  get bodyParagraphs(): Locator {
    return this.page.locator(`${tid('reader-body')} p`).describe("the body's paragraphs");
  }
  /** Every list item of the article body. */
  get bodyListItems(): Locator {
    return this.page.locator(`${tid('reader-body')} li`).describe("the body's list items");
  }
  /** The body's links to `href`. */
  bodyLink(href: string): Locator {
    return this.page.locator(`${tid('reader-body')} a[href="${href}"]`).describe(`the link to ${href}`);
  }
  /** Links inside the translated paragraphs. */
  get translatedLinks(): Locator {
    return this.paragraphs.locator('a').describe('links in the translated paragraphs');
  }
  /** Picks a view of the translation by its label ('Translation only', …). */
  async view(label: string): Promise<void> {
    await this.page.locator(tid('translation-view')).getByText(label).click();
  }
  get cancelButton(): Locator {
    return this.page.locator(tid('translation-cancel')).describe("the translation's Cancel");
  }
  /** The line saying what the translation is ("not saved", "Already in English"). */
  get statusLine(): Locator {
    return this.page.locator(tid('translation-status')).describe("the translation's status line");
  }
  /** The language to translate into. */
  get language(): Locator {
    return this.page.locator(tid('translation-language')).describe("the translation's language");
  }
  /** The endpoint's error in the box. */
  get error(): Locator {
    return this.page.locator(`${tid('translation')} ${tid('ai-error')}`).describe('the translation error');
  }
  /** Switches back to the feed's version and waits until the whole article is gone. */
  async backToFeedVersion(): Promise<void> {
    const reader = new ReaderScreen(this.page);
    await reader.fulltextShowFeed.click();
    await waitFor(reader.fulltextShown, 'the whole article', { state: 'detached' });
  }
}

/** Translated titles in lists: the feed's menu switch and the rows' translated titles. */
export class TitleTranslation {
  constructor(readonly page: Page) {}

  /** The row titles shown translated. */
  get translated(): Locator {
    return this.page.locator(`${tid('item-title')}[data-translated]`).describe('the translated titles');
  }
  /** A feed's row in the sidebar. */
  feedRow(feedId: number): Locator {
    return this.page.locator(tid(`feed-row-${feedId}`)).describe(`the sidebar row of feed ${feedId}`);
  }
  /** The feed menu's "Translate titles" entry. */
  get menuEntry(): Locator {
    return this.page.locator(tid('feed-menu-translate-titles')).describe("the feed menu's Translate titles");
  }
  /** The original title atop a row's menu. */
  get originalInMenu(): Locator {
    return this.page.locator(tid('menu-original-title')).describe('the original title atop the row menu');
  }
}
