/**
 * "No group" with a FreshRSS account, end to end: a synced feed moved to no group on /rss goes
 * to the server's default category (here named in French, "Sans catégorie"), and the next sync
 * leaves it in no group rather than making a group of that category.
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
  greader = await startGReaderServer('reader', 'secret', {
    ...greaderSeed(90),
    defaultFolder: 'Sans catégorie',
  });
});
afterAll(async () => {
  await browser?.close();
  await greader?.close();
});

test('a synced feed moved to no group stays there after the next sync', async () => {
  const app = await openApp(browser);
  try {
    await app.goto('/login');
    const { login, rss, sidebar } = screens(app.page);
    await login.login('Google Reader API', greader.url, 'secret');
    await waitFor(login.preview, "the account's preview");
    await login.importButton.click();
    await waitFor(login.panel, 'the account panel after Import');
    await login.waitSynced();

    await app.goto('/rss');
    await rss.selectNamed('Rivers').check();
    await rss.bulk('move').click();
    await rss.moveToNone.click();
    await waitFor(rss.groupOf(rss.rowNamed('Rivers')).filter({ hasText: '—' }), 'Rivers in no group');
    expect(greader.state.feeds.find((f) => f.title === 'Rivers')!.labels).toEqual([]);

    // The next sync: once it asks for the unread ids it has applied the server's folders.
    await app.goto('/login');
    const asked = greader.requests.length;
    await login.syncButton.click();
    await expect
      .poll(() => greader.requests.slice(asked).some((r) => r.includes('/stream/items/ids')))
      .toBe(true);
    await login.waitSynced();
    await app.goto('/rss');
    await waitFor(rss.rowNamed('Rivers'), 'the row of Rivers after the sync');
    expect(await rss.groupOf(rss.rowNamed('Rivers')).textContent()).toBe('—');
    expect(await sidebar.groupNamed('Sans catégorie').count()).toBe(0);
    expectNoErrors(app.errors);
  } finally {
    await app.context.close();
  }
});
