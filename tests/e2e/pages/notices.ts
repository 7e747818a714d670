import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The app-wide notices: settings repaired, data deleted, storage kept or not, restore cut off. */
export class Notices {
  constructor(readonly page: Page) {}

  /** Settings that could not be read were reset. */
  get settings(): Locator {
    return this.page.locator(tid('settings-notice')).describe('the notice about unreadable settings');
  }
  get settingsRestoreCopy(): Locator {
    return this.page.locator(tid('settings-restore-copy')).describe("the notice's 'put back the saved copy'");
  }
  get settingsRestored(): Locator {
    return this.page.locator(tid('settings-restored')).describe('the word that the saved settings are back');
  }
  /** The database was deleted under the running app. */
  get storageLost(): Locator {
    return this.page.locator(tid('storage-lost-notice')).describe('the notice that the data was deleted');
  }
  get storageLostRestore(): Locator {
    return this.page.locator(tid('storage-lost-restore')).describe("the notice's 'restore a backup'");
  }
  /** What the browser answered to keeping the data. */
  get persist(): Locator {
    return this.page.locator(tid('persist-notice')).describe('the notice about keeping the data');
  }
  /** A restore that did not finish. */
  get restoreInterrupted(): Locator {
    return this.page.locator(tid('restore-interrupted-notice')).describe('the notice of a restore cut off');
  }
  get quota(): Locator {
    return this.page.locator(tid('quota-notice')).describe('the notice that the disk is full');
  }
  /** The quota notice's folded details (the browser's own words) and their toggle. */
  get quotaDetailsToggle(): Locator {
    return this.quota.locator('summary').describe("the quota notice's Details");
  }
  get quotaDetails(): Locator {
    return this.quota.locator(tid('storage-notice-details')).describe("the quota notice's details");
  }
  get quotaRetry(): Locator {
    return this.quota.locator(tid('storage-retry')).describe("the quota notice's Retry now");
  }
  /** Waits for a notice and returns its text. */
  async text(notice: Locator, what: string): Promise<string> {
    await waitFor(notice, what);
    return notice.innerText();
  }
}
