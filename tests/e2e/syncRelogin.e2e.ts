import type { Browser, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { launchBrowser, openApp } from './harness';
import { engineWorker } from './seed';

// Issue 14, the password-change path, end to end against a FreshRSS-like Google Reader API
// fixture: the API password changes on the server while a change waits; the sidebar and the
// welcome page show the failure with "Log in again"; logging in again there sends the change.
// Then, with another change waiting, logging out warns and offers to send first; logging out
// anyway and in again re-attaches the same feeds and articles (no duplicate) and sends it.

let browser: Browser;
let server: GReaderServer | undefined;
const tid = (id: string) => `[data-testid="${id}"]`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Marks a server item read through the engine in the page (the call the reader makes). */
async function markRead(worker: Worker, guid: string): Promise<void> {
  await worker.evaluate(async (g) => {
    interface E {
      context: {
        index: {
          idsWhereFlags(t: () => boolean): number[];
          rowOf(id: number): number;
          guid(r: number): string;
        };
      };
      state: { markRead(ids: number[], on: boolean): Promise<void> };
    }
    const e = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
    const ix = e.context.index;
    const id = ix.idsWhereFlags(() => true).find((i) => ix.guid(ix.rowOf(i)) === g);
    if (id === undefined) throw new Error(`no item ${g}`);
    await e.state.markRead([id], true);
  }, guid);
}

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
  test('Log in again where the error shows; log out with a waiting change, log in again: no duplicates, the change arrives', async () => {
    // A fresh server per attempt: the journey changes its password and state.
    await server?.close();
    server = await startGReaderServer();
    const srv = server;
    const app = await openApp(browser);
    try {
      const { page } = app;
      await app.goto('/login');
      await page.locator(tid('login-url')).fill(srv.url);
      await page.locator(tid('login-username')).fill('reader');
      await page.locator(tid('login-password')).fill('secret');
      await page.locator(tid('login-connect')).click();
      await page.locator(tid('preview-imports-what')).waitFor();
      await page.locator(tid('login-import')).click();
      await page.locator('[data-testid="job-sync"][data-state="done"]').waitFor();
      await page.locator('[data-testid="sidebar-account"][data-state="ok"]').waitFor();
      // Each page load starts a new engine worker: look it up again after navigating.
      const worker = () => engineWorker(page);
      const before = await counts(await worker());
      expect(before[0]).toBe(3);

      // The password changes on the server; a change is waiting; the next sync is refused.
      const first = srv.state.items.at(-1)!;
      srv.setPassword('changed');
      await markRead(await worker(), `greader:${first.id}`);
      await page.locator('[data-testid="sidebar-account-summary"][data-pending="1"]').waitFor();
      await page.locator(tid('sidebar-account-sync')).click();
      const sidebar = page.locator('[data-testid="sidebar-account"][data-state="failing"]');
      await sidebar.waitFor();
      // The welcome page says so too, with the same action.
      await app.goto('/');
      await page.locator(`${tid('welcome-problems')} ${tid('sync-action-relogin')}`).waitFor();

      // "Log in again" in the sidebar: a wrong password is said in the dialog, the right one syncs.
      await sidebar.locator(tid('sync-action-relogin')).click();
      await page.locator(tid('relogin-password')).fill('wrong');
      await page.locator(tid('relogin-submit')).click();
      expect(await page.locator(tid('relogin-error')).textContent()).toContain('refused');
      await page.locator(tid('relogin-password')).fill('changed');
      await page.locator(tid('relogin-submit')).click();
      await page.locator('[data-testid="sidebar-account"][data-state="ok"]').waitFor();
      await page.locator('[data-testid="sidebar-account-summary"][data-pending="0"]').waitFor();
      await expect.poll(() => first.read).toBe(true);
      expect(await counts(await worker())).toEqual(before);

      // Again: another change waits and the password changes; this time the person logs out.
      const second = srv.state.items.at(-2)!;
      srv.setPassword('changed-again');
      await markRead(await worker(), `greader:${second.id}`);
      await app.goto('/login');
      await page.locator('[data-testid="account-pending"][data-pending="1"]').waitFor();
      await page.locator(tid('account-sync')).click();
      await page.locator('[data-testid="account-error"][data-action="relogin"]').waitFor();
      await page.locator(tid('account-logout')).click();
      await page.locator(tid('logout-pending')).waitFor();
      // Sending first needs a working login: that button waits for "Log in again".
      expect(await page.locator(tid('logout-send-first')).isDisabled()).toBe(true);
      await page.locator(tid('logout-anyway')).click();
      await page.locator(tid('login-former')).waitFor();
      // The form offers the same account; only the password is needed.
      expect(await page.locator(tid('login-url')).inputValue()).toBe(srv.url);
      await page.locator(tid('login-password')).fill('changed-again');
      await page.locator(tid('login-connect')).click();
      expect(await page.locator(tid('preview-reattached')).textContent()).toContain('3 feeds');
      await page.locator(tid('login-import')).click();
      await page.locator(tid('account-panel')).waitFor();
      await page.locator('[data-testid="account-pending"][data-pending="0"]').waitFor();
      await expect.poll(() => second.read).toBe(true);
      // The same feeds and articles: nothing doubled, in the engine or in the sidebar.
      expect(await counts(await worker())).toEqual(before);
      const navFeeds = await page
        .locator('[data-testid^="nav-feed-"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
      expect(new Set(navFeeds.filter((id) => /^nav-feed-\d+$/.test(id))).size).toBe(3);
      expect(app.errors.filter((e) => !/401|Unauthorized|job failed/i.test(e))).toEqual([]);
    } finally {
      await app.context.close();
    }
  }, 180_000);
});
