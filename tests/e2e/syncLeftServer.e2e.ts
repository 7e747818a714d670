/**
 * A feed the server no longer lists (hidden in FreshRSS), end to end against the FreshRSS-like
 * fixture: the next sync keeps it with its saved articles and the account screen names it; Remove
 * unsubscribes it here (after the usual confirmation) and Undo brings it back; Keep keeps it as a
 * feed of this browser and the account stops naming it, also after the next sync.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { greaderSeed, startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';

let browser: Browser;
let greader: GReaderServer;

beforeAll(async () => {
  browser = await launchBrowser();
  greader = await startGReaderServer('reader', 'secret', greaderSeed(90));
});
afterAll(async () => {
  await browser?.close();
  await greader?.close();
});

test('a feed hidden on the server stays with its saved articles; the account offers Keep and Remove (with Undo)', async () => {
  const app = await openApp(browser);
  try {
    await app.goto('/login');
    const { login, sidebar, confirm, undo } = screens(app.page);
    await login.login('Google Reader API', greader.url, 'secret');
    await waitFor(login.preview, "the account's preview");
    await login.importButton.click();
    await waitFor(login.panel, 'the account panel after Import');
    await login.waitSynced();
    expect(await login.leftServer.count()).toBe(0);

    greader.state.feeds.find((f) => f.title === 'Misc')!.hidden = true;
    await login.syncNow();
    await waitFor(login.leftFeed('Misc'), 'Misc named as no longer on the server');
    expect(await login.leftServer.textContent()).toContain('1 feed is no longer on the server');
    expect(await login.leftFeed('Misc').textContent()).toContain('2 saved articles · since');
    await waitFor(sidebar.feedNamed('Misc'), 'Misc still in the sidebar');

    // Remove: the usual unsubscribe, which Undo brings back.
    await login.leftFeedAction('Misc', 'remove').click();
    await confirm.ok();
    await expect.poll(() => login.leftServer.count()).toBe(0);
    await undo.undo('Undone: 1 feed is back with its articles.');
    await waitFor(login.leftFeed('Misc'), 'Misc named again after Undo');

    // Keep: the account stops naming it, also after the next sync; the feed stays.
    await login.leftFeedAction('Misc', 'keep').click();
    await expect.poll(() => login.leftServer.count()).toBe(0);
    await login.syncNow();
    expect(await login.leftServer.count()).toBe(0);
    await waitFor(sidebar.feedNamed('Misc'), 'Misc kept in the sidebar');
    expectNoErrors(app.errors);
  } finally {
    await app.context.close();
  }
});
