import type { Browser, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFeverServer, type FeverServer } from '../fixtures/feverServer';
import { startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { launchBrowser, openApp, type AppPage } from './harness';
import { engineWorker } from './seed';

// Login issue end to end: log in against fixture Fever and Google Reader servers through the
// real companion server, import with progress, change read/saved state and see the server
// follow, go offline, keep changing, come back and see the changes pushed in order, log out.

let browser: Browser;
let fever: FeverServer;
let greader: GReaderServer;
const tid = (id: string) => `[data-testid="${id}"]`;

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
async function mark(
  worker: Worker,
  guid: string,
  what: 'read' | 'unread' | 'saved' | 'unsaved',
): Promise<void> {
  await worker.evaluate(
    async ([g, w]) => {
      interface E {
        context: {
          index: {
            idsWhereFlags(t: () => boolean): number[];
            rowOf(id: number): number;
            guid(r: number): string;
          };
        };
        state: {
          markRead(ids: number[], on: boolean): Promise<void>;
          markSaved(ids: number[], on: boolean): Promise<void>;
        };
      }
      const e = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
      const ix = e.context.index;
      const id = ix.idsWhereFlags(() => true).find((i) => ix.guid(ix.rowOf(i)) === g);
      if (id === undefined) throw new Error(`no item ${g}`);
      if (w === 'read' || w === 'unread') await e.state.markRead([id], w === 'read');
      else await e.state.markSaved([id], w === 'saved');
    },
    [guid, what] as const,
  );
}

async function login(
  app: AppPage,
  protocol: 'Fever API' | 'Google Reader API',
  url: string,
  password: string,
) {
  await app.page.getByText(protocol, { exact: true }).click();
  await app.page.locator(tid('login-url')).fill(url);
  await app.page.locator(tid('login-username')).fill('reader');
  await app.page.locator(tid('login-password')).fill(password);
  await app.page.locator(tid('login-connect')).click();
}

async function syncNow(app: AppPage) {
  await app.page.locator(tid('account-sync')).click();
  await app.page.locator('[data-testid="job-sync"][data-state="done"]').waitFor();
}

describe('login', () => {
  test('Fever: wrong password, import with progress, pushes, offline queue, log out', async () => {
    const app = await openApp(browser);
    try {
      await app.goto('/login');
      await login(app, 'Fever API', fever.url, 'wrong');
      expect(await app.page.locator(tid('login-error')).textContent()).toContain('refused');
      await app.page.locator(tid('login-password')).fill('secret');
      await app.page.locator(tid('login-connect')).click();
      await app.page.locator(tid('login-preview')).waitFor();
      expect(await app.page.locator(tid('preview-unread')).textContent()).toBe('30 unread articles');
      expect(await app.page.locator(tid('preview-saved')).textContent()).toBe('4 saved articles');
      expect(await app.page.locator(tid('login-fever-note')).count()).toBe(1);
      await app.page.locator(tid('login-import')).click();
      await app.page.locator(tid('account-panel')).waitFor();
      await app.page.locator('[data-testid="job-sync"][data-state="done"]').waitFor();
      expect(await app.page.locator(tid('account-summary')).textContent()).toContain('3 feeds synced');
      // The imported feeds are in the sidebar.
      await app.page.locator('[data-testid^="nav-feed-"]', { hasText: 'Gadgets' }).first().waitFor();

      // A synced feed offers older articles from the server, page by page.
      await app.page.locator('[data-testid^="nav-feed-"]', { hasText: 'Gadgets' }).first().click();
      await app.page.locator(tid('load-older-button')).click();
      const result = app.page.locator(tid('load-older-result'));
      await result.waitFor();
      expect(await result.textContent()).toMatch(/older articles? added|No older articles/);
      await app.goto('/login');
      await app.page.locator(tid('account-panel')).waitFor();

      const worker = await engineWorker(app.page);
      fever.marks.length = 0;
      await mark(worker, 'fever:120', 'read');
      await mark(worker, 'fever:119', 'saved');
      await syncNow(app);
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
      await app.page.locator(tid('account-sync')).click();
      await app.page.locator(tid('account-error')).waitFor();
      await app.page.locator('[data-testid="account-pending"][data-pending="3"]').waitFor();
      expect(fever.marks).toEqual([]);
      fever.mode = 'ok';
      await syncNow(app);
      await app.page.locator('[data-testid="account-pending"][data-pending="0"]').waitFor();
      await expect
        .poll(() => fever.marks)
        .toEqual([
          { mark: 'item', as: 'read', id: '118' },
          { mark: 'item', as: 'unread', id: '120' },
          { mark: 'item', as: 'unsaved', id: '119' },
        ]);

      await app.page.locator(tid('account-remove-feeds')).check();
      await app.page.locator(tid('account-logout')).click();
      await app.page.getByRole('button', { name: 'Delete and log out' }).click();
      await app.page.locator(tid('login-form')).waitFor();
      expect(app.errors.filter((e) => !e.includes('503'))).toEqual([]);
    } finally {
      await app.context.close();
    }
  });

  test('Google Reader: API off, import, starred and read reach the server, log out', async () => {
    const app = await openApp(browser);
    try {
      await app.goto('/login');
      greader.mode = 'html';
      await login(app, 'Google Reader API', greader.url, 'secret');
      expect(await app.page.locator(tid('login-error')).textContent()).toContain('API is enabled');
      greader.mode = 'ok';
      await app.page.locator(tid('login-connect')).click();
      await app.page.locator(tid('login-preview')).waitFor();
      expect(await app.page.locator(tid('preview-feeds')).textContent()).toBe('3 feeds');
      await app.page.locator(tid('login-import')).click();
      await app.page.locator('[data-testid="job-sync"][data-state="done"]').waitFor();

      const worker = await engineWorker(app.page);
      greader.writes.length = 0;
      const newest = greader.state.items.at(-1)!.id.toString();
      await mark(worker, `greader:${newest}`, 'read');
      await mark(worker, `greader:${newest}`, 'saved');
      await syncNow(app);
      // The import's finished sync job is still on screen, so wait for the writes themselves.
      await expect
        .poll(() => greader.writes.map((w) => w.form.a?.[0]))
        .toEqual(['user/-/state/com.google/read', 'user/-/state/com.google/starred']);
      expect(greader.state.items.at(-1)).toMatchObject({ read: true, starred: true });

      await app.page.locator(tid('account-logout')).click();
      await app.page.locator(tid('login-form')).waitFor();
      expect(app.errors).toEqual([]);
    } finally {
      await app.context.close();
    }
  });
});
