import type { Locator, Page } from 'playwright-core';
import { tid, waitFor, waitUntil } from './wait';

/**
 * What reading.e2e drives beyond the list and reader page objects: the shortcuts sheet, the
 * row menu, the keyboard's Mark-all menu, the Markdown view, the reader's audio and the image
 * preview.
 */
export class ReadingUi {
  constructor(readonly page: Page) {}

  /** Rows whose title starts with `prefix`. */
  rowsStartingWith(prefix: string): Locator {
    return this.page
      .locator(`${tid('item-row')}[aria-label^="${prefix}"]`)
      .describe(`the rows starting with '${prefix}'`);
  }
  /** An engine error or the Not found page, whichever shows. */
  get failure(): Locator {
    return this.page
      .locator(`${tid('engine-error')}, ${tid('not-found')}`)
      .describe('an engine error or Not found');
  }
  /** The keyboard shortcuts sheet. */
  get shortcutsHelp(): Locator {
    return this.page.locator(tid('shortcuts-help')).first().describe('the keyboard shortcuts sheet');
  }
  /** A line of the keyboard shortcuts sheet, by its exact text. */
  shortcutLine(text: string): Locator {
    return this.page
      .locator(`${tid('shortcuts-help')} .mantine-Modal-content`)
      .getByText(text, { exact: true })
      .first()
      .describe(`'${text}' in the keyboard shortcuts sheet`);
  }
  /** The line of the shortcuts sheet's `scope` section (reader, list…) that says `text`. */
  shortcutRow(scope: string, text: string): Locator {
    return this.page
      .locator(`${tid(`shortcuts-${scope}`)} ${tid('shortcut-row')}`)
      .filter({ hasText: text })
      .describe(`'${text}' in the shortcuts sheet's ${scope} keys`);
  }
  /** The keyboard shortcuts sheet's dialog box, there only while the sheet is open. */
  get shortcutsSheetOpen(): Locator {
    return this.page
      .locator(`${tid('shortcuts-help')} .mantine-Modal-content`)
      .describe('the keyboard shortcuts sheet, open');
  }
  /**
   * Waits until every open dialog has finished appearing (none is still in its first, faded-out
   * frame), so keys pressed next reach it rather than the page.
   */
  async waitDialogsShown(what: string): Promise<void> {
    await waitUntil(
      this.page,
      what,
      () =>
        [...document.querySelectorAll<HTMLElement>('.mantine-Modal-content')].every(
          (el) => el.style.opacity !== '0',
        ),
      null,
    );
  }
  /** The row menu's "Mark above as read". */
  get menuMarkAbove(): Locator {
    return this.page.locator(tid('menu-mark-above')).describe("the row menu's Mark above as read");
  }
  /** The row menu's "Mark as read". */
  get menuRead(): Locator {
    return this.page.locator(tid('menu-read')).describe("the row menu's Mark as read");
  }
  /** The ⋯ button of a row, which opens its menu. */
  rowMenuButton(row: Locator): Locator {
    return row.locator(tid('item-menu')).describe("the row's menu button");
  }
  /** The Mark-all menu, open. */
  get markAllMenu(): Locator {
    return this.page.locator(tid('mark-all-menu')).describe('the Mark all read menu');
  }
  /** A Mark-all choice holding the keyboard focus. */
  focusedChoice(which: string): Locator {
    return this.page
      .locator(`${tid(`mark-all-${which}`)}:focus`)
      .describe(`Mark all read: ${which}, focused`);
  }
  /** The "all read" empty state. */
  get allRead(): Locator {
    return this.page.locator(tid('items-all-read')).describe('the note that everything is read');
  }
  /** "Next feed with unread" under the empty list. */
  get nextFeed(): Locator {
    return this.page.locator(tid('items-next-feed')).describe('Next feed with unread');
  }
  /** The reader's Markdown view toggle (in the More menu). */
  get markdownToggle(): Locator {
    return this.page.locator(tid('reader-markdown-toggle')).describe('the Markdown toggle');
  }
  /** The Markdown view. */
  get markdown(): Locator {
    return this.page.locator(tid('reader-markdown')).describe('the Markdown view');
  }
  /** The More menu's Copy as Markdown. */
  get copyMarkdown(): Locator {
    return this.page.locator(tid('reader-copy-markdown')).describe('Copy as Markdown');
  }
  /** The app's one audio element. */
  get audio(): Locator {
    return this.page.locator(`audio${tid('player-media')}`).describe('the audio element');
  }
  /** Waits until the audio has played past `seconds`. */
  async waitAudioPast(seconds: number): Promise<void> {
    await waitUntil(
      this.page,
      `the audio to play past ${seconds} s`,
      ([sel, t]) => (document.querySelector(sel) as HTMLAudioElement).currentTime > t,
      [`audio${tid('player-media')}`, seconds] as const,
    );
  }
  /** A picture of the article body by its alt text. */
  bodyImage(alt: string): Locator {
    return this.page.locator(`${tid('reader-body')} img[alt="${alt}"]`).describe(`the picture '${alt}'`);
  }
  /** The pictures of the article body. */
  get bodyImages(): Locator {
    return this.page.locator(`${tid('reader-body')} img`).describe("the article's pictures");
  }
  /** The image preview, its counter ("2 / 3") and a part by test id suffix. */
  get preview(): Locator {
    return this.page.locator(tid('image-preview')).describe('the image preview');
  }
  get previewCounter(): Locator {
    return this.page.locator(tid('image-preview-counter')).describe("the image preview's counter");
  }
  /** A control of the preview: 'prev', 'thumbs-toggle', 'view-in-article', 'close'. */
  previewPart(part: string): Locator {
    return this.page.locator(tid(`image-preview-${part}`)).describe(`the image preview's ${part}`);
  }
  /** The thumbnails' buttons. */
  get previewThumbs(): Locator {
    return this.page.locator(`${tid('image-preview-thumbs')} button`).describe("the preview's thumbnails");
  }
  /** The alt text of the picture the preview shows. */
  previewShowing(): Promise<string | null> {
    return this.page.locator(tid('image-preview-img')).getAttribute('alt');
  }
  /** Waits until the preview is gone. */
  async waitPreviewClosed(): Promise<void> {
    await waitFor(this.preview, 'the image preview', { state: 'detached' });
  }
  /** Waits until the body's picture `alt` lies wholly in the window. */
  async waitImageInView(alt: string): Promise<void> {
    await waitUntil(
      this.page,
      `the picture '${alt}' scrolled into view`,
      (sel) => {
        const img = document.querySelector(sel);
        if (!img) return false;
        const r = img.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      },
      `${tid('reader-body')} img[alt="${alt}"]`,
    );
  }
  /** Waits until the reader's title is no longer `title`. */
  async waitReaderLeft(title: string): Promise<void> {
    await waitUntil(
      this.page,
      `the reader to move on from '${title}'`,
      ([sel, t]) => document.querySelector(sel)?.textContent?.trim() !== t,
      [tid('reader-title'), title] as const,
    );
  }
  /** Waits until the row `title` is read or no longer listed. */
  async waitRowReadOrGone(title: string): Promise<void> {
    await waitUntil(
      this.page,
      `the row '${title}' read or gone`,
      (sel) =>
        document.querySelector(sel) === null ||
        document.querySelector(sel)?.getAttribute('data-unread') === 'false',
      `${tid('item-row')}[aria-label="${title}"]`,
    );
  }
  /** Waits until the row `title` is read. */
  async waitRowRead(title: string): Promise<void> {
    await waitUntil(
      this.page,
      `the row '${title}' read`,
      (sel) => document.querySelector(sel)?.getAttribute('data-unread') === 'false',
      `${tid('item-row')}[aria-label="${title}"]`,
    );
  }
  /** Waits until the row `title` is gone from the list. */
  async waitRowGone(title: string): Promise<void> {
    await waitUntil(
      this.page,
      `the row '${title}' gone`,
      (sel) => !document.querySelector(sel),
      `${tid('item-row')}[aria-label="${title}"]`,
    );
  }
  /** Waits until the first `n` rows are read. */
  async waitFirstRowsRead(n: number): Promise<void> {
    await waitUntil(
      this.page,
      `the first ${n} rows read`,
      ([sel, count]) =>
        [...document.querySelectorAll(sel)]
          .slice(0, count)
          .every((r) => r.getAttribute('data-unread') === 'false'),
      [tid('item-row'), n] as const,
    );
  }
  /** Waits until the scroller has drawn a row (not the first) at its top edge. */
  async waitRowsDrawnAtTop(what: string): Promise<void> {
    await waitUntil(
      this.page,
      what,
      ([list, rowSel]) => {
        const box = document.querySelector(list)!.getBoundingClientRect();
        return [...document.querySelectorAll(`${list} ${rowSel}`)].some((r) => {
          const b = r.getBoundingClientRect();
          return Number(r.getAttribute('data-item-index')) > 0 && b.top <= box.top + 1 && b.bottom > box.top;
        });
      },
      [tid('items-list'), tid('item-row')] as const,
    );
  }
  /** The mini-player's close button. */
  get miniPlayerClose(): Locator {
    return this.page.locator(tid('mini-player-close')).describe("the mini-player's close");
  }
  /** Waits until the app shows a feed other than the one at `from` (/f/<id>). */
  async waitForOtherFeed(from: string): Promise<void> {
    try {
      await this.page.waitForURL((u) => /^\/f\/\d+$/.test(u.pathname) && u.pathname !== from);
    } catch (err) {
      throw new Error(`Waited in vain for a feed other than ${from}; the page is at ${this.page.url()}.`, {
        cause: err,
      });
    }
  }
}
