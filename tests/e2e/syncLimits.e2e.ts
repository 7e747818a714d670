/**
 * A sync server's limits as people meet them, against the FreshRSS-like fixture through the real
 * companion server (10 MB cap): an account whose unread articles are long imports whole (250 of
 * them at once were more than the companion server relays, and every sync failed); a server
 * that rate-limits says how long it asks to wait, and syncs wait that long unless insisted on.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { greaderSeed, startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { engineWorker } from './seed';

let browser: Browser;
let greader: GReaderServer;

beforeAll(async () => {
  browser = await launchBrowser();
  // 300 unread articles of about 45 KB: some 13 MB in one batch of 250.
  const state = greaderSeed(300);
  for (const [i, item] of state.items.entries()) {
    item.read = false;
    item.html = `<p>Article ${i + 1}. ${'A long paragraph of text. '.repeat(1800)}</p>`;
  }
  greader = await startGReaderServer('reader', 'secret', state);
});
afterAll(async () => {
  await browser?.close();
  await greader?.close();
});

test('an account with 300 long unread articles imports them all; a rate limit says how long to wait, and Sync anyway goes through', async () => {
  const app = await openApp(browser);
  try {
    await app.goto('/login');
    const { login } = screens(app.page);
    await login.login('Google Reader API', greader.url, 'secret');
    await waitFor(login.preview, "the account's preview");
    expect(await login.previewPart('unread').textContent()).toBe('300 unread articles');
    await login.importButton.click();
    await waitFor(login.panel, 'the account panel after Import');
    await login.waitSynced();
    expect(await login.accountError().count()).toBe(0);
    const worker = await engineWorker(app.page);
    const items = await worker.evaluate(async () => {
      const e = (self as unknown as { __rivuletEngine: { counts(): Promise<{ items: number }> } })
        .__rivuletEngine;
      return (await e.counts()).items;
    });
    expect(items).toBe(300);
    expect(await login.summary.textContent()).toContain('3 feeds synced');

    // The server limits requests: the account says for how long and when syncing resumes, and
    // "Sync now" waits too (a reload keeps the wait); "Sync anyway" goes through.
    greader.refuseNext(429, 1, '7200');
    await login.syncButton.click();
    await waitFor(login.accountError('wait'), "the account's rate-limit error");
    expect(await login.accountError().textContent()).toContain('wait 2 hours');
    expect(await login.resumes.textContent()).toBe('Syncing starts again by itself in 2 hours.');
    expect(await login.syncButton.isDisabled()).toBe(true);
    const asked = greader.requests.length;
    await app.page.reload();
    await waitFor(login.resumes, 'the wait after a reload');
    expect(await login.syncButton.isDisabled()).toBe(true);
    expect(greader.requests.length).toBe(asked);
    await login.syncAnyway.click();
    await expect.poll(() => login.accountError().count()).toBe(0);
    await login.waitSynced();
    await expect.poll(() => login.syncButton.isDisabled()).toBe(false);
    expect(await login.accountError().count()).toBe(0);
    expect(greader.requests.length).toBeGreaterThan(asked);
    expectNoErrors(app.errors.filter((e) => !e.includes('429')));
  } finally {
    await app.context.close();
  }
});
