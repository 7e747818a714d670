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
  /** The status filter (All, Failing, …). */
  get statusFilter(): Locator {
    return this.page.locator(tid('rss-filter-status')).describe('the status filter on /rss');
  }
  /** A feed's selection checkbox, by id. */
  select(id: number): Locator {
    return this.page.locator(tid(`rss-select-${id}`)).describe(`the checkbox of feed ${id} on /rss`);
  }
  /** A bulk action on the selected feeds: 'move', 'unsubscribe', … */
  bulk(action: string): Locator {
    return this.page.locator(tid(`bulk-${action}`)).describe(`the bulk ${action} button`);
  }
  /** "New group…" in the Move menu. */
  get moveToNew(): Locator {
    return this.page.locator(tid('move-to-new')).describe("the Move menu's New group");
  }
  /** The group cell of a feed row. */
  groupOf(row: Locator): Locator {
    return row.locator(tid('rss-group')).describe("the row's group");
  }
  /** The Groups button and the panel it opens. */
  get groupsButton(): Locator {
    return this.page.locator(tid('rss-groups-button')).describe('the Groups button on /rss');
  }
  get groupsPanel(): Locator {
    return this.page.locator(tid('groups-panel')).describe('the groups panel');
  }
  /** A group's row in the groups panel, by (part of) its name. */
  groupRow(name: string): Locator {
    return this.groupsPanel
      .locator('[data-testid^="group-row-"]', { hasText: name })
      .describe(`the group '${name}' in the groups panel`);
  }
  /** The delete button of a group row. */
  groupDelete(groupRow: Locator): Locator {
    return groupRow.locator('[data-testid^="group-delete-"]').describe("the group's delete button");
  }
  /** The screen's Refresh all. */
  get refreshAll(): Locator {
    return this.page.locator(tid('rss-refresh-all')).describe('Refresh all on /rss');
  }
  /** A choice of the status filter by its label ('Failing', …). */
  statusChoice(label: string): Locator {
    return this.statusFilter.getByText(label).describe(`the status filter's '${label}'`);
  }
}
