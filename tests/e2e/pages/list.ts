import type { Locator, Page } from 'playwright-core';
import { type HeldAcross, holdAcross, swipeAcross, touchStroke } from './touch';
import { exactly, tid, waitFor, waitUntil } from './wait';

/**
 * The article list (any view: list, cards, magazine, columns, text): its rows by title, its
 * header counts, the virtual scroller. A row's title is its aria-label.
 */
export class ListScreen {
  constructor(readonly page: Page) {}

  /** The list screen's root (carries `data-view`). */
  get view(): Locator {
    return this.page.locator(tid('items-view')).describe('the article list');
  }
  /** The scroller of the virtual list (carries `data-count` and `data-loaded`). */
  get scroller(): Locator {
    return this.page.locator(tid('items-list')).describe('the list scroller');
  }
  /** Every rendered row. */
  get rows(): Locator {
    return this.page.locator(tid('item-row')).describe('the article rows');
  }
  /** The rows inside the list screen (not another list on the page). */
  get viewRows(): Locator {
    return this.page
      .locator(`${tid('items-view')} ${tid('item-row')}`)
      .describe('the rows of the article list');
  }
  /** The title element of every rendered row. */
  get rowTitles(): Locator {
    return this.page.locator(`${tid('item-row')} ${tid('item-title')}`).describe('the row titles');
  }
  /** The title element of one row. */
  rowTitle(row: Locator): Locator {
    return row.locator(tid('item-title'));
  }
  /** A snippet paragraph of a row holding `text`. */
  rowSnippet(row: Locator, text: string): Locator {
    return row.locator('p', { hasText: text }).describe(`the snippet with '${text}'`);
  }
  /** The row of the article with this title. */
  row(title: string): Locator {
    return this.page.locator(`${tid('item-row')}[aria-label="${title}"]`).describe(`the row '${title}'`);
  }
  /** The row of this title, read (`data-unread="false"`). */
  readRow(title: string): Locator {
    return this.page
      .locator(`${tid('item-row')}[aria-label="${title}"][data-unread="false"]`)
      .describe(`the row '${title}' read`);
  }
  /** The selected row (with a title: that row, selected). */
  selected(title?: string): Locator {
    const sel = `${tid('item-row')}${title === undefined ? '' : `[aria-label="${title}"]`}[data-selected="true"]`;
    return this.page
      .locator(sel)
      .describe(title === undefined ? 'the selected row' : `the row '${title}' selected`);
  }
  /** The rows as assistive technology meets them: a listbox of options. */
  get listbox(): Locator {
    return this.page.getByRole('listbox').describe('the listbox of articles');
  }
  /** The option the list marks selected (`aria-selected`), with this name when given. */
  selectedOption(name?: string): Locator {
    return this.listbox
      .getByRole('option', { selected: true, ...(name === undefined ? {} : { name, exact: true }) })
      .describe(name === undefined ? 'the selected option' : `the option '${name}' selected`);
  }
  /**
   * What a screen reader announces on the list: the name of the option the focused listbox names
   * as its active descendant (it must be that selected option), or null when the listbox has no
   * focus or names none.
   */
  async announced(): Promise<string | null> {
    return this.listbox.evaluate((el) => {
      if (document.activeElement !== el) return null;
      const id = el.getAttribute('aria-activedescendant');
      const option = id ? document.getElementById(id) : null;
      if (!option || option.getAttribute('role') !== 'option') return null;
      return option.getAttribute('aria-selected') === 'true' ? option.getAttribute('aria-label') : null;
    });
  }
  /** Where the keyboard is: in the reader over the list, in what it covers, elsewhere, or nowhere. */
  focusPlace(): Promise<'reader' | 'covered' | 'elsewhere' | 'body'> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'body';
      if (el.closest('[data-testid="reader-overlay"]')) return 'reader';
      return el.closest('[data-testid="items-view"]') ? 'covered' : 'elsewhere';
    });
  }
  /** The list laid out for a phone (narrower than 768 px) or, with `narrow` false, for wider. */
  laidOut(narrow: boolean): Locator {
    const sel = narrow ? `${tid('items-view')}[data-narrow]` : `${tid('items-view')}:not([data-narrow])`;
    return this.page
      .locator(sel)
      .describe(narrow ? 'the list laid out for a phone' : 'the list laid out wide');
  }
  /** The list's heading. */
  get title(): Locator {
    return this.page.locator(`${tid('items-view')} ${tid('page-title')}`).describe('the list heading');
  }
  /** The header count ("12 unread of 311"). */
  get unread(): Locator {
    return this.page.locator(tid('items-unread')).describe('the unread count in the list header');
  }
  /** A synced feed's "Load older articles" and what it found. */
  get loadOlder(): Locator {
    return this.page.locator(tid('load-older-button')).describe('Load older articles');
  }
  get loadOlderResult(): Locator {
    return this.page.locator(tid('load-older-result')).describe('what Load older found');
  }
  /** Whichever empty state shows: all read, empty, nothing saved. */
  get emptyState(): Locator {
    return this.page
      .locator(`${tid('items-all-read')}, ${tid('items-empty')}, ${tid('saved-empty')}`)
      .first()
      .describe("the list's empty state");
  }
  /** The mark at the end of the list. */
  get end(): Locator {
    return this.page.locator(tid('items-end')).describe('the end of the list');
  }
  /** "Next feed with unread" at the end of the list. */
  get endNextFeed(): Locator {
    return this.page.locator(tid('items-end-next-feed')).describe("the list end's Next feed with unread");
  }
  /** The note that the article in the address is not there, and its dismiss button. */
  get articleMissing(): Locator {
    return this.page.locator(tid('article-missing')).describe('the note on an unknown article');
  }
  get articleMissingDismiss(): Locator {
    return this.page.locator(tid('article-missing-dismiss')).describe("the note's dismiss");
  }
  /** Waits until the list is scrolled further than `px`. */
  async waitScrolledPast(px: number): Promise<void> {
    await waitUntil(
      this.page,
      `the list scrolled past ${px} px`,
      ([s, p]) => (document.querySelector(s)?.scrollTop ?? 0) > p,
      [tid('items-list'), px] as const,
    );
  }
  /** The title of the topmost row in view. */
  firstVisibleTitle(): Promise<string | null> {
    return this.page.evaluate(
      ([listSel, rowSel]) => {
        const list = document.querySelector(listSel)!;
        const top = list.getBoundingClientRect().top;
        const rows = [...document.querySelectorAll(rowSel)];
        const visible = rows.filter((r) => r.getBoundingClientRect().bottom > top + 2);
        visible.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
        return visible[0]?.getAttribute('aria-label') ?? null;
      },
      [tid('items-list'), tid('item-row')] as const,
    );
  }
  /** The header's Refresh button. */
  get refreshButton(): Locator {
    return this.page.locator(tid('items-refresh')).describe("the list's Refresh");
  }
  /** The list's loading placeholder. */
  get loading(): Locator {
    return this.page.locator(tid('items-loading')).describe('the list loading');
  }
  /** What the loading placeholder says it waits for (after two seconds). */
  get loadingText(): Locator {
    return this.page.locator(tid('items-loading-text')).describe('what the list says it waits for');
  }
  /** Why the library takes long to open (after eight seconds of a start). */
  get loadingWhy(): Locator {
    return this.page.locator(tid('items-loading-why')).describe('why the library takes long to open');
  }
  /** The list in a view other than `view`. */
  notInView(view: string): Locator {
    return this.page
      .locator(`${tid('items-view')}:not([data-view="${view}"])`)
      .describe(`the list not in ${view} view`);
  }
  /** The read toggle on the row of this title. */
  readToggle(title: string): Locator {
    return this.row(title).locator(tid('item-read')).describe(`the read toggle of '${title}'`);
  }
  /** The header's "Mark all read" button. */
  get markAllButton(): Locator {
    return this.page.locator(tid('items-mark-all')).describe('Mark all read');
  }
  /** A choice of the mark-all menu ('all', 'week', …). */
  markAllChoice(which: string): Locator {
    return this.page.locator(tid(`mark-all-${which}`)).describe(`Mark all read: ${which}`);
  }
  /** A finger pulling the list down `by` pixels from its first row and letting go (see `touchStroke`). */
  async pull(by: number): Promise<void> {
    const box = await this.rows.first().boundingBox();
    if (!box) throw new Error('Cannot pull the list: it has no first row on screen');
    const from = { x: box.x + box.width / 2, y: box.y + 10 };
    await touchStroke(this.page, from, { x: from.x, y: from.y + by });
  }
  /** The row titled `title` only while it is (un)read and (un)saved as `state` says. */
  rowWhen(title: string, state: { unread?: boolean; saved?: boolean }): Locator {
    const attrs = Object.entries(state)
      .map(([k, v]) => `[data-${k}="${String(v)}"]`)
      .join('');
    return this.row(title)
      .and(this.page.locator(attrs))
      .describe(`the row '${title}' ${JSON.stringify(state)}`);
  }
  /** A swipe across the row titled `title`, from `from` to `to` of its width (see `swipeAcross`). */
  swipeRow(title: string, from: number, to: number): Promise<void> {
    return swipeAcross(this.row(title), from, to);
  }
  /** A finger put down on the row titled `title` at `from` of its width (see `holdAcross`). */
  holdRow(title: string, from: number): Promise<HeldAcross> {
    return holdAcross(this.row(title), from);
  }
  /**
   * What a dragged row uncovers, showing `action` ('read' or 'save'), ready to act when `armed`.
   */
  swipeBackdrop(action: 'read' | 'save', armed: boolean): Locator {
    return this.page
      .locator(`${tid('swipe-backdrop')}[data-action="${action}"][data-armed="${String(armed)}"]`)
      .describe(`a dragged row's '${action}' backdrop${armed ? ', ready' : ''}`);
  }
  /** Any dragged row's backdrop. */
  get anySwipeBackdrop(): Locator {
    return this.page.locator(tid('swipe-backdrop')).describe("a dragged row's backdrop");
  }
  /** Pull to refresh's indicator (carries `data-phase`). */
  get pullIndicator(): Locator {
    return this.page.locator(tid('pull-refresh')).describe("pull to refresh's indicator");
  }
  /** Opens "Mark all read" and picks `which` (the confirmation is left to the test). */
  async markAll(which = 'all'): Promise<void> {
    await this.markAllButton.click();
    await this.markAllChoice(which).click();
  }
  /** Waits until the header count no longer reads `text`. */
  async waitForUnreadNot(text: string): Promise<void> {
    await waitFor(this.unread.filter({ hasNotText: text }), `the list header to stop saying '${text}'`);
  }
  /** The titles of the rendered rows, top to bottom. */
  titles(): Promise<string[]> {
    return this.rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  }
  /** The title text shown in each rendered row. */
  shownTitles(): Promise<string[]> {
    return this.page.locator(`${tid('item-row')} ${tid('item-title')}`).allTextContents();
  }

  /** Waits for the row with this title (or, without one, for any row). */
  async waitForRow(title?: string, timeout?: number): Promise<void> {
    if (title === undefined) await waitFor(this.rows.first(), 'a row in the article list', { timeout });
    else await waitFor(this.row(title), `the row '${title}' in the article list`, { timeout });
  }
  /** Waits until the header count contains `text` ("77 unread" in "77 unread of 80"). */
  async waitForUnread(text: string | RegExp): Promise<void> {
    await waitFor(this.unread.filter({ hasText: text }), `the list header to say '${String(text)}'`);
  }
  /** Clicks the row and waits for the reader to show that article. */
  async open(title: string): Promise<void> {
    await this.waitForRow(title);
    await this.row(title).click();
    await waitFor(
      this.page.locator(tid('reader-title')).filter({ hasText: exactly(title) }),
      `the reader showing '${title}' after a click on its row`,
    );
  }
  /** Clicks the first row and waits for the reader to open. */
  async openFirst(): Promise<void> {
    await this.waitForRow();
    await this.rows.first().click();
    await waitFor(this.page.locator(tid('reader-title')), 'the reader after a click on the first row');
  }
  /** The list scroller's scrollTop. */
  scrollTop(): Promise<number> {
    return this.scroller.evaluate((el) => el.scrollTop);
  }
  /** Scrolls the virtual list down until the row exists, then brings it into view. */
  async scrollToRow(title: string): Promise<void> {
    for (let i = 0; i < 40 && (await this.row(title).count()) === 0; i++) {
      await this.scroller.evaluate((el) => (el.scrollTop += 300));
      await this.page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    }
    await this.row(title).scrollIntoViewIfNeeded();
  }
  /** Whether the row lies inside the list's visible box. */
  async rowInView(title: string): Promise<boolean> {
    const list = await this.scroller.boundingBox();
    const box = await this.row(title).boundingBox();
    return !!list && !!box && box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
  }
  /**
   * What of a text-only row shows at its right end: its date, its buttons, or both drawn over
   * each other (the date visible under buttons that are not transparent).
   */
  async textRowEnd(title: string): Promise<'date' | 'buttons' | 'both'> {
    return this.row(title).evaluate((row) => {
      const age = row.querySelector('time');
      const buttons = row.querySelector('[data-testid="item-read"]')?.parentElement;
      const dateShown = !!age && getComputedStyle(age).visibility !== 'hidden';
      const buttonsShown = !!buttons && getComputedStyle(buttons).opacity !== '0';
      return dateShown && buttonsShown ? 'both' : dateShown ? 'date' : 'buttons';
    });
  }
  /** The strip of a row's buttons (save, read, menu). */
  rowButtons(row: Locator): Locator {
    return row.locator(tid('item-actions')).describe("the row's buttons");
  }
  /** The read toggle of a row. */
  readToggleOf(row: Locator): Locator {
    return row.locator(tid('item-read')).describe("the row's read toggle");
  }
  /** The "all read" empty state. */
  get allRead(): Locator {
    return this.page.locator(tid('items-all-read')).describe('the all-read state of the list');
  }
  /** The empty state's note that "Hide read articles" hides some, and its "Show read". */
  get hiddenRead(): Locator {
    return this.page.locator(tid('items-hidden-read')).describe('the note on hidden read articles');
  }
  get showRead(): Locator {
    return this.page.locator(tid('items-show-read')).describe('Show read');
  }
  /** An empty feed whose fetch failed: the state (which leaves the error to the feed's banner). */
  get fetchFailed(): Locator {
    return this.page.locator(tid('items-fetch-failed')).describe('the empty state of a failing feed');
  }
  /** The buttons of a failing feed's empty state (none: the feed's banner has Retry). */
  get fetchFailedButtons(): Locator {
    return this.fetchFailed.getByRole('button').describe("the failing feed's empty state's buttons");
  }
  /** Waits until the virtual list has loaded exactly `n` rows (its `data-loaded`). */
  async waitForLoaded(n: number): Promise<void> {
    await waitUntil(
      this.page,
      `the list to have loaded ${n} rows`,
      ([s, k]) => document.querySelector(s)?.getAttribute('data-loaded') === String(k),
      [tid('items-list'), n] as const,
    );
  }
  /** The menu of a row (right-click, ⋯ or long-press). */
  get rowMenu(): Locator {
    return this.page.locator(tid('item-context-menu')).describe('the row menu');
  }
  /** The row menu once it holds the keyboard focus (opened from the keyboard, its arrows work). */
  get rowMenuFocused(): Locator {
    return this.page.locator(`${tid('item-context-menu')}:focus-within`).describe('the row menu, focused');
  }
  /** An entry of the row menu by its id ('open', 'send-wallabag', 'web-share', …). */
  rowMenuItem(id: string): Locator {
    return this.rowMenu.locator(tid(`menu-${id}`)).describe(`the row menu entry '${id}'`);
  }
  /** Right-clicks the row of this title and waits for its menu. */
  async openRowMenu(title: string): Promise<void> {
    await this.waitForRow(title);
    await this.row(title).click({ button: 'right' });
    await waitFor(this.rowMenu, `the menu of the row '${title}'`);
  }
  /**
   * Rests a finger on the row titled `title` until its menu opens (a long press), then lifts it.
   * With `busyAfterLift`, the page is kept busy that many ms once it has seen the lift, as a
   * loaded phone (or CI machine) is: what the browser sends after the lift then comes late.
   */
  async longPressRow(title: string, busyAfterLift = 0): Promise<void> {
    await this.waitForRow(title);
    const finger = await holdAcross(this.row(title), 0.5);
    try {
      await waitFor(this.rowMenu, `the menu of the row '${title}' after a long press`);
      if (busyAfterLift > 0) {
        await this.page.evaluate((ms) => {
          window.addEventListener(
            'touchend',
            () => {
              const end = performance.now() + ms;
              while (performance.now() < end);
            },
            { once: true },
          );
        }, busyAfterLift);
      }
    } finally {
      await finger.lift();
    }
  }
  /** "Show all in lists again" above the Hidden view. */
  get unhideAll(): Locator {
    return this.page.locator(tid('hidden-unhide-all')).describe('Show all in lists again');
  }
}
