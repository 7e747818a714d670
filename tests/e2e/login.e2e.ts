import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFeverServer, type FeverServer } from '../fixtures/feverServer';
import { startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { engineWorker } from './seed';
import { markByGuid } from './setups';

// Login issue end to end: log in against fixture Fever and Google Reader servers through the
// real companion server, import with progress, change read/saved state and see the server
// follow, go offline, keep changing, come back and see the changes pushed in order, log out.

let browser: Browser;
let fever: FeverServer;
let greader: GReaderServer;

beforeAll(async () => {
  browser = await launchBrowser();
  fever = await startFeverServer();
  greader = await startGReaderServer();
});
afterAll(async () => {
  await browser?.close();
  await fever?.close();
  await greader?.close();
});

/** Marks server items through the engine inside the page (the same call the reader makes). */
const mark = markByGuid;

describe('login', () => {
  test('Fever: wrong password, import with progress, pushes, offline queue, log out', async () => {
    const app = await openApp(browser);
    try {
      await app.goto('/login');
      const { login, sidebar, list } = screens(app.page);
      await login.login('Fever API', fever.url, 'wrong');
      // The refusal is said once (title), and the password field has the focus to type again.
      const said = (await login.error.textContent()) ?? '';
      expect(said).toContain('refused');
      expect(said.split('refused').length - 1, said).toBe(1);
      await expect
        .poll(() => login.field('password').evaluate((el) => el === document.activeElement))
        .toBe(true);
      await login.retryWith('secret');
      await waitFor(login.preview, "the Fever account's preview");
      expect(await login.previewPart('unread').textContent()).toBe('30 unread articles');
      expect(await login.previewPart('saved').textContent()).toBe('4 saved articles');
      expect(await login.feverNote.count()).toBe(1);
      await login.importButton.click();
      await waitFor(login.panel, 'the account panel after Import');
      await login.waitSynced();
      expect(await login.summary.textContent()).toContain('3 feeds synced');
      // The imported feeds are in the sidebar.
      await waitFor(sidebar.feedNamed('Gadgets'), 'the imported feed Gadgets in the sidebar');

      // A synced feed offers older articles from the server, page by page.
      await sidebar.feedNamed('Gadgets').click();
      await list.loadOlder.click();
      const result = list.loadOlderResult;
      await waitFor(result, 'what Load older found');
      expect(await result.textContent()).toMatch(/older articles? added|No older articles/);
      await app.goto('/login');
      await waitFor(login.panel, 'the account panel');

      const worker = await engineWorker(app.page);
      fever.marks.length = 0;
      await mark(worker, 'fever:120', 'read');
      await mark(worker, 'fever:119', 'saved');
      await login.syncNow();
      await expect
        .poll(() => fever.marks)
        .toEqual([
          { mark: 'item', as: 'read', id: '120' },
          { mark: 'item', as: 'saved', id: '119' },
        ]);
      expect(fever.state.items.find((i) => i.id === 119)?.saved).toBe(true);

      // Offline: the server is down; changes wait in order.
      fever.marks.length = 0;
      fever.mode = 'down';
      await mark(worker, 'fever:118', 'read');
      await mark(worker, 'fever:120', 'unread');
      await mark(worker, 'fever:119', 'unsaved');
      await login.syncButton.click();
      await waitFor(login.accountError(), "the account's error while the server is down");
      await waitFor(login.pending(3), 'three changes waiting');
      expect(fever.marks).toEqual([]);
      fever.mode = 'ok';
      await login.syncNow();
      await waitFor(login.pending(0), 'no change waiting');
      await expect
        .poll(() => fever.marks)
        .toEqual([
          { mark: 'item', as: 'read', id: '118' },
          { mark: 'item', as: 'unread', id: '120' },
          { mark: 'item', as: 'unsaved', id: '119' },
        ]);

      await login.removeFeeds.check();
      await login.logout.click();
      await login.deleteAndLogout.click();
      await waitFor(login.form, 'the login form after logging out');
      expectNoErrors(app.errors.filter((e) => !e.includes('503')));
    } finally {
      await app.context.close();
    }
  });

  test('Google Reader: API off, import, starred and read reach the server, log out', async () => {
    const app = await openApp(browser);
    try {
      await app.goto('/login');
      const { login } = screens(app.page);
      // FreshRSS with "Allow API access" off answers every API call 503 "Service Unavailable!".
      greader.mode = 'apiOff';
      await login.login('Google Reader API', greader.url, 'secret');
      expect(await login.error.textContent()).toContain('Settings → Authentication → Allow API access');
      greader.mode = 'ok';
      await login.connect.click();
      await waitFor(login.preview, "the Google Reader account's preview");
      expect(await login.previewPart('feeds').textContent()).toBe('3 feeds');
      await login.importButton.click();
      await login.waitSynced();

      const worker = await engineWorker(app.page);
      greader.writes.length = 0;
      const newest = greader.state.items.at(-1)!.id.toString();
      await mark(worker, `greader:${newest}`, 'read');
      await mark(worker, `greader:${newest}`, 'saved');
      await login.syncNow();
      // The import's finished sync job is still on screen, so wait for the writes themselves.
      await expect
        .poll(() => greader.writes.map((w) => w.form.a?.[0]))
        .toEqual(['user/-/state/com.google/read', 'user/-/state/com.google/starred']);
      expect(greader.state.items.at(-1)).toMatchObject({ read: true, starred: true });

      await login.logout.click();
      await waitFor(login.form, 'the login form after logging out');
      expectNoErrors(app.errors);
    } finally {
      await app.context.close();
    }
  });
});
