import type { Locator, Page } from 'playwright-core';
import { exactly, textsOf, tid, waitFor } from './wait';

/** The sidebar: scopes (All, Today, Saved), feeds and groups, saved filters, More menu. */
export class Sidebar {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('sidebar')).describe('the sidebar');
  }
  /** A scope link: 'all', 'today', 'saved'. */
  scope(name: 'all' | 'today' | 'saved'): Locator {
    return this.page.locator(tid(`nav-${name}`)).describe(`the sidebar's ${name} link`);
  }
  /** Any sidebar link by its test id suffix ('subscribe', 'rss', 'filter', 'search', …). */
  nav(name: string): Locator {
    return this.page
      .locator(tid(`nav-${name}`))
      .first()
      .describe(`the sidebar's ${name} link`);
  }
  /** The button that shows the hidden sidebar again. */
  get showButton(): Locator {
    return this.page.locator(tid('sidebar-show')).describe('the button that shows the sidebar');
  }
  /** The phone's bottom bar button that opens the sidebar as a drawer. */
  get drawerButton(): Locator {
    return this.page.locator(`${tid('bottom-bar')} ${tid('sidebar-show')}`).describe("the bottom bar's menu");
  }
  /** The sidebar opened as a drawer over the screen. */
  get drawer(): Locator {
    return this.page.locator(`${tid('sidebar')}[data-overlay]`).describe('the sidebar drawer');
  }
  /** The buttons and links of the sidebar's bottom row (tools, More, theme, settings). */
  get footerButtons(): Locator {
    return this.page
      .locator(`${tid('sidebar-footer')} :is(a, button)`)
      .describe("the sidebar footer's buttons");
  }
  /** The short names under the footer's icons (shown in the drawer only). */
  get footerLabels(): Locator {
    return this.page
      .locator(`${tid('sidebar-footer')} ${tid('tool-label')}`)
      .describe("the footer icons' labels");
  }
  /** For each footer label: shown whole (not cut), inside its button and inside the sidebar. */
  async footerLabelsFit(): Promise<boolean[]> {
    return this.footerLabels.evaluateAll((els) => {
      const sidebar = document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect();
      return els.map((el) => {
        const r = el.getBoundingClientRect();
        const button = el.closest('a, button')!.getBoundingClientRect();
        return (
          r.width > 0 &&
          el.scrollWidth <= Math.ceil(r.width) &&
          r.left >= button.left - 0.5 &&
          r.right <= button.right + 0.5 &&
          r.left >= sidebar.left &&
          r.right <= sidebar.right
        );
      });
    });
  }
  /** A feed's link, by id or by its shown name. */
  feed(idOrName: number | string): Locator {
    if (typeof idOrName === 'number')
      return this.page.locator(tid(`nav-feed-${idOrName}`)).describe(`the sidebar link of feed ${idOrName}`);
    return this.page
      .locator(`${tid('sidebar-feeds')} a`, { has: this.label(idOrName) })
      .first()
      .describe(`the sidebar link of the feed '${idOrName}'`);
  }
  /** The first feed link whose text includes `text`. */
  feedNamed(text: string): Locator {
    return this.page
      .locator('[data-testid^="nav-feed-"]', { hasText: text })
      .first()
      .describe(`the sidebar link of the feed '${text}'`);
  }
  /** The first group (its block: header, feeds) whose text includes `text`. */
  groupNamed(text: string): Locator {
    return this.page
      .locator('[data-testid^="group-"]', { hasText: text })
      .first()
      .describe(`the sidebar group '${text}'`);
  }
  /** A feed link inside a sidebar block (a group), by text. */
  feedIn(block: Locator, text: string): Locator {
    return block
      .locator('[data-testid^="nav-feed-"]', { hasText: text })
      .describe(`the feed '${text}' in it`);
  }
  /** A feed link of a group's folded part (hidden from view and from screen readers), by text. */
  foldedFeedIn(block: Locator, text: string): Locator {
    return block
      .locator('[aria-hidden="true"] [data-testid^="nav-feed-"]', { hasText: text })
      .describe(`the feed '${text}' folded away in it`);
  }
  /** The first unread count inside a sidebar block. */
  firstCountIn(block: Locator): Locator {
    return block.locator('[data-testid$="-count"]').first().describe('an unread count in it');
  }
  /** The group link whose text includes `text`. */
  groupLinkNamed(text: string): Locator {
    return this.page
      .locator('[data-testid^="nav-group-"]', { hasText: text })
      .describe(`the sidebar link of the group '${text}'`);
  }
  /** The shown names of every feed link. */
  feedLinkNames(): Promise<string[]> {
    return this.page.locator('[data-testid^="nav-feed-"]').allTextContents();
  }
  /** The ids of every feed link in the sidebar (a feed shown twice counts twice). */
  async feedLinkIds(): Promise<number[]> {
    const ids = await this.page
      .locator('[data-testid^="nav-feed-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
    return ids.filter((id) => /^nav-feed-\d+$/.test(id)).map((id) => Number(id.slice('nav-feed-'.length)));
  }
  /** Every feed entry in the feeds section. */
  get feedEntries(): Locator {
    return this.page
      .locator(`${tid('sidebar-feeds')} [data-testid^="feed-"]`)
      .describe('the feeds in the sidebar');
  }
  /** A group's fold chevron, by id. */
  groupToggle(id: number): Locator {
    return this.page.locator(tid(`group-toggle-${id}`)).describe(`the fold chevron of group ${id}`);
  }
  /** A group's fold chevron while the group is folded. */
  groupFolded(id: number): Locator {
    return this.page
      .locator(`${tid(`group-toggle-${id}`)}[aria-expanded="false"]`)
      .describe(`the chevron of group ${id}, folded`);
  }
  /** A group's link, by id. */
  group(id: number): Locator {
    return this.page.locator(tid(`nav-group-${id}`)).describe(`the sidebar link of group ${id}`);
  }
  /** The saved filters' section. */
  get filters(): Locator {
    return this.page.locator(tid('sidebar-filters')).describe('the saved filters in the sidebar');
  }
  /** A saved filter's link, by its exact name. */
  filter(name: string): Locator {
    return this.page
      .locator(`${tid('sidebar-filters')} a`, { has: this.label(name) })
      .describe(`the saved filter '${name}' in the sidebar`);
  }
  /** The tags' section. */
  get tags(): Locator {
    return this.page.locator(tid('sidebar-tags')).describe('the tags in the sidebar');
  }
  /** A tag's link, by its exact name. */
  tag(name: string): Locator {
    return this.page
      .locator(`${tid('sidebar-tags')} a`, { has: this.label(name) })
      .describe(`the tag '${name}' in the sidebar`);
  }
  /** A link's label (Mantine's NavLink label) reading exactly `name`. */
  private label(name: string): Locator {
    return this.page.locator('.mantine-NavLink-label', { hasText: exactly(name) });
  }
  /** The unread count beside a sidebar link. */
  count(link: Locator): Locator {
    return link.locator('[data-testid$="-count"]');
  }
  /** Waits until the count beside the link reads `text`. */
  async waitForCount(link: Locator, text: string, what: string, timeout?: number): Promise<void> {
    await waitFor(this.count(link).filter({ hasText: exactly(text) }), `${what} to count ${text}`, {
      timeout,
      seen: async () => `the link ${await textsOf(link)}, its count ${await textsOf(this.count(link))}`,
    });
  }
  /** The More button. */
  get moreButton(): Locator {
    return this.page.locator(tid('nav-more')).describe("the sidebar's More button");
  }
  /** The More menu, open. */
  get moreMenu(): Locator {
    return this.page.locator(tid('nav-more-menu')).describe("the sidebar's More menu");
  }
  /** An item of the More menu by test id suffix ('combo', 'login', 'settings', …). */
  moreItem(item: string): Locator {
    return this.page.locator(tid(`nav-more-${item}`)).describe(`'${item}' in the sidebar's More menu`);
  }
  /** The Refresh all button. */
  get refresh(): Locator {
    return this.page.locator(tid('sidebar-refresh')).describe("the sidebar's Refresh all");
  }
  /** Opens the More menu and picks an item by test id suffix ('combo', 'login', 'settings', …). */
  async more(item: string): Promise<void> {
    await this.moreButton.click();
    await waitFor(this.moreMenu, "the sidebar's More menu");
    await this.moreMenu.locator(tid(`nav-more-${item}`)).click();
  }
  /** A saved filter's link, by its address. */
  filterAt(href: string): Locator {
    return this.page
      .locator(`${tid('sidebar-filters')} a[href="${href}"]`)
      .describe(`the saved filter at ${href} in the sidebar`);
  }
  /** The feeds' rows (the right-click target of the feed menu). */
  get feedRows(): Locator {
    return this.page.locator('[data-testid^="feed-row-"]').describe("the sidebar's feed rows");
  }
  /** An entry of a feed's context menu ('fulltext', …); with `checked`, only in that state. */
  feedMenuItem(name: string, checked?: boolean): Locator {
    const sel = tid(`feed-menu-${name}`) + (checked === undefined ? '' : `[aria-checked="${checked}"]`);
    return this.page.locator(sel).describe(`the feed menu's ${name}`);
  }
  /** A feed's unread count, by feed id. */
  feedCount(id: number): Locator {
    return this.page.locator(tid(`nav-feed-${id}-count`)).describe(`the unread count of feed ${id}`);
  }
  /** The marker of a failing feed (its label gives the reason). */
  feedMarker(id: number): Locator {
    return this.page
      .locator(tid(`feed-marker-${id}`))
      .first()
      .describe(`the problem marker of feed ${id}`);
  }
}
