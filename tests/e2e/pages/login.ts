import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The Login screen (/login): the form, the preview of what an account holds, the account panel. */
export class LoginScreen {
  constructor(readonly page: Page) {}

  /** A field of the form. */
  field(name: 'url' | 'username' | 'password'): Locator {
    return this.page.locator(tid(`login-${name}`)).describe(`the login ${name}`);
  }
  get form(): Locator {
    return this.page.locator(tid('login-form')).describe('the login form');
  }
  /** The note that the form offers the account logged out of. */
  get former(): Locator {
    return this.page.locator(tid('login-former')).describe('the former account');
  }
  /** The warning that another account leaves the former one's kept feeds beside it. */
  get formerOther(): Locator {
    return this.page.locator(tid('login-former-other')).describe("the warning of another account's login");
  }
  get connect(): Locator {
    return this.page.locator(tid('login-connect')).describe('Connect');
  }
  get error(): Locator {
    return this.page.locator(tid('login-error')).describe("the login's error");
  }
  get preview(): Locator {
    return this.page.locator(tid('login-preview')).describe("the account's preview");
  }
  /** A line of the preview: 'unread', 'saved', 'feeds', 'reattached', 'imports-what'. */
  previewPart(part: string): Locator {
    return this.page.locator(tid(`preview-${part}`)).describe(`the preview's ${part}`);
  }
  get feverNote(): Locator {
    return this.page.locator(tid('login-fever-note')).describe("the Fever API's note");
  }
  get importButton(): Locator {
    return this.page.locator(tid('login-import')).describe('Import');
  }
  /** The account panel once logged in. */
  get panel(): Locator {
    return this.page.locator(tid('account-panel')).describe('the account panel');
  }
  get summary(): Locator {
    return this.page.locator(tid('account-summary')).describe("the account's summary");
  }
  get syncButton(): Locator {
    return this.page.locator(tid('account-sync')).describe('Sync now');
  }
  /** The account's error (with an action: 'relogin', …). */
  accountError(action?: string): Locator {
    const sel =
      action === undefined ? tid('account-error') : `${tid('account-error')}[data-action="${action}"]`;
    return this.page.locator(sel).describe("the account's error");
  }
  /** When syncing resumes by itself, in the account's error while the server's wait runs. */
  get resumes(): Locator {
    return this.page
      .locator(`${tid('account-error')} ${tid('sync-resumes')}`)
      .describe('when syncing resumes');
  }
  /** "Sync anyway" in the account's error while the server's wait runs. */
  get syncAnyway(): Locator {
    return this.page.locator(`${tid('account-error')} ${tid('sync-action-force')}`).describe('Sync anyway');
  }
  /** The notice naming feeds the server no longer lists, kept here with their saved articles. */
  get leftServer(): Locator {
    return this.page.locator(tid('account-left-server')).describe('the feeds no longer on the server');
  }
  /** The row of a feed the server no longer lists, by its title. */
  leftFeed(title: string): Locator {
    return this.leftServer
      .locator(tid('left-server-feed'))
      .filter({ hasText: title })
      .describe(`the feed no longer on the server '${title}'`);
  }
  /** "Keep" or "Remove" of such a feed. */
  leftFeedAction(title: string, action: 'keep' | 'remove'): Locator {
    return this.leftFeed(title)
      .locator(tid(`left-server-${action}`))
      .describe(`${action} of the feed no longer on the server '${title}'`);
  }
  /** The count of changes waiting to be sent, reading `n`. */
  pending(n: number): Locator {
    return this.page
      .locator(`${tid('account-pending')}[data-pending="${n}"]`)
      .describe(`${n} changes waiting to be sent`);
  }
  get removeFeeds(): Locator {
    return this.page.locator(tid('account-remove-feeds')).describe('Remove the feeds on logout');
  }
  get logout(): Locator {
    return this.page.locator(tid('account-logout')).describe('Log out');
  }
  /** The warning that changes still wait when logging out, with its two ways out. */
  get logoutPending(): Locator {
    return this.page.locator(tid('logout-pending')).describe('the warning of changes not sent');
  }
  get logoutSendFirst(): Locator {
    return this.page.locator(tid('logout-send-first')).describe('Send first');
  }
  get logoutAnyway(): Locator {
    return this.page.locator(tid('logout-anyway')).describe('Log out anyway');
  }
  /** The confirmation's button that deletes the synced feeds and logs out. */
  get deleteAndLogout(): Locator {
    return this.page.getByRole('button', { name: 'Delete and log out' }).describe('Delete and log out');
  }
  /** The sync job, finished. */
  get syncDone(): Locator {
    return this.page.locator(`${tid('job-sync')}[data-state="done"]`).describe('the sync job done');
  }

  /** Picks the protocol, fills the form (user 'reader') and clicks Connect. */
  async login(
    protocol: 'Fever API' | 'Google Reader API' | undefined,
    url: string,
    password: string,
  ): Promise<void> {
    if (protocol !== undefined) await this.page.getByText(protocol, { exact: true }).click();
    await this.field('url').fill(url);
    await this.field('username').fill('reader');
    await this.field('password').fill(password);
    await this.connect.click();
  }
  /** Types the password again and clicks Connect. */
  async retryWith(password: string): Promise<void> {
    await this.field('password').fill(password);
    await this.connect.click();
  }
  /** Waits for the sync job to be done. */
  async waitSynced(): Promise<void> {
    await waitFor(this.syncDone, 'the sync job to finish');
  }
  /** Clicks Sync now and waits for the sync job to be done. */
  async syncNow(): Promise<void> {
    await this.syncButton.click();
    await this.waitSynced();
  }
}

/** The synced account as the sidebar and Welcome show it, and the "Log in again" dialog. */
export class AccountStatus {
  constructor(readonly page: Page) {}

  /** The sidebar's account line in a state ('ok', 'failing'). */
  sidebar(state: 'ok' | 'failing'): Locator {
    return this.page
      .locator(`${tid('sidebar-account')}[data-state="${state}"]`)
      .describe(`the sidebar's account ${state}`);
  }
  /** The sidebar's count of changes waiting, reading `n`. */
  pending(n: number): Locator {
    return this.page
      .locator(`${tid('sidebar-account-summary')}[data-pending="${n}"]`)
      .describe(`the sidebar saying ${n} changes wait`);
  }
  get syncButton(): Locator {
    return this.page.locator(tid('sidebar-account-sync')).describe("the sidebar's Sync now");
  }
  /** "Log in again" on the failing sidebar account line. */
  get sidebarRelogin(): Locator {
    return this.sidebar('failing').locator(tid('sync-action-relogin')).describe("the sidebar's Log in again");
  }
  /** "Log in again" among the problems on Welcome. */
  get welcomeRelogin(): Locator {
    return this.page
      .locator(`${tid('welcome-problems')} ${tid('sync-action-relogin')}`)
      .describe("Welcome's Log in again");
  }
  get reloginPassword(): Locator {
    return this.page.locator(tid('relogin-password')).describe("the Log in again dialog's password");
  }
  get reloginError(): Locator {
    return this.page.locator(tid('relogin-error')).describe("the Log in again dialog's error");
  }
  /** The Log in again dialog. */
  get reloginDialog(): Locator {
    return this.page
      .getByRole('dialog')
      .filter({ has: this.reloginPassword })
      .describe('the Log in again dialog');
  }
  /** Types the password in the Log in again dialog and submits it. */
  async relogin(password: string): Promise<void> {
    await this.reloginPassword.fill(password);
    await this.page.locator(tid('relogin-submit')).click();
  }
}
