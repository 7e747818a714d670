/**
 * Tags as Google Reader labels end to end, against the FreshRSS-like fixture through the real
 * companion server: a label on the server arrives as a tag at import; tagging an article in the
 * reader puts the label on the server after a sync; a label added on the server (another
 * device) appears as a tag after the next sync. Manage tags says tags follow the server.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { greaderSeed, startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { realErrors, setSettings } from './readingSeed';

let browser: Browser;
let greader: GReaderServer;
let app: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
  greader = await startGReaderServer();
});
afterAll(async () => {
  await browser?.close();
  await greader?.close();
});
afterEach(() => app.context.close());

async function syncNow(): Promise<void> {
  await app.goto('/login');
  await screens(app.page).login.syncNow();
}

test('labels come down as tags, and tags go up as labels', async () => {
  greader.state = greaderSeed();
  const item = (n: number) => greader.state.items[n - 1]!;
  greader.state.tags = ['Later'];
  item(89).tags = ['Later'];

  app = await openApp(browser);
  await app.goto('/login');
  await setSettings(app.page, { general: { defaultView: 'list' } });
  const { list, reader, sidebar, tags, login } = screens(app.page);
  await login.login('Google Reader API', greader.url, 'secret');
  await login.importButton.click();
  await waitFor(login.panel, 'the account panel after Import');
  await login.waitSynced();

  // The server's label is a tag here (and the folders are groups, not tags).
  await sidebar.waitForCount(sidebar.tag('Later'), '1', "the server label 'Later' in the sidebar");
  expect(await sidebar.tag('Work').count()).toBe(0);

  // Tag an article in the reader; the next sync puts the label on the server.
  await app.goto('/all');
  await list.open('GReader item 90');
  await reader.tagsButton.click();
  await tags.addInPicker('Rust');
  await tags.closePicker();
  await waitFor(tags.readerChip('Rust'), "the chip 'Rust' under the article's title");
  await reader.close();
  await syncNow();
  await expect.poll(() => item(90).tags).toEqual(['Rust']);
  expect(greader.state.tags).toEqual(['Later', 'Rust']);

  // A label put on the server from another device shows as a tag after the next sync.
  item(88).tags = ['Later'];
  await syncNow();
  await sidebar.waitForCount(sidebar.tag('Later'), '2', "the tag 'Later' on both labelled articles");

  await tags.manage();
  expect(await tags.syncNote.textContent()).toBe('Tags are kept in step with your server’s labels.');

  expectNoErrors(realErrors(app.errors));
}, 120_000);
