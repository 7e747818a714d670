import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** Refreshing: the sidebar's Refresh all, the job strip's progress bar and the summary after it. */
export class RefreshUi {
  constructor(readonly page: Page) {}

  /** The refresh job's bar in the job strip. */
  get bar(): Locator {
    return this.page.locator(`${tid('job-strip')} ${tid('job-refresh')}`).describe("the refresh job's bar");
  }
  /** The bar's "3 / 4 · 2 new articles · 1 failed". */
  get counts(): Locator {
    return this.bar.locator(tid('job-counts')).describe("the refresh job's counts");
  }
  get summary(): Locator {
    return this.page.locator(tid('refresh-summary')).describe('the refresh summary');
  }
  get facts(): Locator {
    return this.summary.locator(tid('refresh-summary-facts')).describe("the summary's facts");
  }
  /** The summary's one sentence that the Rivulet server could not be reached. */
  get serverDown(): Locator {
    return this.summary
      .locator(tid('refresh-summary-server-down'))
      .describe("the summary's server-down line");
  }
  /** The summary's failed feeds (each carries `data-feed-id`). */
  get failures(): Locator {
    return this.summary.locator(tid('refresh-summary-failure')).describe("the summary's failed feeds");
  }
  /** The link to a failed feed in the summary. */
  failureLink(feed: string): Locator {
    return this.failures.getByRole('link', { name: feed }).describe(`the summary's link to '${feed}'`);
  }
  /** Waits until the bar's counts match `text`. */
  async waitForCounts(text: RegExp): Promise<void> {
    await waitFor(this.counts.filter({ hasText: text }), `the refresh bar to read ${String(text)}`);
  }
  /** Waits for the summary to name the feed that failed. */
  async waitForFailure(feed: string): Promise<void> {
    await waitFor(this.failures.filter({ hasText: feed }), `the refresh summary to name '${feed}' as failed`);
  }
  /** Dismisses the summary with its close button. */
  async closeSummary(): Promise<void> {
    await this.summary.locator(tid('refresh-summary-close')).click();
  }
  /** The notice that an automatic refresh failed. */
  get failedNotice(): Locator {
    return this.page.locator(tid('refresh-failed-notice')).describe('the notice of a failed refresh');
  }
  /** The job strip (running jobs) and the refresh bar's Cancel. */
  get strip(): Locator {
    return this.page.locator(tid('job-strip')).describe('the job strip');
  }
  get cancel(): Locator {
    return this.bar.locator(tid('job-cancel')).describe("the refresh bar's Cancel");
  }
  /** A long bulk mark's bar in the job strip ("Marking as read 25,000 / 100,000", Stop). */
  get markBar(): Locator {
    return this.page.locator(`${tid('job-strip')} ${tid('job-mark')}`).describe("the mark's bar");
  }
  get markCounts(): Locator {
    return this.markBar.locator(tid('job-counts')).describe("the mark's counts");
  }
  get markStop(): Locator {
    return this.markBar.locator(tid('job-cancel')).describe("the mark bar's Stop");
  }
}

/** The banner over a feed that fails to refresh: its reason, Retry, Edit address, Unsubscribe. */
export class FeedProblem {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('feed-problem')).describe("the failing feed's banner");
  }
  get reason(): Locator {
    return this.root.locator(tid('feed-problem-reason')).describe("the banner's reason");
  }
  get url(): Locator {
    return this.root.locator(tid('feed-problem-url')).describe("the banner's address");
  }
  /** A banner button: 'retry', 'edit', 'unsubscribe'. */
  button(name: 'retry' | 'edit' | 'unsubscribe'): Locator {
    return this.root.locator(tid(`feed-problem-${name}`)).describe(`the banner's ${name} button`);
  }
  /** Waits for the banner giving a reason that matches `reason`. */
  async waitForReason(reason: RegExp | string): Promise<void> {
    await waitFor(this.reason.filter({ hasText: reason }), `the feed's banner to say ${String(reason)}`);
  }
  /**
   * How the banner is painted: its background's opacity (1 for a solid fill) and its title's
   * colour as [r, g, b].
   */
  async paint(): Promise<{ fillAlpha: number; title: [number, number, number] }> {
    return this.root.evaluate((el) => {
      const nums = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
      const bg = nums(getComputedStyle(el).backgroundColor);
      const title = el.querySelector('.mantine-Alert-title') ?? el;
      const [r = 0, g = 0, b = 0] = nums(getComputedStyle(title).color);
      return { fillAlpha: bg.length === 4 ? (bg[3] ?? 1) : 1, title: [r, g, b] as [number, number, number] };
    });
  }
  /** Waits until the banner is gone. */
  async waitGone(): Promise<void> {
    await waitFor(this.root, "the failing feed's banner", { state: 'detached' });
  }
}
