import type { Locator, Page } from 'playwright-core';
import { exactly, tid, waitFor } from './wait';

/** The tag picker (reader's Tags button, `t`, a row's menu) and the Manage tags dialog. */
export class TagsUi {
  constructor(readonly page: Page) {}

  get picker(): Locator {
    return this.page
      .locator(`.mantine-Modal-content:has(${tid('tag-picker-input')})`)
      .describe('the tag picker');
  }
  get input(): Locator {
    return this.page.locator(tid('tag-picker-input')).describe("the tag picker's input");
  }
  /** The chips of the article's tags in the reader. */
  readerChip(name: string): Locator {
    return this.page
      .locator(`${tid('reader-tags')} [data-testid^="tag-chip-"]`, { hasText: exactly(name) })
      .describe(`the reader's chip of tag '${name}'`);
  }
  /** The chip of tag `name` in the list row of the article titled `title`. */
  rowChip(title: string, name: string): Locator {
    return this.page
      .locator(`${tid('item-row')}[aria-label="${title}"] ${tid('item-tag')}`, { hasText: exactly(name) })
      .describe(`the chip of tag '${name}' on the row '${title}'`);
  }
  /** A chip in the picker (the tags every article it is open for carries). */
  pickerChip(name: string): Locator {
    return this.page
      .locator(`${tid('tag-picker-chips')} [data-testid^="tag-chip-"]`, { hasText: exactly(name) })
      .describe(`the picker's chip of tag '${name}'`);
  }

