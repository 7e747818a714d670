import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The app shell around every screen: its root, the phone's bottom bar, the theme toggle. */
export class Shell {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('app-shell')).describe('the app shell');
  }
  /** The phone's bottom bar. */
  get bottomBar(): Locator {
    return this.page.locator(tid('bottom-bar')).describe('the bottom bar');
  }
  /** A bottom bar tab ('all', 'saved', …). */
  bottomTab(name: string): Locator {
    return this.page.locator(tid(`bottom-${name}`)).describe(`the bottom bar's ${name} tab`);
  }
  get themeToggle(): Locator {
    return this.page.locator(tid('theme-toggle')).describe('the theme toggle');
  }
  /** A screen's root by its id ('items', 'search', 'combo', …). */
  screen(id: string): Locator {
    return this.page.locator(tid(`screen-${id}`)).describe(`the ${id} screen`);
  }
  get notFound(): Locator {
    return this.page.locator(tid('not-found')).describe('the Not found page');
  }
  /** Waits for the app shell to render. */
  async waitReady(timeout?: number): Promise<void> {
    await waitFor(this.root, 'the app shell', { timeout });
  }
}
