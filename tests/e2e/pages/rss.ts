import type { Locator, Page } from 'playwright-core';
import { tid } from './wait';

/** The feeds screen (/rss): every feed's row with its health, groups, bulk actions. */
export class RssScreen {
  constructor(readonly page: Page) {}

  /** Every feed's row (each carries `data-health`). */
  get rows(): Locator {
    return this.page.locator('[data-testid^="rss-row-"][data-health]').describe('the feed rows on /rss');
  }
  /** A feed's row, by id. */
  row(id: number): Locator {
    return this.page.locator(tid(`rss-row-${id}`)).describe(`the row of feed ${id} on /rss`);
  }
  /** The plain feed row (the first rendered). */
  get feedRow(): Locator {
    return this.page.locator(tid('feed-row')).describe('a feed row');
  }
}
