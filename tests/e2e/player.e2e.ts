/**
 * The persistent player end to end, with short generated WAV episodes from the fixture feed
 * server (`/podcast/player.xml`): playback that survives opening other articles and changing
 * lists, chapters, play/pause from the keyboard, speed remembered per feed and position resumed
 * across a reload, the queue (add, reorder, clear + Undo, persisted) and the next episode
 * starting when one ends, the finished one marked read. Every Play is a real click.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, openApp, type AppPage } from './harness';
import { realErrors, setSettings } from './readingSeed';
import { engineWorker } from './seed';

const feedsUrl = inject('feedsUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const tid = (id: string) => `[data-testid="${id}"]`;
const row = (page: Page, title: string) => page.locator(`[data-testid="item-row"][aria-label="${title}"]`);
const MEDIA = '[data-testid="player-media"]';
/** Real playback of a few seconds per step on a shared machine. */
const SLOW = 90_000;

/** Subscribes through the real engine (fetch, parse, chapters), then reloads. */
async function subscribe(app: AppPage, showTitles: string[]): Promise<number[]> {
  await app.goto('/welcome');
  const worker = await engineWorker(app.page);
  const ids: number[] = [];
  for (const title of showTitles) {
    const url = `${feedsUrl}/podcast/player.xml?title=${encodeURIComponent(title)}`;
    ids.push(
      await worker.evaluate(async (u: string) => {
        const e = (
          self as unknown as {
            __rivuletEngine: {
              subscriptions: { subscribe(r: { url: string }): Promise<{ feedId: number }> };
            };
          }
        ).__rivuletEngine;
        return (await e.subscriptions.subscribe({ url: u })).feedId;
      }, url),
    );
  }
  // Read episodes stay listed, so the test can see one turn read.
  await setSettings(app.page, { general: { defaultView: 'list', hideReadArticles: false } });
  await app.page.reload();
  return ids;
}

/** The one media element's state. */
function media(page: Page) {
  return page.evaluate((sel) => {
    const all = document.querySelectorAll<HTMLMediaElement>(sel);
    const el = all[0];
    return el
      ? {
          count: all.length,
          time: el.currentTime,
          paused: el.paused,
          rate: el.playbackRate,
          src: el.src,
          probe: (el as unknown as { probe?: string }).probe ?? null,
        }
      : null;
  }, MEDIA);
}

/** Waits until the media plays past `after` seconds (it keeps advancing). */
async function advancesPast(page: Page, after: number): Promise<void> {
  await page.waitForFunction(
    ([sel, t]) => {
      const el = document.querySelector<HTMLMediaElement>(sel as string);
      return !!el && !el.paused && el.currentTime > t;
    },
    [MEDIA, after] as const,
    { timeout: 10_000 },
  );
}

