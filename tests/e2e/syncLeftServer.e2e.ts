/**
 * Feeds the server no longer lists (hidden in FreshRSS), end to end against the FreshRSS-like
 * fixture: the next sync keeps each one that holds the reader's own articles (Misc: saved ones;
 * Rivers: nothing saved, one article tagged here) and the account screen names each with what it
 * holds; Remove unsubscribes it here (after the usual confirmation) and Undo brings it back; Keep
 * keeps it as a feed of this browser and the account stops naming it, also after the next sync.
 * Screenshots of the notice go to test-results/sync with RIVULET_SHOTS=1.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { greaderSeed, startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { setSettings } from './readingSeed';
import { shootSizes } from './shots';

const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'sync');

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

test('feeds hidden on the server stay with their saved or tagged articles; the account says which and offers Keep and Remove (with Undo)', async () => {
  const app = await openApp(browser);
  try {
    const feedOf = (title: string) => greader.state.feeds.find((f) => f.title === title)!;
    // Rivers: nothing saved on the server.
    for (const item of greader.state.items) if (item.feedId === feedOf('Rivers').id) item.starred = false;
    await app.goto('/login');
    await setSettings(app.page, { general: { defaultView: 'list' } });
    const { login, sidebar, confirm, undo, list, reader, tags } = screens(app.page);
    await login.login('Google Reader API', greader.url, 'secret');
    await waitFor(login.preview, "the account's preview");
    await login.importButton.click();
    await waitFor(login.panel, 'the account panel after Import');
    await login.waitSynced();
    expect(await login.leftServer.count()).toBe(0);

    // One article of Rivers tagged here (GReader item 90 is Rivers').
    await app.goto('/all');
    await list.open('GReader item 90');
    await reader.tagsButton.click();
    await tags.addInPicker('Keep');
    await tags.closePicker();
    await reader.close();
    await app.goto('/login');

    feedOf('Misc').hidden = true;
    feedOf('Rivers').hidden = true;
    await login.syncNow();
    await waitFor(login.leftFeed('Misc'), 'Misc named as no longer on the server');
    await waitFor(login.leftFeed('Rivers'), 'Rivers named as no longer on the server');
    expect(await login.leftServer.textContent()).toContain('2 feeds are no longer on the server');
    expect(await login.leftServer.textContent()).toContain('articles you saved, tagged or highlighted');
    expect(await login.leftFeed('Misc').textContent()).toContain('2 saved articles · since');
    expect(await login.leftFeed('Rivers').textContent()).toContain('1 tagged article · since');
    await waitFor(sidebar.feedNamed('Misc'), 'Misc still in the sidebar');
    await waitFor(sidebar.feedNamed('Rivers'), 'Rivers still in the sidebar');
    await shootSizes(app.page, SHOTS, 'left-server');

    // Remove: the usual unsubscribe, which Undo brings back.
    await login.leftFeedAction('Misc', 'remove').click();
    await confirm.ok();
    await expect.poll(() => login.leftFeed('Misc').count()).toBe(0);
    await undo.undo('Undone: 1 feed is back with its articles.');
    await waitFor(login.leftFeed('Misc'), 'Misc named again after Undo');

    // Keep: the account stops naming it, also after the next sync; the feed stays.
    await login.leftFeedAction('Misc', 'keep').click();
    await expect.poll(() => login.leftFeed('Misc').count()).toBe(0);
    await login.leftFeedAction('Rivers', 'keep').click();
    await expect.poll(() => login.leftServer.count()).toBe(0);
    await login.syncNow();
    expect(await login.leftServer.count()).toBe(0);
    await waitFor(sidebar.feedNamed('Misc'), 'Misc kept in the sidebar');
    await waitFor(sidebar.feedNamed('Rivers'), 'Rivers kept in the sidebar');
    expectNoErrors(app.errors);
  } finally {
    await app.context.close();
  }
});
