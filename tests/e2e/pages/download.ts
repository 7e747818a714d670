import type { Download, Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The Download screen (/download): backup, restore (preview, mode, result) and storage use. */
export class DownloadScreen {
  constructor(readonly page: Page) {}

  get backupButton(): Locator {
    return this.page.locator(tid('backup-button')).describe('the Back up button');
  }
  get backupDone(): Locator {
    return this.page.locator(tid('backup-done')).describe('the word that the backup is written');
  }
  get storageUsage(): Locator {
    return this.page.locator(tid('storage-usage')).describe('the storage use line');
  }
  /** Whether storage is persistent ("Persistent" or "Not persistent: may be cleared …"). */
  get storagePersisted(): Locator {
    return this.page.locator(tid('storage-persisted')).describe('the storage persistence note');
  }
  /** The restore section's file input. */
  get restoreFile(): Locator {
    return this.page
      .locator(`${tid('download-restore')} input[type="file"]`)
      .describe('the file input of Restore');
  }
  get restorePreview(): Locator {
    return this.page.locator(tid('restore-preview')).describe("the backup's preview");
  }
  /** The preview's count of one store ('items', 'feeds', …). */
  restoreCount(store: string): Locator {
    return this.page
      .locator(`${tid('restore-counts')} [data-store="${store}"] td`)
      .describe(`the preview's count of ${store}`);
  }
  get restoreButton(): Locator {
    return this.page.locator(tid('restore-button')).describe('the Restore button');
  }
  get restoreDone(): Locator {
    return this.page.locator(tid('restore-done')).describe('the word that the restore is done');
  }
  /** The replace confirmation's "Download a backup of what is here first" box. */
  get restoreSaveFirst(): Locator {
    return this.page.locator(tid('restore-save-first')).describe('the box to save what is here first');
  }
  /** The line under a finished restore naming the file that holds what was replaced. */
  get restoreSavedFirst(): Locator {
    return this.page.locator(tid('restore-saved-first')).describe('the name of the file saved first');
  }
  /** "Delete old read articles". */
  get retentionSwitch(): Locator {
    return this.page.locator(tid('retention-switch')).describe('the switch to delete old read articles');
  }
  /** "Delete N now". */
  get retentionApply(): Locator {
    return this.page.locator(tid('retention-apply')).describe('the Delete now button');
  }
  get restoreError(): Locator {
    return this.page.locator(tid('restore-error')).describe("the restore's error");
  }
  /** Clicks Back up and returns the download it starts. */
  async backup(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.backupButton.click();
    return download;
  }
  /** Chooses a backup file and waits for its preview. */
  async chooseBackup(path: string): Promise<void> {
    await this.restoreFile.setInputFiles(path);
    await waitFor(this.restorePreview, "the backup's preview after choosing the file");
  }
  /** Picks the restore mode by its label ('Replace everything', 'Merge …'). */
  async mode(label: string): Promise<void> {
    await this.page.locator(tid('restore-mode')).getByText(label).click();
  }
}
