import type { Locator, Page } from 'playwright-core';
import { type HeldAcross, holdAcross, swipeAcross, tapOn } from './touch';
import { exactly, tid, waitFor } from './wait';

/** The article reader (pane, overlay or page): title, body, toolbar and its More menu. */
export class ReaderScreen {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('reader')).describe('the reader');
  }
  get title(): Locator {
    return this.page.locator(tid('reader-title')).describe('the reader title');
  }
  get body(): Locator {
    return this.page.locator(tid('reader-body')).describe('the article body');
  }
  /** Text anywhere in the reader (its first match). */
  showing(text: string | RegExp): Locator {
    return this.root
      .getByText(text)
      .first()
      .describe(`'${String(text)}' in the reader`);
  }
  /**
   * How far the reader's scrolling container (its nearest scrolling ancestor) is scrolled, and
   * how far it can go.
   */
  scrollPosition(): Promise<{ top: number; max: number }> {
    return this.root.evaluate((el) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowY;
        if ((overflow === 'auto' || overflow === 'scroll') && a.scrollHeight > a.clientHeight)
          return { top: a.scrollTop, max: a.scrollHeight - a.clientHeight };
      }
      return { top: 0, max: 0 };
    });
  }
  /** The reader's loading placeholder. */
  get loading(): Locator {
    return this.page.locator(tid('reader-loading')).describe('the reader loading');
  }
  /**
   * Starts counting the changes of the page during which the loading placeholder is shown (a
   * placeholder there for a single frame is counted too, which polling would miss); read the
   * count with `loadingSeen`.
   */
  async watchLoading(): Promise<void> {
    await this.page.evaluate((selector) => {
      const w = window as unknown as { __loadingSeen: number };
      w.__loadingSeen = 0;
      new MutationObserver(() => {
        if (document.querySelector(selector)) w.__loadingSeen++;
      }).observe(document.body, { childList: true, subtree: true });
    }, tid('reader-loading'));
  }
  loadingSeen(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __loadingSeen: number }).__loadingSeen);
  }
  /** The phone's full-screen reader. */
  get overlay(): Locator {
    return this.page.locator(tid('reader-overlay')).describe('the full-screen reader');
  }
  /** The article's author line. */
  get author(): Locator {
    return this.page.locator(tid('reader-author')).describe("the article's author");
  }
  /** The body's code blocks. */
  get codeBlocks(): Locator {
    return this.body.locator('pre').describe("the body's code blocks");
  }
  /** "Next article" at the article's end (names the next article). */
  get endNext(): Locator {
    return this.page.locator(tid('reader-end-next')).describe("the article end's Next article");
  }
  /** "Next feed with unread" at the end of the list's last article. */
  get endNextFeed(): Locator {
    return this.page.locator(tid('reader-end-next-feed')).describe("the article end's Next feed with unread");
  }
  /** "Back to the list" at the end of the list's last article. */
  get endBack(): Locator {
    return this.page.locator(tid('reader-end-back')).describe("the article end's Back to the list");
  }
  /** A finger put down on `over` at `from` of its width (see `holdAcross`). */
  hold(over: Locator, from: number): Promise<HeldAcross> {
    return holdAcross(over, from);
  }
  /** The article while a finger drags it aside. */
  get draggedAside(): Locator {
    return this.page
      .locator(`${tid('reader')} .rv-reader-grid[data-swiping="drag"]`)
      .describe('the article dragged aside');
  }
  /** A swipe across `over`, from `from` to `to` of its width (see `swipeAcross`). */
  swipe(over: Locator, from: number, to: number): Promise<void> {
    return swipeAcross(over, from, to);
  }
  /** A paragraph of the body holding `text`. */
  paragraph(text: string): Locator {
    return this.body.locator('p', { hasText: text }).describe(`the body's paragraph with '${text}'`);
  }
  /** The article's date. */
  get date(): Locator {
    return this.root.locator('time').first().describe("the article's date");
  }
  /** A toolbar control by its short name: 'close', 'save', 'read', 'prev', 'next', 'more', 'original'. */
  button(name: string): Locator {
    return this.page.locator(tid(`reader-${name}`)).describe(`the reader's ${name} button`);
  }
  /** The feed's name in the article's header: a link to the feed's list. */
  get feedLink(): Locator {
    return this.page.locator(tid('reader-feed')).describe("the article's feed name");
  }
  /** A tap on `over`, `dy` px below its middle (see `tapOn`). */
  tap(over: Locator, dy = 0): Promise<void> {
    return tapOn(over, dy);
  }
  /** The link of the reader's title (to the original). */
  get titleLink(): Locator {
    return this.title.locator('a').describe("the title's link");
  }
  /** The links inside the article body. */
  get bodyLinks(): Locator {
    return this.body.locator('a').describe('the links in the article');
  }
  /** The reader's Tags button. */
  get tagsButton(): Locator {
    return this.root.locator(tid('reader-tags-button')).describe("the reader's Tags button");
  }
  /** The toolbar's save / read toggle in the given state. */
  pressed(name: 'save' | 'read', on = true): Locator {
    return this.page
      .locator(`${tid(`reader-${name}`)}[aria-pressed="${on}"]`)
      .describe(`the reader's ${name} button ${on ? 'on' : 'off'}`);
  }

  /** Waits for the reader (with a title: showing that article). */
  async waitOpen(title?: string, timeout?: number): Promise<void> {
    if (title === undefined) await waitFor(this.title, 'the reader', { timeout });
    else
      await waitFor(this.title.filter({ hasText: exactly(title) }), `the reader showing '${title}'`, {
        timeout,
      });
  }
  /** Waits until no reader is in the page. */
  async waitClosed(): Promise<void> {
    await waitFor(this.root, 'the reader', { state: 'detached' });
  }
  /** Closes with the toolbar's close button and waits until the reader is gone. */
  async close(): Promise<void> {
    await this.button('close').click();
    await this.waitClosed();
  }
  /** Opens the More menu and picks the item with this label (or `reader-action-<id>` test id). */
  async menu(label: string): Promise<void> {
    await this.button('more').click();
    const menu = this.page.locator(tid('reader-more-menu'));
    await waitFor(menu, "the reader's More menu");
    const item = menu.getByRole('menuitem', { name: label }).or(menu.locator(tid(`reader-action-${label}`)));
    await waitFor(item.first(), `'${label}' in the reader's More menu`);
    await item.first().click();
  }
  /** The article's reading time. */
  get readingTime(): Locator {
    return this.page.locator(tid('reader-reading-time')).describe("the article's reading time");
  }
  /** The line saying the whole article (from the site) is shown, and its "Show the feed's version". */
  get fulltextShown(): Locator {
    return this.page.locator(tid('fulltext-shown')).describe('the whole article shown');
  }
  get fulltextShowFeed(): Locator {
    return this.page.locator(tid('fulltext-show-feed')).describe("Show the feed's version");
  }
  /** The note that the feed's version is shown instead (carries `data-reason`), and its Retry. */
  get fulltextFallback(): Locator {
    return this.page.locator(tid('fulltext-fallback')).describe("the note that the feed's version is shown");
  }
  get fulltextRetry(): Locator {
    return this.page.locator(tid('fulltext-retry')).describe('Retry of the whole article');
  }
  /** Script elements inside the article body (a sanitised body has none). */
  get bodyScripts(): Locator {
    return this.body.locator('script').describe('scripts in the article body');
  }
  /** Pictures inside the article body. */
  get bodyImages(): Locator {
    return this.body.locator('img').describe('pictures in the article body');
  }
  /** The line left where a picture could not load (its alt text). */
  get missingImageNote(): Locator {
    return this.body.locator('.rv-img-missing').describe('the note of a picture that could not load');
  }
  /** The outline beside the article (wide panes). */
  get outline(): Locator {
    return this.page.locator(tid('reader-chapters')).describe('the outline beside the article');
  }
  /** The outline folded under the header (narrow panes). */
  get outlineFold(): Locator {
    return this.page.locator(tid('reader-chapters-inline')).describe('the folded outline');
  }
  /** The line that opens and closes the folded outline. */
  get outlineFoldToggle(): Locator {
    return this.outlineFold.locator('summary').describe('the fold of the outline');
  }
  /** One section in the folded outline. */
  outlineFoldEntry(name: string): Locator {
    return this.outlineFold
      .getByRole('button', { name })
      .describe(`the section '${name}' in the folded outline`);
  }
}
