import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The Combo screen (/combo): curated bundle cards, a bundle's dialog and its subscribe job, sharing. */
export class ComboScreen {
  constructor(readonly page: Page) {}

  get cards(): Locator {
    return this.page.locator(tid('bundle-card')).describe('the bundle cards');
  }
  /** The feeds' names in the curated cards. */
  get cardFeedNames(): Locator {
    return this.page
      .locator(`${tid('bundle-grid')} ${tid('bundle-card-feed')}`)
      .describe("the feeds' names in the bundle cards");
  }
  /** The curated cards in the grid. */
  get gridCards(): Locator {
    return this.page
      .locator(`${tid('bundle-grid')} ${tid('bundle-card')}`)
      .describe('the curated bundle cards');
  }
  get dialog(): Locator {
    return this.page.locator(tid('bundle-dialog')).describe("a bundle's dialog");
  }
  /** The mark that the dialog shows a bundle from a shared link. */
  get shared(): Locator {
    return this.page.locator(tid('shared-bundle')).describe('the shared bundle');
  }
  /** The dialog's feed boxes (each carries `data-url`). */
  get feeds(): Locator {
    return this.dialog.locator(tid('bundle-feed')).describe("the bundle's feeds");
  }
  /** A feed's box by its address. */
  feed(url: string): Locator {
    return this.dialog
      .locator(`${tid('bundle-feed')}[data-url="${url}"]`)
      .describe(`the bundle's feed ${url}`);
  }
  /** The name of the group the feeds go to. */
  get groupName(): Locator {
    return this.dialog.locator(tid('bundle-group')).describe("the bundle's group name");
  }
  get start(): Locator {
    return this.dialog.locator(tid('bundle-start')).describe('Subscribe to the bundle');
  }
  get close(): Locator {
    return this.dialog.locator(tid('bundle-close')).describe("the bundle dialog's close");
  }
  /** The subscribe job in the dialog (carries `data-state`). */
  get job(): Locator {
    return this.dialog.locator(tid('job-subscribe-many')).describe('the subscribe job');
  }
  /** A part of the job: 'bar', 'summary'. */
  jobPart(part: 'bar' | 'summary'): Locator {
    return this.dialog.locator(tid(`job-${part}`)).describe(`the subscribe job's ${part}`);
  }
  /** A number of the job's summary: 'added', 'failed', 'new-items'. */
  summaryCount(which: 'added' | 'failed' | 'new-items'): Locator {
    return this.dialog.locator(tid(`summary-${which}`)).describe(`the summary's ${which}`);
  }
  /** The damaged-link message. */
  get linkError(): Locator {
    return this.page.locator(tid('bundle-link-error')).describe('the damaged link message');
  }
  /** The share link box. */
  get shareLink(): Locator {
    return this.page.locator(tid('share-link')).describe('the share link');
  }
  /** Picks a group to make a bundle of; the share link then holds its link. */
  async makeBundleOf(group: RegExp): Promise<void> {
    await this.page.locator(tid('make-bundle-group')).click();
    await this.page.getByRole('option', { name: group }).click();
  }
  /** Waits for the subscribe job and its summary. */
  async waitForJobDone(timeout = 30_000): Promise<void> {
    await waitFor(this.job, 'the subscribe job');
    await waitFor(this.jobPart('bar'), "the subscribe job's bar");
    await waitFor(this.jobPart('summary'), "the subscribe job's summary", { timeout });
  }
}
