import type { Locator, Page } from 'playwright-core';
import { tid, waitFor, waitUntil } from './wait';

const MEDIA = tid('player-media');

/** The state of the one media element. */
export interface MediaState {
  count: number;
  time: number;
  paused: boolean;
  rate: number;
  src: string;
  probe: string | null;
}

/**
 * The persistent player: the media element, the mini-player (title, speed, play/pause, queue),
 * the reader's full view (Play, chapters, speed) and the queue panel.
 */
export class PlayerUi {
  constructor(readonly page: Page) {}

  /** The reader's Play button. */
  get play(): Locator {
    return this.page.locator(tid('reader-play')).describe("the reader's Play");
  }
  /** The reader's Play next, beside Play before the episode plays. */
  get playNext(): Locator {
    return this.page.locator(tid('reader-play-next')).describe("the reader's Play next");
  }
  /** The reader's player view showing the current episode. */
  get readerCurrent(): Locator {
    return this.page.locator(`${tid('reader-media')}[data-current]`).describe("the reader's player view");
  }
  get readerSpeed(): Locator {
    return this.page.locator(tid('reader-player-speed')).describe("the reader's speed");
  }
  get chapters(): Locator {
    return this.page.locator(tid('player-chapter')).describe('the chapters');
  }
  chapter(name: string): Locator {
    return this.chapters.filter({ hasText: name }).describe(`the chapter '${name}'`);
  }
  /** The chapter playing now. */
  currentChapter(name: string): Locator {
    return this.page
      .locator(`${tid('player-chapter')}[aria-current="true"]`, { hasText: name })
      .describe(`the chapter '${name}' playing`);
  }
  get mini(): Locator {
    return this.page.locator(tid('mini-player')).describe('the mini-player');
  }
  /** A mini-player control: 'title', 'open', 'speed', 'toggle', 'queue'. */
  miniPart(part: 'title' | 'open' | 'speed' | 'toggle' | 'queue'): Locator {
    return this.page.locator(tid(`mini-player-${part}`)).describe(`the mini-player's ${part}`);
  }
  /** Picks a speed in the mini-player's speed menu. */
  async setSpeed(speed: string): Promise<void> {
    await this.miniPart('speed').click();
    await this.page.locator(tid(`mini-player-speed-${speed}`)).click();
  }
  get queue(): Locator {
    return this.page.locator(tid('player-queue')).describe('the queue');
  }
  get queueEntries(): Locator {
    return this.queue.locator(tid('player-queue-entry')).describe("the queue's entries");
  }
  /** A part of a queue entry: 'play' (also its title), 'up'. */
  entryPart(entry: Locator, part: 'play' | 'up'): Locator {
    return entry.locator(tid(`player-queue-${part}`));
  }
  /** A queue control: 'clear', 'empty', 'undo'. */
  queuePart(part: 'clear' | 'empty' | 'undo'): Locator {
    return this.page.locator(tid(`player-queue-${part}`)).describe(`the queue's ${part}`);
  }
  /** Adds a list row's episode to the queue from its context menu. */
  async queueFromRow(row: Locator): Promise<void> {
    await row.click({ button: 'right' });
    await this.page.locator(tid('menu-queue-add')).click();
  }

  /** The one media element's state (null without one). */
  media(): Promise<MediaState | null> {
    return this.page.evaluate((sel) => {
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
  /** Tags the media element, so a test can see later that it is still the same one. */
  async tagMedia(probe: string): Promise<void> {
    await this.page.evaluate(
      ([sel, p]) => {
        (document.querySelector(sel) as unknown as { probe: string }).probe = p;
      },
      [MEDIA, probe] as const,
    );
  }
  /** Waits until the media plays past `after` seconds (it keeps advancing). */
  async advancesPast(after: number): Promise<void> {
    await waitUntil(
      this.page,
      `the episode to play past ${after.toFixed(1)} s`,
      ([sel, t]) => {
        const el = document.querySelector<HTMLMediaElement>(sel);
        return !!el && !el.paused && el.currentTime > t;
      },
      [MEDIA, after] as const,
      { timeout: 10_000 },
    );
  }
  /** Waits until the media is paused. */
  async waitPaused(): Promise<void> {
    await waitUntil(
      this.page,
      'the episode to pause',
      (sel) => document.querySelector<HTMLMediaElement>(sel)?.paused,
      MEDIA,
    );
  }
  /** Waits until the media plays at `rate`. */
  async waitRate(rate: number): Promise<void> {
    await waitUntil(
      this.page,
      `the episode to play at ${rate}×`,
      ([sel, r]) => document.querySelector<HTMLMediaElement>(sel)?.playbackRate === r,
      [MEDIA, rate] as const,
    );
  }
  /** Waits until the media's address ends with `end`. */
  async waitSource(end: string, timeout?: number): Promise<void> {
    await waitUntil(
      this.page,
      `the episode whose address ends with ${end}`,
      ([sel, e]) => document.querySelector<HTMLMediaElement>(sel)?.src.endsWith(e) ?? false,
      [MEDIA, end] as const,
      { timeout },
    );
  }
  /** Waits until the media has loaded and stands within 1.5 s of `at`. */
  async waitPositionNear(at: number): Promise<void> {
    await waitUntil(
      this.page,
      `the episode to resume near ${at.toFixed(1)} s`,
      ([sel, t]) => {
        const el = document.querySelector<HTMLMediaElement>(sel);
        return !!el && el.readyState >= 1 && Math.abs(el.currentTime - t) < 1.5;
      },
      [MEDIA, at] as const,
    );
  }
  /** Waits for the mini-player. */
  async waitMini(): Promise<void> {
    await waitFor(this.mini, 'the mini-player');
  }
}
