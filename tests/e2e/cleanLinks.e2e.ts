/**
 * Clean links in the built app: an article whose feed link carries tracking parameters is stored
 * with the clean link, and one stored before links were cleaned (its raw link written straight
 * into IndexedDB) is shown with the clean link too. In both, the reader's title link, Original
 * and "Copy link" give the clean link, and a tracking link inside the article is clean.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { ListScreen, ReaderScreen, Shell, waitFor } from './pages';
import { realErrors, type SeededFeeds, seedFeeds } from './readingSeed';

const TRACKED =
  'https://news.example/2024/budget?id=9&utm_source=newsletter&utm_medium=email&mc_cid=4f1b&mc_eid=a1b2#vote';
const CLEAN = 'https://news.example/2024/budget?id=9#vote';
const OLD_TRACKED = 'https://blog.example/old-post?fbclid=IwAR2F4xyz&ref=home&_hsenc=p2ANqtz';
const OLD_CLEAN = 'https://blog.example/old-post?ref=home';
const BODY =
  '<p>Read <a href="https://other.example/report?page=2&amp;gclid=Cj0KCQ&amp;utm_campaign=spring">the report</a>' +
  ' and <a href="https://www.instagram.com/p/C6abc/?igshid=MzRlODBi">the photo</a>.</p>';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('clean links', () => {
  let app: AppPage;
  let ids: SeededFeeds;

  beforeAll(async () => {
    app = await openApp(browser);
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await app.goto('/welcome');
    ids = await seedFeeds(app.page, [
      {
        title: 'Links Weekly',
        articles: [
          { title: 'Budget vote', link: TRACKED, description: BODY },
          { title: 'Old post', link: 'https://blog.example/old-post', description: BODY },
        ],
      },
    ]);
    // "Old post" as an older version stored it: the feed's link with its tracking parameters.
    const oldId = ids.itemIds[0]![1]!;
    await app.page.evaluate(
      ({ id, link }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('rivulet');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('items', 'readwrite');
            const items = tx.objectStore('items');
            const get = items.get(id);
            get.onsuccess = () => items.put({ ...(get.result as object), link });
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(new Error(String(tx.error)));
          };
        }),
      { id: oldId, link: OLD_TRACKED },
    );
    await app.page.reload();
    await new Shell(app.page).waitReady();
  });
  afterAll(() => app.context.close());

  for (const [title, clean] of [
    ['Budget vote', CLEAN],
    ['Old post', OLD_CLEAN],
  ] as const) {
    test(`${title}: title link, Original, Copy link and in-article links are clean`, async () => {
      const { page } = app;
      const list = new ListScreen(page);
      const reader = new ReaderScreen(page);
      await app.goto(`/f/${ids.feedIds[0]}`);
      await list.open(title);
      expect(await reader.titleLink.getAttribute('href')).toBe(clean);
      expect(await reader.button('original').getAttribute('href')).toBe(clean);

      const links = reader.bodyLinks;
      await waitFor(links.first(), 'a link inside the article');
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
        'https://other.example/report?page=2',
        'https://www.instagram.com/p/C6abc/',
      ]);

      await page.evaluate(() => navigator.clipboard.writeText(''));
      await reader.menu('Copy link');
      // The notice shows once the clipboard write has resolved.
      await new Shell(page).waitForText('Link copied', "the reader's 'Link copied' notice");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clean);
      expectNoErrors(realErrors(app.errors));
    });
  }
});
