import type { Locator, Page } from 'playwright-core';
import { imagesSettled, painted, tid } from './wait';

/**
 * Where the reader shows beside or over the list (views.e2e): the column view's reader pane,
 * the reader overlay over the list, and waits for their pictures before a screenshot.
 */
export class ReaderPanes {
  constructor(readonly page: Page) {}

  /** The column view's reader pane. */
  get pane(): Locator {
    return this.page.locator(tid('reader-pane')).describe('the reader pane');
  }
  /** The reader title inside the pane. */
  get paneTitle(): Locator {
    return this.page
      .locator(`${tid('reader-pane')} ${tid('reader-title')}`)
      .describe('the title in the reader pane');
  }
  /** The reader over the list. */
  get overlay(): Locator {
    return this.page.locator(tid('reader-overlay')).describe('the reader over the list');
  }
  /** The reader title inside the overlay. */
  get overlayTitle(): Locator {
    return this.page
      .locator(`${tid('reader-overlay')} ${tid('reader-title')}`)
      .describe('the title in the reader over the list');
  }
  /** The pictures of the article in the overlay. */
  get overlayPictures(): Locator {
    return this.page
      .locator(`${tid('reader-overlay')} ${tid('reader-body')} img`)
      .describe('the pictures in the reader over the list');
  }
  /** Waits until the list's pictures have loaded (or failed) and are drawn. */
  async listSettled(what: string): Promise<void> {
    await imagesSettled(this.page, tid('items-view'), what);
    await painted(this.page);
  }
  /** Waits until the overlay's pictures have loaded (or failed) and are drawn. */
  async overlaySettled(what: string): Promise<void> {
    await imagesSettled(this.page, tid('reader-overlay'), what);
    await painted(this.page);
  }
}
