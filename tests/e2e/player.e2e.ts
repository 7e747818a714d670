/**
 * The persistent player end to end, with short generated WAV episodes from the fixture feed
 * server (`/podcast/player.xml`): playback that survives opening other articles and changing
 * lists, chapters, play/pause from the keyboard, speed remembered per feed and position resumed
 * across a reload, the queue (add, reorder, clear + Undo, persisted) and the next episode
 * starting when one ends, the finished one marked read; on a phone the mini-player gives its title
 * the width and its buttons are a finger wide on touch (RIVULET_SHOTS=1: test-results/player/).
 * Every Play is a real click.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type AppPage, expectNoErrors, launchBrowser, openApp } from './harness';
import { checkLayout, smallTargets } from './layoutCheck';
import { screens, waitFor, waitForPath } from './pages';
import { realErrors, setSettings } from './readingSeed';
import { engineWorker } from './seed';
import { shootSizes } from './shots';

const feedsUrl = inject('feedsUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

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

describe('player', () => {
  test(
    'keeps playing across articles and lists; chapters; p pauses and plays',
    async () => {
      const app = await openApp(browser);
      const { page } = app;
      const { list, reader, sidebar, player, shell } = screens(page);
      const [feedId] = await subscribe(app, ['Shore Sounds']);
      await app.goto(`/f/${feedId}`);
      await list.row('Long walk on the shore').click();
      await player.play.click();
      await player.advancesPast(0.3);
      await player.tagMedia('same element');
      // The reader now shows the player's full view with the Podlove chapters of the feed.
      await waitFor(player.readerCurrent, "the reader's player view");
      expect(await player.chapters.allTextContents()).toEqual([
        '0:00Leaving the harbour',
        '0:10Rock pools',
        '0:25Home again',
      ]);

      // Another article: the episode goes on.
      let t = (await player.media())!.time;
      await reader.button('next').click();
      await waitFor(
        reader.title.filter({ hasText: 'Show notes without audio' }),
        'the next article in the reader',
      );
      await player.advancesPast(t + 0.4);
      expect(await player.miniPart('title').textContent()).toBe('Long walk on the shore');

      // Other lists: still the same element, still advancing.
      await reader.button('close').click();
      for (const [scope, path] of [
        ['all', '/all'],
        ['saved', '/next'],
      ] as const) {
        t = (await player.media())!.time;
        await sidebar.scope(scope).click();
        await waitForPath(page, path);
        await player.advancesPast(t + 0.4);
      }
      expect(await player.media()).toMatchObject({ count: 1, paused: false, probe: 'same element' });

      // `p` pauses and plays from anywhere.
      await shell.pressOnPage('p');
      await player.waitPaused();
      t = (await player.media())!.time;
      await shell.pressOnPage('p');
      await player.advancesPast(t + 0.2);

      // The mini-player's title opens the episode; a chapter click seeks there.
      await player.miniPart('open').click();
      await waitFor(reader.title.filter({ hasText: 'Long walk on the shore' }), 'the episode in the reader');
      await player.chapter('Rock pools').click();
      await player.advancesPast(10.2);
      await waitFor(player.currentChapter('Rock pools'), "the chapter 'Rock pools' playing");
      expect(await player.mini.textContent()).toContain('Rock pools');
      expect(await player.media()).toMatchObject({ probe: 'same element' });
      expectNoErrors(realErrors(app.errors));
      await app.context.close();
    },
    SLOW,
  );

  test(
    'speed is remembered per feed and the position resumes after a reload',
    async () => {
      const app = await openApp(browser);
      const { page } = app;
      const { list, player } = screens(page);
      const [shore, other] = await subscribe(app, ['Shore Sounds', 'Other Show']);
      await app.goto(`/f/${shore}`);
      await list.row('Long walk on the shore').click();
      await player.play.click();
      await player.advancesPast(0.3);
      await player.setSpeed('1.5');
      await player.waitRate(1.5);
      await player.advancesPast(2);
      await player.miniPart('toggle').click();
      await player.waitPaused();
      const pausedAt = (await player.media())!.time;

      await page.reload();
      await player.waitMini();
      expect(await player.miniPart('title').textContent()).toBe('Long walk on the shore');
      expect(await player.miniPart('speed').textContent()).toBe('1.5×');
      await player.waitPositionNear(pausedAt);
      expect(await player.media()).toMatchObject({ paused: true, rate: 1.5 });

      // Another feed plays at its own speed (1×); back on the first feed, 1.5× again.
      await app.goto(`/f/${other}`);
      await list.row('Short two').click();
      await player.play.click();
      await player.advancesPast(0.1);
      expect((await player.media())!.rate).toBe(1);
      expect(await player.readerSpeed.textContent()).toBe('1×');
      await app.goto(`/f/${shore}`);
      await list.row('Long walk on the shore').click();
      await player.play.click();
      await player.advancesPast(pausedAt);
      expect((await player.media())!.rate).toBe(1.5);
      expectNoErrors(realErrors(app.errors));
      await app.context.close();
    },
    SLOW,
  );

  test(
    'the queue: add from the list, reorder, clear with Undo, kept on reload; the next starts when one ends; an interrupted one goes back first',
    async () => {
      const app = await openApp(browser);
      const { page } = app;
      const { list, player } = screens(page);
      const [feedId] = await subscribe(app, ['Shore Sounds']);
      await app.goto(`/f/${feedId}`);
      const queueFromMenu = (title: string) => player.queueFromRow(list.row(title));
      await queueFromMenu('Long walk on the shore'); // nothing loaded: it becomes the current one
      await queueFromMenu('Short two');
      await queueFromMenu('Short one');
      expect(await player.miniPart('title').textContent()).toBe('Long walk on the shore');
      const entries = player.queueEntries;
      const queued = async () =>
        (await player.entryPart(entries, 'play').allTextContents()).map((s) => s.split('Shore Sounds')[0]);
      await player.miniPart('queue').click();
      await expect.poll(queued).toEqual(['Short two', 'Short one']);
      await player.entryPart(entries.nth(1), 'up').click();
      await expect.poll(queued).toEqual(['Short one', 'Short two']);

      await page.reload();
      await player.miniPart('queue').click();
      await expect.poll(queued).toEqual(['Short one', 'Short two']);
      await player.queuePart('clear').click();
      await waitFor(player.queuePart('empty'), 'the empty queue');
      await player.queuePart('undo').click();
      // The click on the toast closed the queue (a click outside it); open it again.
      await waitFor(player.queue, 'the queue', { state: 'hidden' });
      await player.miniPart('queue').click();
      await expect.poll(queued).toEqual(['Short one', 'Short two']);

      // Play "Short one" now: the loaded "Long walk" is not lost but first in the queue again, so
      // when "Short one" ends "Long walk" starts by itself, and "Short one" is read.
      expect(await list.row('Short one').getAttribute('data-unread')).toBe('true');
      await player.entryPart(entries.first(), 'play').click();
      await player.waitSource('s=40', 15_000);
      await waitFor(list.readRow('Short one'), "'Short one' marked read once played");
      // "Short two" from the queue: "Long walk" goes back first in it, at its position.
      if (!(await player.queue.isVisible())) await player.miniPart('queue').click();
      await expect.poll(queued).toEqual(['Short two']);
      await player.entryPart(entries.first(), 'play').click();
      await player.waitSource('s=3', 15_000);
      await player.advancesPast(0.2);
      expect(await player.miniPart('title').textContent()).toBe('Short two');
      // Its Podcasting 2.0 chapters came from the JSON document; the system controls know it.
      await waitFor(player.mini.filter({ hasText: 'Hello' }), "the mini-player showing the chapter 'Hello'");
      expect(
        await page.evaluate(() => ({
          title: navigator.mediaSession.metadata?.title,
          artist: navigator.mediaSession.metadata?.artist,
          state: navigator.mediaSession.playbackState,
        })),
      ).toEqual({ title: 'Short two', artist: 'Shore Sounds', state: 'playing' });
      // The saved queue holds the one that was interrupted.
      expect(
        await page.evaluate(() =>
          (
            JSON.parse(localStorage.getItem('rivulet-player') ?? '{}') as { queue?: { title: string }[] }
          ).queue?.map((q) => q.title),
        ),
      ).toEqual(['Long walk on the shore']);
      expectNoErrors(realErrors(app.errors));
      await app.context.close();
    },
    SLOW,
  );

  test(
    'on a phone the mini-player’s title has the width, and its buttons are a finger wide on touch',
    async () => {
      const app = await openApp(browser, { viewport: { width: 390, height: 844 } });
      const { page } = app;
      const { list, player, reader } = screens(page);
      const cdp = await app.context.newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      const [feedId] = await subscribe(app, ['Shore Sounds']);
      await app.goto(`/f/${feedId}`);
      await list.row('Long walk on the shore').click();
      await player.play.click();
      await player.waitMini();
      await reader.close();
      // The whole title shows (it was cut to "Long walk…" beside five buttons).
      const title = player.miniPart('title');
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect((await title.boundingBox())!.width).toBeGreaterThan(200);
      const buttons = await smallTargets(page, 'miniPlayer', 40);
      expect(buttons.measured).toBeGreaterThanOrEqual(5);
      expect(buttons.small).toEqual([]);
      expect(await checkLayout(page)).toEqual([]);
      await shootSizes(page, join(import.meta.dirname, '..', '..', 'test-results', 'player'), 'mini');
      await cdp.detach();
      await app.context.close();
    },
    SLOW,
  );
});
