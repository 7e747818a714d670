import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The Welcome screen (/welcome): its counts of what is stored, first-run box, chart, problems. */
export class WelcomeScreen {
  constructor(readonly page: Page) {}

  /** A count once the engine has counted it: 'items', 'feeds', 'unread', 'today'. */
  count(name: 'items' | 'feeds' | 'unread' | 'today'): Locator {
    return this.page.locator(`${tid(`count-${name}`)}[data-loaded="true"]`).describe(`the count of ${name}`);
  }
  /** A count as shown, loaded or not. */
  countShown(name: 'items' | 'feeds' | 'unread' | 'today'): Locator {
    return this.page.locator(tid(`count-${name}`)).describe(`the count of ${name}`);
  }
  get firstRun(): Locator {
    return this.page.locator(tid('welcome-first-run')).describe('the first-run box');
  }
  get chart(): Locator {
    return this.page.locator(tid('welcome-chart')).describe('the articles-per-day chart');
  }
  get chartDays(): Locator {
    return this.page.locator(tid('chart-day')).describe("the chart's days");
  }
  get problems(): Locator {
    return this.page.locator(tid('welcome-problems')).describe('the feeds with problems');
  }
  get topFeeds(): Locator {
    return this.page.locator(tid('top-feed')).describe('the top feeds');
  }
  get continueTitle(): Locator {
    return this.page.locator(tid('continue-title')).describe('the article to continue');
  }
  get continueOpen(): Locator {
    return this.page.locator(tid('continue-open')).describe('Continue reading');
  }
  /** Waits for the engine's count and returns its text. */
  async counted(name: 'items' | 'feeds' | 'unread' | 'today', timeout?: number): Promise<string> {
    await waitFor(this.count(name), `the engine to count the ${name} on /welcome`, { timeout });
    return (await this.count(name).textContent()) ?? '';
  }
  /** The counted number (digits only). */
  async countedNumber(name: 'items' | 'feeds' | 'unread' | 'today', timeout?: number): Promise<number> {
    return Number((await this.counted(name, timeout)).replace(/\D/g, ''));
  }
  /** A way to start on the first-run box: 'subscribe', 'opml', 'combo', 'login'. */
  start(way: string): Locator {
    return this.page.locator(tid(`start-${way}`)).describe(`the first-run link '${way}'`);
  }
  /** Each day of the chart: its date, read and unread counts and how many bars it draws. */
  chartDayData(): Promise<Array<{ date: string | null; read: number; unread: number; bars: number }>> {
    return this.chartDays.evaluateAll((els) =>
      els.map((el) => ({
        date: el.getAttribute('data-date'),
        read: Number(el.getAttribute('data-read')),
        unread: Number(el.getAttribute('data-unread')),
        bars: el.querySelectorAll('rect').length,
      })),
    );
  }
  /** The computed fill of the first day's unread bar (its third rect). */
  unreadBarFill(): Promise<string> {
    return this.page
      .locator(`${tid('chart-day')} rect:nth-of-type(3)`)
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
  }
}
