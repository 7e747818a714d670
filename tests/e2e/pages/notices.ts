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
  /** The toasts shown at the bottom of the screen (Undo, storage, refresh failures…). */
  get bottomToasts(): Locator {
    return this.page
      .locator('.mantine-Notifications-root[data-position^="bottom"] .mantine-Notification-root')
      .describe('the notices at the bottom of the screen');
  }
  /**
   * Scrolls the main area to its end and measures, in viewport px, the bottom of its last visible
   * control (button, link, field) and the top of the highest notice at the bottom of the screen
   * (Infinity with none).
   */
  async lastControlAndNotices(): Promise<{ controlBottom: number; noticesTop: number }> {
    await this.page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.scrollTop = main.scrollHeight;
    });
    // The notices' room is applied on the next frame (src/app/noticeRoom.ts): scroll again after it.
    await this.page.evaluate(
      () =>
        new Promise<void>((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const main = document.querySelector('main')!;
              main.scrollTop = main.scrollHeight;
              done();
            }),
          ),
        ),
    );
    return this.page.evaluate(() => {
      const main = document.querySelector('main')!;
      const controls = [...main.querySelectorAll('button, a[href], input, textarea')].filter(
        (el) => (el as HTMLElement).offsetParent !== null,
      );
      const controlBottom = Math.max(...controls.map((el) => el.getBoundingClientRect().bottom));
      const toasts = document.querySelectorAll(
        '.mantine-Notifications-root[data-position^="bottom"] .mantine-Notification-root',
      );
      const noticesTop = Math.min(Infinity, ...[...toasts].map((el) => el.getBoundingClientRect().top));
      return { controlBottom, noticesTop };
    });
  }
  /** Waits for a notice and returns its text. */
  async text(notice: Locator, what: string): Promise<string> {
    await waitFor(notice, what);
    return notice.innerText();
  }
}
