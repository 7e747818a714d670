import type { Locator, Page } from 'playwright-core';
import { exactly, tid, waitFor } from './wait';

/** The confirmation dialog every destructive action asks through (OK / Cancel). */
export class ConfirmDialog {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('confirm-dialog')).describe('the confirmation dialog');
  }
  get message(): Locator {
    return this.page.locator(tid('confirm-message')).describe("the confirmation dialog's question");
  }
  get okButton(): Locator {
    return this.page.locator(tid('confirm-ok')).describe("the confirmation dialog's OK");
  }
  get cancelButton(): Locator {
    return this.page.locator(tid('confirm-cancel')).describe("the confirmation dialog's Cancel");
  }
  /** Waits for the dialog to ask. */
  async waitOpen(): Promise<void> {
    await waitFor(this.root, 'the confirmation dialog');
  }
  /** Waits until the dialog is gone. */
  async waitClosed(): Promise<void> {
    await waitFor(this.root, 'the confirmation dialog', { state: 'detached' });
  }
  /** Clicks OK. */
  async ok(): Promise<void> {
    await this.okButton.click();
  }
  /** Clicks Cancel. */
  async cancel(): Promise<void> {
    await this.cancelButton.click();
  }
}

/** The one-line question dialog (a name for a new group, a filter, …). */
export class PromptDialog {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('prompt-dialog')).describe('the prompt dialog');
  }
  get input(): Locator {
    return this.page.locator(tid('prompt-input')).describe("the prompt dialog's input");
  }
  get error(): Locator {
    return this.page.locator(tid('prompt-error')).describe("the prompt dialog's error");
  }
  get okButton(): Locator {
    return this.page.locator(tid('prompt-ok')).describe("the prompt dialog's OK");
  }
  /** Fills the answer and clicks OK. */
  async answer(text: string): Promise<void> {
    await waitFor(this.input, 'the prompt dialog');
    await this.input.fill(text);
    await this.okButton.click();
  }
}

/** The notice that offers to undo a bulk change ("77 articles marked as read. Undo"). */
export class UndoNotice {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('undo-notice')).describe('the Undo notice');
  }
  get button(): Locator {
    return this.page
      .locator(`${tid('undo-notice')} ${tid('undo-button')}`)
      .describe("the Undo notice's Undo");
  }
  /** The Undo of the notice saying `text` (the notice it replaced may still be fading out). */
  buttonOf(text: string | RegExp): Locator {
    return this.saying(text)
      .locator(tid('undo-button'))
      .describe(`the Undo of the notice saying '${String(text)}'`);
  }
  /** The notice saying `text` (a substring or pattern). */
  saying(text: string | RegExp): Locator {
    return this.root.filter({ hasText: text });
  }
  /** Waits for the notice saying `text`. */
  async waitFor(text: string | RegExp): Promise<void> {
    await waitFor(this.saying(text), `the Undo notice saying '${String(text)}'`);
  }
  /** Clicks Undo and waits for the app to confirm it (`done`: the confirmation's text). */
  async undo(done: string | RegExp): Promise<void> {
    await this.button.click();
    await this.waitUndone(done);
  }
  /** Waits for the confirmation that an undo happened ("Undone: 77 articles are unread again."). */
  async waitUndone(done: string | RegExp): Promise<void> {
    const text = typeof done === 'string' ? exactly(done) : done;
    await waitFor(this.page.getByText(text).first(), `the confirmation '${String(done)}'`);
  }
}