  /**
   * Waits for the picker, types `name` and presses Enter (creates the tag or puts it on), then
   * waits for its chip, which reads `shown` (the stored name; names match ignoring case).
   */
  async addInPicker(name: string, shown = name): Promise<void> {
    await waitFor(this.input, 'the tag picker');
    await this.input.fill(name);
    await this.input.press('Enter');
    await waitFor(this.pickerChip(shown), `the tag '${shown}' on the article in the picker`);
  }
  /** Takes tag `name` off the article with its chip's × in the picker, and waits for the chip to go. */
  async removeInPicker(name: string): Promise<void> {
    await this.pickerChip(name).getByRole('button').click();
    await waitFor(this.pickerChip(name), `the tag '${name}' off the article in the picker`, {
      state: 'detached',
    });
  }
  /** Closes the picker with its close button and waits until it is gone. */
  async closePicker(): Promise<void> {
    await this.picker.locator('.mantine-Modal-close').click();
    await waitFor(this.input, 'the tag picker', { state: 'detached' });
  }
  /** The Manage tags dialog (its box, which has a size; Mantine's modal root has none). */
  get manageDialog(): Locator {
    return this.page
      .locator(`.mantine-Modal-content:has([data-testid^="manage-tag-"])`)
      .describe('the Manage tags dialog');
  }
  /** Manage tags' note that tags follow the server's labels. */
  get syncNote(): Locator {
    return this.page.locator(tid('tags-sync-note')).describe("Manage tags' note on syncing");
  }
  /** Manage tags' Delete button of the tag with this id. */
  deleteInManage(id: number): Locator {
    return this.page.locator(tid(`manage-tag-delete-${id}`)).describe(`Delete of tag ${id} in Manage tags`);
  }
  /** Manage tags' name field of the tag with this id (its value is the tag's name). */
  nameInManage(id: number): Locator {
    return this.page.locator(tid(`manage-tag-name-${id}`)).describe(`the name of tag ${id} in Manage tags`);
  }
  /** Renames the tag with this id in Manage tags: its name typed, then Enter (which saves it). */
  async renameInManage(id: number, name: string): Promise<void> {
    await this.nameInManage(id).fill(name);
    await this.nameInManage(id).press('Enter');
  }
  /**
   * The text and background colours Delete of tag `id` in Manage tags is painted with, as
   * `[r, g, b]` (a translucent background laid over the dialog's), after its transitions.
   */
  async deletePaint(id: number): Promise<{ color: number[]; background: number[] }> {
    return this.deleteInManage(id).evaluate(async (button) => {
      await Promise.all(button.getAnimations().map((a) => a.finished));
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
      const dialog = rgb(getComputedStyle(button.closest('.mantine-Modal-content')!).backgroundColor);
      const [r = 0, g = 0, b = 0, a = 1] = rgb(getComputedStyle(button).backgroundColor);
      const background = [r, g, b].map((c, i) => Math.round((dialog[i] ?? 0) + (c - (dialog[i] ?? 0)) * a));
      return { color: rgb(getComputedStyle(button).color).slice(0, 3), background };
    });
  }
  /**
   * Closes the Manage tags dialog with its close button, and waits until it is gone and its
   * history entry popped: the pop lands a moment after the dialog closes, and until it does the
   * entry on top is still the closed dialog's (a Back or a new opening in that moment races it).
   */
  async closeManage(): Promise<void> {
    await this.page.locator('.mantine-Modal-close').click();
    await waitFor(this.manageDialog, 'Manage tags closed', { state: 'detached' });
    await this.waitForEntry(false);
  }
  /** Browser Back while Manage tags is open, then waits for the dialog to close. */
  async backFromManage(): Promise<void> {
    await this.waitForEntry(true);
    await this.page.goBack();
    await waitFor(this.manageDialog, 'Manage tags closed by Back', { state: 'detached' });
  }
  /**
   * Opens Manage tags and presses Back the moment its history entry is pushed, with the page busy
   * for 100 ms after, as a loaded phone is: the Back lands before the router has rendered the push.
   * Waits for the dialog to close.
   */
  async manageAndBackAtOnce(): Promise<void> {
    await this.page.evaluate(() => {
      const push = window.history.pushState.bind(window.history);
      window.history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
        push(data, unused, url);
        const own = typeof data === 'object' && data !== null ? (data as { usr?: unknown }).usr : null;
        if (typeof own !== 'object' || own === null || !('rivuletManageTags' in own)) return;
        window.history.pushState = push;
        window.history.back();
        for (const end = performance.now() + 100; performance.now() < end;);
      };
    });
    await this.page.locator(tid('nav-tags-manage')).click();
    await waitFor(this.manageDialog, 'Manage tags closed by a Back right after it opened', {
      state: 'detached',
    });
    await this.waitForEntry(false);
  }
  /**
   * Closes Manage tags with its × and presses Forward the moment the close's Back lands, with the
   * page busy for 100 ms after. Waits for the dialog to be open again on its entry. (Chromium
   * still rendered the close between the two here; the case where the router folds them into one
   * render is overlayEntry.test.tsx's.)
   */
  async closeManageAndForwardAtOnce(): Promise<void> {
    await this.waitForEntry(true);
    await this.page.evaluate(() => {
      window.addEventListener(
        'popstate',
        () => {
          window.history.forward();
          for (const end = performance.now() + 100; performance.now() < end;);
        },
        // Before the router's own listener, so the Forward is on its way before the router has
        // started to render the close's Back.
        { once: true, capture: true },
      );
    });
    await this.page.locator('.mantine-Modal-close').click();
    await this.waitForEntry(true);
    await waitFor(
      this.page.locator('[data-testid^="manage-tag-"]').first(),
      'Manage tags open again after Forward',
    );
  }
  /** Opens Manage tags from the sidebar, and waits for its history entry (pushed once it shows). */
  async manage(): Promise<void> {
    await this.page.locator(tid('nav-tags-manage')).click();
    await waitFor(this.page.locator('[data-testid^="manage-tag-"]').first(), 'the Manage tags dialog');
    await this.waitForEntry(true);
  }
  /** Waits until the current history entry is (or is not) the open dialog's. */
  private async waitForEntry(open: boolean): Promise<void> {
    await this.page.waitForFunction((want) => {
      const state: unknown = window.history.state;
      const own = typeof state === 'object' && state !== null ? (state as { usr?: unknown }).usr : null;
      return (typeof own === 'object' && own !== null && 'rivuletManageTags' in own) === want;
    }, open);
  }
}
