import type { Locator, Page } from 'playwright-core';
import { tid } from './wait';

/** The installed app: the offline readiness line on /download and the "update available" prompt. */
export class PwaUi {
  constructor(readonly page: Page) {}

  /** The offline status line, saying the app works offline. */
  get offlineReady(): Locator {
    return this.page
      .locator(`${tid('offline-status')}[data-ready="true"]`)
      .describe('the offline status saying the app is ready offline');
  }
  /** The prompt that a new version is available, and its Reload. */
  get update(): Locator {
    return this.page.locator(tid('pwa-update')).describe('the update available prompt');
  }
  get reload(): Locator {
    return this.page.locator(tid('pwa-reload')).describe("the update prompt's Reload");
  }
}
