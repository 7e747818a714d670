import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser } from './harness';
import { shootSizes } from './shots';
import { screens, waitFor, waitForValue } from './pages';
import { engineWorker, seedApp } from './seed';

// Storage errors are not feed errors: with the origin's quota overridden below its usage (CDP
// Storage.overrideQuotaForOrigin, set before the database opens), a refresh fails with a worded
// notice and stored data stays as it was; once the quota is raised, "Retry now" and "Refresh
// all" both fetch the feeds again (no backoff was recorded). Screenshots go to /tmp/shots-robust with RIVULET_SHOTS=1.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Stored {
  items: number;
  ids: number[];
  byFeed: Record<number, number>;
  feeds: Array<{ id: number; failures: number; errorCode: string; nextFetchAfter: number; etag: string }>;
}

/** What IndexedDB holds right now, read inside the engine worker. */
async function stored(page: Page): Promise<Stored> {
  const worker = await engineWorker(page);
  return worker.evaluate(async () => {
    interface T {
      toArray(): Promise<Array<Record<string, unknown>>>;
    }
    const e = (self as unknown as { __rivuletEngine: { db: { dexie: { table(n: string): T } } } })
      .__rivuletEngine;
    const items = await e.db.dexie.table('items').toArray();
    const byFeed: Record<number, number> = {};
    for (const it of items) byFeed[it.feedId as number] = (byFeed[it.feedId as number] ?? 0) + 1;
    const feeds = (await e.db.dexie.table('feeds').toArray()).map((f) => ({
      id: f.id as number,
      failures: f.failures as number,
      errorCode: f.errorCode as string,
      nextFetchAfter: f.nextFetchAfter as number,
      etag: f.etag as string,
    }));
    return {
      items: items.length,
      ids: items.map((i) => i.id as number).sort((a, b) => a - b),
      byFeed,
      feeds,
    };
  });
}

/** Subscribes to fixture feeds without fetching them (as an import long ago would have). */
async function addFeeds(page: Page, urls: string[]): Promise<number[]> {
  const worker = await engineWorker(page);
  return worker.evaluate(async (list: string[]) => {
    const e = (
      self as unknown as {
        __rivuletEngine: { feeds: { save(f: Record<string, unknown>): Promise<number> } };
      }
    ).__rivuletEngine;
    const ids: number[] = [];
    for (const url of list)
      ids.push(await e.feeds.save({ url, title: url.split('/').pop(), groupId: -1, siteUrl: '' }));
    return ids;
  }, urls);
}

/**
 * Waits (inside the worker, polling a cheap indexed count) until feed `feedId` has items, and
 * returns how many. A refresh of two large feeds on a loaded machine can take a while.
 */
async function waitForItems(page: Page, feedId: number): Promise<number> {
  const worker = await engineWorker(page);
  const count = () =>
    worker.evaluate(async (id: number) => {
      interface Where {
        where(i: string): { equals(v: number): { count(): Promise<number> } };
      }
      const e = (self as unknown as { __rivuletEngine: { db: { dexie: { table(n: string): Where } } } })
        .__rivuletEngine;
      return e.db.dexie.table('items').where('feedId').equals(id).count();
    }, feedId);
  return waitForValue(
    `the engine to have written items of feed ${feedId}`,
    async () => {
      const n = await count();
      return n > 0 ? n : undefined;
    },
    { timeout: 60_000, interval: 150 },
  );
}

const shoot = (page: Page, name: string) => shootSizes(page, '/tmp/shots-robust', name);

/** A fresh profile without service workers (their cache would share the quota) whose quota is set before anything is stored. */
async function openWithQuota(
  quotaSize: number,
): Promise<{ app: AppPage; setQuota: (q?: number) => Promise<unknown> }> {
  const origin = inject('baseUrl');
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const cdp = await context.newCDPSession(page);
  const setQuota = (q?: number) =>
    cdp.send('Storage.overrideQuotaForOrigin', q === undefined ? { origin } : { origin, quotaSize: q });
  // Before the database first opens: Chromium sizes what a site may still write when it opens
  // the site's storage, so an override made later would only apply after a while.
  await setQuota(quotaSize);
  const app: AppPage = {
    context,
    page,
    errors,
    async goto(path: string) {
      await page.goto(origin + path);
      await screens(page).shell.waitReady(15_000);
    },
  };
  return { app, setQuota };
}

const QUOTA = 1_500_000;
// Two feeds of 300 items with 8 KB of incompressible text each: ~2.4 MB per feed, far past QUOTA.
const BIG = (n: number) => `${inject('feedsUrl')}/generated/300?kb=8&n=${n}`;

/** Seeds, subscribes to two big feeds and runs "Refresh all" under the small quota. */
async function failOnce(app: AppPage): Promise<{ before: Stored; feeds: number[] }> {
  const { page } = app;
  await app.goto('/welcome');
  await seedApp(page, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 20 });
  const feeds = await addFeeds(page, [BIG(1), BIG(2)]);
  const before = await stored(page);
  const { sidebar, notices } = screens(page);
  await sidebar.refresh.click();
  const words = await notices.text(notices.quota, 'the notice that the disk is full');
  expect(words).toContain('Storage is full');
  expect(words).toMatch(/New articles from 2 feeds could not be saved/);
  expect(words).not.toMatch(/QuotaExceeded|Error adding data/);
  const after = await stored(page);
  // Stored data intact, and the feeds are not blamed: no failure counted, no backoff, no
  // validators for items that were never stored.
  expect(after.ids).toEqual(before.ids);
  for (const id of feeds)
    expect(after.feeds.find((f) => f.id === id)).toMatchObject({
      failures: 0,
      errorCode: '',
      nextFetchAfter: 0,
      etag: '',
    });
  return { before, feeds };
}

describe('a full disk during a refresh', () => {
  test('fails with words and keeps stored data; once space is free "Retry now" fetches', async () => {
    const { app, setQuota } = await openWithQuota(QUOTA);
    try {
      const { page } = app;
      const { feeds } = await failOnce(app);
      const { notices } = screens(page);
      await shoot(page, 'quota-notice');
      // The browser's own text is there, folded under Details.
      await notices.quotaDetailsToggle.click();
      expect(await notices.quotaDetails.innerText()).toMatch(/Error adding data.*quota_exceeded/);
      await shoot(page, 'quota-notice-details');
      await setQuota(); // space is free again
      await notices.quotaRetry.click();
      await waitFor(notices.quota, 'the quota notice after Retry now', { state: 'detached' });
      for (const id of feeds) expect(await waitForItems(page, id)).toBe(300);
      expectNoErrors(app.errors.filter((e) => !/quota|Failed to load resource/i.test(e)));
    } finally {
      await setQuota();
      await app.context.close();
    }
  });

  test('"Refresh all" after the failure fetches those feeds (they were not backed off)', async () => {
    const { app, setQuota } = await openWithQuota(QUOTA);
    try {
      const { page } = app;
      const { feeds } = await failOnce(app);
      await setQuota();
      await screens(page).sidebar.refresh.click();
      for (const id of feeds) expect(await waitForItems(page, id)).toBe(300);
    } finally {
      await setQuota();
      await app.context.close();
    }
  });
});
