import type { Browser, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, textsOf, waitFor } from './pages';
import { engineWorker } from './seed';
import { markByGuid } from './setups';

// Issue 14, the password-change path, end to end against a FreshRSS-like Google Reader API
// fixture: the API password changes on the server while a change waits; the sidebar and the
// welcome page show the failure with "Log in again"; logging in again there sends the change.
// Then, with another change waiting, logging out warns and offers to send first; logging out
// anyway and in again re-attaches the same feeds and articles (no duplicate) and sends it.

let browser: Browser;
let server: GReaderServer | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Marks a server item read through the engine in the page (the call the reader makes). */
const markRead = (worker: Worker, guid: string) => markByGuid(worker, guid, 'read');

/** Feeds and items in the engine: [feeds, items]. */
async function counts(worker: Worker): Promise<[number, number]> {
  return worker.evaluate(async () => {
    const e = (
      self as unknown as { __rivuletEngine: { counts(): Promise<{ feeds: number; items: number }> } }
    ).__rivuletEngine;
    const c = await e.counts();
    return [c.feeds, c.items] as [number, number];
  });
}

describe('sync: the API password changed on the server', () => {
  // Under load the re-login's preview used to vanish: the status, refreshed by the re-attached
  // feeds' events before the connect answered, put the account panel in the form's place
  // (LoginForm now holds the form from the moment Connect is pressed).
  test('Log in again where the error shows; log out with a waiting change, log in again: no duplicates, the change arrives', async () => {
    // A fresh server per attempt: the journey changes its password and state.
    await server?.close();
    server = await startGReaderServer();
    const srv = server;
    const app = await openApp(browser);
    try {
      const { page } = app;
      const { login, account, sidebar } = screens(page);
      await app.goto('/login');
      await login.login(undefined, srv.url, 'secret');
      await waitFor(login.previewPart('imports-what'), 'what the import brings');
      await login.importButton.click();
      await login.waitSynced();
      await waitFor(account.sidebar('ok'), "the sidebar's account line ok");
      // Each page load starts a new engine worker: look it up again after navigating.
      const worker = () => engineWorker(page);
      const before = await counts(await worker());
      expect(before[0]).toBe(3);

      // The password changes on the server; a change is waiting; the next sync is refused.
      const first = srv.state.items.at(-1)!;
      srv.setPassword('changed');
      await markRead(await worker(), `greader:${first.id}`);
      await waitFor(account.pending(1), 'one change waiting');
      await account.syncButton.click();
      await waitFor(account.sidebar('failing'), "the sidebar's account line failing");
      // The welcome page says so too, with the same action.
      await app.goto('/');
      await waitFor(account.welcomeRelogin, "Welcome's Log in again");

      // "Log in again" in the sidebar: a wrong password is said in the dialog, the right one syncs.
      await account.sidebarRelogin.click();
      await account.relogin('wrong');
      await waitFor(account.reloginError, "the dialog's error", {
        seen: () => textsOf(account.reloginDialog),
      });
      expect(await account.reloginError.textContent()).toContain('refused');
      await account.relogin('changed');
      await waitFor(account.sidebar('ok'), "the sidebar's account line ok again");
      await waitFor(account.pending(0), 'no change waiting');
      await expect.poll(() => first.read).toBe(true);
      expect(await counts(await worker())).toEqual(before);

      // Again: another change waits and the password changes; this time the person logs out.
      const second = srv.state.items.at(-2)!;
      srv.setPassword('changed-again');
      await markRead(await worker(), `greader:${second.id}`);
      await app.goto('/login');
      await waitFor(login.pending(1), 'one change waiting on /login');
      await login.syncButton.click();
      await waitFor(login.accountError('relogin'), "the account's error asking to log in again");
      await login.logout.click();
      await waitFor(login.logoutPending, 'the warning of changes not sent');
      // Sending first needs a working login: that button waits for "Log in again".
      expect(await login.logoutSendFirst.isDisabled()).toBe(true);
      await login.logoutAnyway.click();
      await waitFor(login.former, 'the form offering the former account');
      // Another user of the server: the kept feeds would stay beside that account's, said so.
      await login.field('username').fill('bob');
      await waitFor(login.formerOther.filter({ hasText: 'bob' }), 'the warning naming bob');
      await login.field('username').fill('reader');
      await waitFor(login.former, 'the form offering the former account again');
      // The form offers the same account; only the password is needed.
      expect(await login.field('url').inputValue()).toBe(srv.url);
      await login.retryWith('changed-again');
      await waitFor(login.previewPart('reattached'), 'the preview naming the feeds kept from before', {
        seen: async () =>
          `${await textsOf(login.error)}; ${await textsOf(login.form)}; ${await textsOf(login.preview)}; the server's last requests: ${srv.requests.slice(-6).join(', ')}`,
      });
      expect(await login.previewPart('reattached').textContent()).toContain('3 feeds');
      await login.importButton.click();
      await waitFor(login.panel, 'the account panel');
      await waitFor(login.pending(0), 'no change waiting on /login');
      await expect.poll(() => second.read).toBe(true);
      // The same feeds and articles: nothing doubled, in the engine or in the sidebar.
      expect(await counts(await worker())).toEqual(before);
      expect(new Set(await sidebar.feedLinkIds()).size).toBe(3);
      expectNoErrors(app.errors.filter((e) => !/401|Unauthorized|job failed/i.test(e)));
    } finally {
      await app.context.close();
    }
  }, 180_000);
});
