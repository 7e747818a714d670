import type { Locator, Page } from 'playwright-core';
import { tid, waitFor, waitUntil } from './wait';

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
  /** The heading of whichever screen shows. */
  get pageTitle(): Locator {
    return this.page.locator(tid('page-title')).describe('the screen heading');
  }
  /** The line under the heading of whichever screen shows. */
  get pageSubtitle(): Locator {
    return this.page.locator(tid('page-subtitle')).describe("the screen heading's subtitle");
  }
  /** The heading of a screen by its id. */
  screenTitle(id: string): Locator {
    return this.page
      .locator(`${tid(`screen-${id}`)} ${tid('page-title')}`)
      .describe(`the heading of the ${id} screen`);
  }
  /** The open dialog whose text includes `text`. */
  dialog(text: string): Locator {
    return this.page.getByRole('dialog').filter({ hasText: text }).first().describe(`the dialog '${text}'`);
  }
  get notFound(): Locator {
    return this.page.locator(tid('not-found')).describe('the Not found page');
  }
  /** The colour scheme the app shows (Mantine's attribute on <html>). */
  scheme(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  }
  /** The page's theme-color (the browser's bar colour). */
  themeColor(): Promise<string | null | undefined> {
    return this.page.evaluate(() =>
      document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    );
  }
  /** Waits until the app shows this colour scheme. */
  async waitForScheme(scheme: 'light' | 'dark'): Promise<void> {
    await waitUntil(
      this.page,
      `the app to show its ${scheme} scheme`,
      (want) => document.documentElement.getAttribute('data-mantine-color-scheme') === want,
      scheme,
    );
  }
  /** Presses a key on the page's body (no control focused): a global shortcut. */
  async pressOnPage(key: string): Promise<void> {
    await this.page.locator('body').press(key);
  }
  /** The document's language (`lang` on <html>). */
  lang(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.getAttribute('lang'));
  }
  /** Text anywhere in the page (for what has no test id: a help sheet, a toast). */
  text(text: string | RegExp, exact?: boolean): Locator {
    return this.page.getByText(text, exact === undefined ? undefined : { exact });
  }
  /** The toasts on screen (Mantine notifications: "sent", errors, Undo offers). */
  get toasts(): Locator {
    return this.page.locator('.mantine-Notification-root').describe('the toasts');
  }
  /**
   * Whether a Mantine tooltip would be drawn on this screen: a stand-in with the tooltip's class,
   * measured and removed (a touch screen's styles hide every tooltip).
   */
  async tooltipDrawn(): Promise<boolean> {
    return this.page.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'mantine-Tooltip-tooltip';
      probe.textContent = 'probe';
      document.body.append(probe);
      const drawn = getComputedStyle(probe).display !== 'none';
      probe.remove();
      return drawn;
    });
  }
  /** Waits for this text to show somewhere in the page. */
  async waitForText(text: string | RegExp, what: string, exact?: boolean): Promise<void> {
    await waitFor(this.text(text, exact).first(), what);
  }
  /** Waits for the app shell to render. */
  async waitReady(timeout?: number): Promise<void> {
    await waitFor(this.root, 'the app shell', { timeout });
  }
}
