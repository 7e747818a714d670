import type { Locator, Page } from 'playwright-core';
import { tid } from './wait';

/** Settings → Integrations → Send to: the read-later targets and the form that adds one. */
export class SendToSettings {
  constructor(readonly page: Page) {}

  /** The note that no target is set up. */
  get none(): Locator {
    return this.page.locator(tid('sendto-none')).describe('the note that no send-to target is set up');
  }
  get addButton(): Locator {
    return this.page.locator(tid('sendto-add')).describe('Add a send-to target');
  }
  /** The add / edit form. */
  get form(): Locator {
    return this.page.locator(tid('sendto-form')).describe('the send-to form');
  }
  /** A field of the form: 'base', 'clientId', 'clientSecret', 'username', 'password'. */
  field(name: string): Locator {
    return this.page.locator(tid(`sendto-${name}`)).describe(`the send-to field '${name}'`);
  }
  get testButton(): Locator {
    return this.page.locator(tid('sendto-test')).describe('Test the send-to connection');
  }
  get testOk(): Locator {
    return this.page.locator(tid('sendto-test-ok')).describe('the send-to connection test success');
  }
  get error(): Locator {
    return this.page.locator(tid('sendto-error')).describe('the send-to error');
  }
  get saveButton(): Locator {
    return this.page.locator(tid('sendto-save')).describe('Save the send-to target');
  }
  /** A saved target by kind ('wallabag', …). */
  target(kind: string): Locator {
    return this.page.locator(tid(`sendto-target-${kind}`)).describe(`the saved ${kind} target`);
  }
  /** The reader's More menu, open. */
  get readerMenu(): Locator {
    return this.page.locator(tid('reader-more-menu')).describe("the reader's More menu");
  }
  /** The More menu's Share… (only where the browser has navigator.share). */
  get webShare(): Locator {
    return this.page.locator(tid('reader-web-share')).describe('Share… in the reader menu');
  }
  /** The More menu's Copy link. */
  get copyLink(): Locator {
    return this.page.locator(tid('reader-share')).describe('Copy link in the reader menu');
  }
  /** Fills the form's fields by name. */
  async fill(fields: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(fields)) await this.field(name).fill(value);
  }
}
