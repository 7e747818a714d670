import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The Subscribe screen (/subscribe): discovery, candidates, preview, subscribing, OPML import/export. */
export class SubscribeScreen {
  constructor(readonly page: Page) {}

  /** The screen's tab: 'add' (a feed) or 'opml' (import). */
  tab(name: 'add' | 'opml'): Locator {
    return this.page.locator(tid(`tab-${name}`)).describe(`the ${name} tab on /subscribe`);
  }
  get input(): Locator {
    return this.page.locator(tid('discover-input')).describe('the address box on /subscribe');
  }
  get error(): Locator {
    return this.page.locator(tid('discover-error')).describe("the discovery's error");
  }
  get candidates(): Locator {
    return this.page.locator(tid('candidate-list')).describe('the feeds found on the page');
  }
  /** The candidate feeds (each carries `data-url`). */
  get candidateRows(): Locator {
    return this.page
      .locator(`${tid('candidate-list')} [data-testid^="candidate-"][data-url]`)
      .describe('the candidate feeds');
  }
  get candidateFormats(): Locator {
    return this.page
      .locator(`${tid('candidate-list')} ${tid('candidate-format')}`)
      .describe("the candidates' formats");
  }
  /** The candidate feed with this address. */
  candidate(url: string): Locator {
    return this.candidates.locator(`[data-url="${url}"]`).describe(`the candidate ${url}`);
  }
  get preview(): Locator {
    return this.page.locator(tid('preview')).describe("the feed's preview");
  }
  /** A part of the preview: 'title', 'count', 'items', 'unread', 'saved', 'feeds', … */
  previewPart(part: string): Locator {
    return this.page.locator(tid(`preview-${part}`)).describe(`the preview's ${part}`);
  }
  /** The title of the previewed item titled `text`. */
  previewItemTitle(text: string): Locator {
    return this.page
      .locator(tid('preview-item-title'))
      .filter({ hasText: text })
      .describe(`the preview's item '${text}'`);
  }
  /** The preview's items whose title was made from their text. */
  get derivedItems(): Locator {
    return this.previewPart('items').locator('[data-derived]').describe('the items with made-up titles');
  }
  get groupSelect(): Locator {
    return this.page
      .locator(`${tid('preview')} ${tid('group-select')}`)
      .describe("the preview's group picker");
  }
  get newGroupInput(): Locator {
    return this.page.locator(`${tid('preview')} ${tid('new-group-input')}`).describe('the new group name');
  }
  /** Find (looks the address up), beside the address box. */
  get find(): Locator {
    return this.page.locator(tid('discover-submit')).describe('Find on /subscribe');
  }
  get submit(): Locator {
    return this.page.locator(tid('subscribe-submit')).describe('the Subscribe button');
  }
  get done(): Locator {
    return this.page.locator(tid('subscribe-done')).describe('the word that the feed is subscribed');
  }
  get openFeed(): Locator {
    return this.page.locator(`${tid('subscribe-done')} ${tid('subscribe-open')}`).describe('Open the feed');
  }
  get already(): Locator {
    return this.page
      .locator(tid('already-subscribed'))
      .describe('the note that the feed is already subscribed');
  }
  get alreadyLink(): Locator {
    return this.page
      .locator(`${tid('already-subscribed')} ${tid('already-link')}`)
      .describe('the link to that feed');
  }
  /** The note that another feed of the same site is followed. */
  get sameSite(): Locator {
    return this.page.locator(tid('same-site')).describe('the note of a feed of the same site');
  }
  get sameSiteLink(): Locator {
    return this.page
      .locator(`${tid('same-site')} ${tid('same-site-link')}`)
      .describe('the link to that feed');
  }
  /** Puts the previewed feed in a new group with this name. */
  async newGroup(name: string): Promise<void> {
    await this.groupSelect.click();
    await this.page.getByRole('option', { name: 'New group…' }).click();
    await this.newGroupInput.fill(name);
  }
  /** Types an address and presses Enter. */
  async discover(address: string): Promise<void> {
    await this.input.fill(address);
    await this.input.press('Enter');
  }
  /** Subscribes to the previewed feed, opens its list (/f/:id) and waits for a row. */
  async subscribeAndOpen(): Promise<void> {
    await this.submit.click();
    await waitFor(this.done, 'the subscription to finish');
    await this.openFeed.click();
    await this.page.waitForURL((u) => /^\/f\/\d+$/.test(u.pathname));
    await waitFor(this.page.locator(tid('item-row')).first(), "a row in the new feed's list");
  }
  /** Types an address, waits for the preview and subscribes; waits until it is done. */
  async subscribe(address: string): Promise<void> {
    await this.discover(address);
    await waitFor(this.preview, `the preview of ${address}`);
    await this.submit.click();
    await waitFor(this.done, `the subscription to ${address} to finish`);
  }
}
