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
  /** A feed's row, by (part of) its title. */
  rowNamed(title: string): Locator {
    return this.rows.filter({ hasText: title }).describe(`the row of the feed '${title}' on /rss`);
  }
  /** The selection checkbox of a feed's row, by (part of) its title. */
  selectNamed(title: string): Locator {
    return this.rowNamed(title)
      .locator('[data-testid^="rss-select-"]')
      .describe(`the checkbox of the feed '${title}' on /rss`);
  }
  /** "No group" in the Move menu. */
  get moveToNone(): Locator {
    return this.page.locator(tid('move-to-none')).describe("the Move menu's No group");
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
  /** An existing group, by title, in the Move menu. */
  moveToGroup(title: string): Locator {
    return this.page
      .locator(tid('bulk-move-menu'))
      .getByRole('menuitem', { name: title, exact: true })
      .describe(`the Move menu's group '${title}'`);
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
  /** The drawer the Groups button opens (named by its title). */
  get groupsDrawer(): Locator {
    return this.page.getByRole('dialog', { name: 'Groups' }).describe('the Groups drawer');
  }
  /** Every text in the Groups drawer that says just "Groups" (its title should be the only one). */
  get groupsTitles(): Locator {
    return this.groupsDrawer.getByText('Groups', { exact: true }).describe("the drawer's 'Groups' titles");
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

  /**
   * What the table shows now: how many rows are rendered, the first and last rendered row's
   * place, the gap between the last rendered row and the bottom of the scroller's visible part,
   * and, down the middle of that part every 60 px below the header, what each point lands on
   * ('row', or the element's test id or tag).
   */
  view(): Promise<{
    rendered: number;
    rowcount: string | null;
    firstIndex: number;
    lastIndex: number;
    lastBottomGap: number;
    probes: string[];
  }> {
    return this.page.evaluate(() => {
      const table = document.querySelector('[data-testid="rss-table"]')!;
      const main = table.closest('main')!;
      const rows = [...table.querySelectorAll<HTMLElement>('tbody tr[data-index]')];
      const box = main.getBoundingClientRect();
      const bodyTop = table.querySelector('tbody')!.getBoundingClientRect().top;
      const probes: string[] = [];
      for (let y = Math.max(box.top, bodyTop) + 10; y < box.bottom - 10; y += 60) {
        const hit = document.elementFromPoint(box.left + box.width / 2, y);
        probes.push(
          hit?.closest('tr[data-index]')
            ? 'row'
            : `${hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? hit?.tagName} at ${Math.round(y)}`,
        );
      }
      const last = rows[rows.length - 1]!.getBoundingClientRect();
      return {
        rendered: rows.length,
        rowcount: table.getAttribute('aria-rowcount'),
        firstIndex: Number(rows[0]!.dataset.index),
        lastIndex: Number(rows[rows.length - 1]!.dataset.index),
        lastBottomGap: box.bottom - last.bottom,
        probes,
      };
    });
  }

  /** Scrolls the screen (the layout's scroller) to the top, the middle or the end. */
  async scrollTo(where: 'top' | 'middle' | 'end'): Promise<void> {
    await this.page.evaluate((to) => {
      const main = document.querySelector('[data-testid="rss-table"]')!.closest('main')!;
      main.scrollTo(0, to === 'end' ? main.scrollHeight : to === 'middle' ? main.scrollHeight / 2 : 0);
    }, where);
  }

  /** The select-all box, the selection bar's count and the text filter. */
  get selectAll(): Locator {
    return this.page.locator(tid('rss-select-all')).describe('the select-all box on /rss');
  }
  get selectionCount(): Locator {
    return this.page.locator(tid('rss-selection-count')).describe('the selection count on /rss');
  }
  get filterText(): Locator {
    return this.page.locator(tid('rss-filter-text')).describe('the text filter on /rss');
  }
}