describe('player', () => {
  test(
    'keeps playing across articles and lists; chapters; p pauses and plays',
    async () => {
      const app = await openApp(browser);
      const { page } = app;
      const [feedId] = await subscribe(app, ['Shore Sounds']);
      await app.goto(`/f/${feedId}`);
      await row(page, 'Long walk on the shore').click();
      await page.locator(tid('reader-play')).click();
      await advancesPast(page, 0.3);
      await page.evaluate((sel) => {
        (document.querySelector(sel) as unknown as { probe: string }).probe = 'same element';
      }, MEDIA);
      // The reader now shows the player's full view with the Podlove chapters of the feed.
      await page.locator(`${tid('reader-media')}[data-current]`).waitFor();
      expect(await page.locator(tid('player-chapter')).allTextContents()).toEqual([
        '0:00Leaving the harbour',
        '0:10Rock pools',
        '0:25Home again',
      ]);

      // Another article: the episode goes on.
      let t = (await media(page))!.time;
      await page.locator(tid('reader-next')).click();
      await page.locator(`${tid('reader-title')}:has-text("Show notes without audio")`).waitFor();
      await advancesPast(page, t + 0.4);
      expect(await page.locator(tid('mini-player-title')).textContent()).toBe('Long walk on the shore');

      // Other lists: still the same element, still advancing.
      await page.locator(tid('reader-close')).click();
      for (const nav of ['nav-all', 'nav-saved']) {
        t = (await media(page))!.time;
        await page.locator(tid(nav)).click();
        await page.waitForURL(nav === 'nav-all' ? /\/all$/ : /\/next$/);
        await advancesPast(page, t + 0.4);
      }
      expect(await media(page)).toMatchObject({ count: 1, paused: false, probe: 'same element' });

      // `p` pauses and plays from anywhere.
      await page.locator('body').press('p');
      await page.waitForFunction((sel) => document.querySelector<HTMLMediaElement>(sel)?.paused, MEDIA);
      t = (await media(page))!.time;
      await page.locator('body').press('p');
      await advancesPast(page, t + 0.2);

      // The mini-player's title opens the episode; a chapter click seeks there.
      await page.locator(tid('mini-player-open')).click();
      await page.locator(`${tid('reader-title')}:has-text("Long walk on the shore")`).waitFor();
      await page.locator(tid('player-chapter'), { hasText: 'Rock pools' }).click();
      await advancesPast(page, 10.2);
      await page
        .locator(`${tid('player-chapter')}[aria-current="true"]`, { hasText: 'Rock pools' })
        .waitFor();
      expect(await page.locator(tid('mini-player')).textContent()).toContain('Rock pools');
      expect(await media(page)).toMatchObject({ probe: 'same element' });
      expect(realErrors(app.errors)).toEqual([]);
      await app.context.close();
    },
    SLOW,
  );

  test(
    'speed is remembered per feed and the position resumes after a reload',
    async () => {
      const app = await openApp(browser);
      const { page } = app;
      const [shore, other] = await subscribe(app, ['Shore Sounds', 'Other Show']);
      await app.goto(`/f/${shore}`);
      await row(page, 'Long walk on the shore').click();
      await page.locator(tid('reader-play')).click();
      await advancesPast(page, 0.3);
      await page.locator(tid('mini-player-speed')).click();
      await page.locator(tid('mini-player-speed-1.5')).click();
      await page.waitForFunction(
        (sel) => document.querySelector<HTMLMediaElement>(sel)?.playbackRate === 1.5,
        MEDIA,
      );
      await advancesPast(page, 2);
      await page.locator(tid('mini-player-toggle')).click();
      await page.waitForFunction((sel) => document.querySelector<HTMLMediaElement>(sel)?.paused, MEDIA);
      const pausedAt = (await media(page))!.time;

      await page.reload();
      await page.locator(tid('mini-player')).waitFor();
      expect(await page.locator(tid('mini-player-title')).textContent()).toBe('Long walk on the shore');
      expect(await page.locator(tid('mini-player-speed')).textContent()).toBe('1.5×');
      await page.waitForFunction(
        ([sel, at]) => {
          const el = document.querySelector<HTMLMediaElement>(sel as string);
          return !!el && el.readyState >= 1 && Math.abs(el.currentTime - at) < 1.5;
        },
        [MEDIA, pausedAt] as const,
      );
      expect(await media(page)).toMatchObject({ paused: true, rate: 1.5 });

      // Another feed plays at its own speed (1×); back on the first feed, 1.5× again.
      await app.goto(`/f/${other}`);
      await row(page, 'Short two').click();
      await page.locator(tid('reader-play')).click();
      await advancesPast(page, 0.1);
      expect((await media(page))!.rate).toBe(1);
      expect(await page.locator(tid('reader-player-speed')).textContent()).toBe('1×');
      await app.goto(`/f/${shore}`);
      await row(page, 'Long walk on the shore').click();
      await page.locator(tid('reader-play')).click();
      await advancesPast(page, pausedAt);
      expect((await media(page))!.rate).toBe(1.5);
      expect(realErrors(app.errors)).toEqual([]);
      await app.context.close();
    },
    SLOW,
  );

  test(
    'the queue: add from the list, reorder, clear with Undo, kept on reload; the next starts when one ends',
    async () => {
      const app = await openApp(browser);
      const { page } = app;
      const [feedId] = await subscribe(app, ['Shore Sounds']);
      await app.goto(`/f/${feedId}`);
      const queueFromMenu = async (title: string) => {
        await row(page, title).click({ button: 'right' });
        await page.locator(tid('menu-queue-add')).click();
      };
      await queueFromMenu('Long walk on the shore'); // nothing loaded: it becomes the current one
      await queueFromMenu('Short two');
      await queueFromMenu('Short one');
      expect(await page.locator(tid('mini-player-title')).textContent()).toBe('Long walk on the shore');
      const entries = page.locator(`${tid('player-queue')} ${tid('player-queue-entry')}`);
      const queued = async () =>
        (await entries.locator(tid('player-queue-play')).allTextContents()).map(
          (s) => s.split('Shore Sounds')[0],
        );
      await page.locator(tid('mini-player-queue')).click();
      await expect.poll(queued).toEqual(['Short two', 'Short one']);
      await entries.nth(1).locator(tid('player-queue-up')).click();
      await expect.poll(queued).toEqual(['Short one', 'Short two']);

      await page.reload();
      await page.locator(tid('mini-player-queue')).click();
      await expect.poll(queued).toEqual(['Short one', 'Short two']);
      await page.locator(tid('player-queue-clear')).click();
      await page.locator(tid('player-queue-empty')).waitFor();
      await page.locator(tid('player-queue-undo')).click();
      // The click on the toast closed the queue (a click outside it); open it again.
      await page.locator(tid('player-queue')).waitFor({ state: 'hidden' });
      await page.locator(tid('mini-player-queue')).click();
      await expect.poll(queued).toEqual(['Short one', 'Short two']);

      // Play "Short one" now; when it ends "Short two" starts by itself and "Short one" is read.
      expect(await row(page, 'Short one').getAttribute('data-unread')).toBe('true');
      await entries.first().locator(tid('player-queue-play')).click();
      await page.waitForFunction(
        (sel) => document.querySelector<HTMLMediaElement>(sel)?.src.endsWith('s=3') ?? false,
        MEDIA,
        { timeout: 15_000 },
      );
      await advancesPast(page, 0.2);
      expect(await page.locator(tid('mini-player-title')).textContent()).toBe('Short two');
      await page.locator(`[data-testid="item-row"][aria-label="Short one"][data-unread="false"]`).waitFor();
      // Its Podcasting 2.0 chapters came from the JSON document; the system controls know it.
      await page.locator(tid('mini-player'), { hasText: 'Hello' }).waitFor();
      expect(
        await page.evaluate(() => ({
          title: navigator.mediaSession.metadata?.title,
          artist: navigator.mediaSession.metadata?.artist,
          state: navigator.mediaSession.playbackState,
        })),
      ).toEqual({ title: 'Short two', artist: 'Shore Sounds', state: 'playing' });
      // The saved queue is empty now: both left it by being played.
      expect(
        await page.evaluate(
          () => (JSON.parse(localStorage.getItem('rivulet-player') ?? '{}') as { queue?: unknown[] }).queue,
        ),
      ).toEqual([]);
      expect(realErrors(app.errors)).toEqual([]);
      await app.context.close();
    },
    SLOW,
  );
});
