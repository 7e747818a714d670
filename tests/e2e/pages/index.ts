/**
 * Page objects for the e2e tests: one small class per screen exposing the locators and actions
 * a test needs, so selectors live in one place and a wait that times out says what it waited
 * for. `screens(page)` gives them all for one page.
 */
import type { Page } from 'playwright-core';
import { FilterScreen } from './filter';
import { ListScreen } from './list';
import { ReaderScreen } from './reader';
import { SettingsDialog } from './settings';
import { Sidebar } from './sidebar';
import { TagsUi } from './tags';

export { FilterScreen, ListScreen, ReaderScreen, SettingsDialog, Sidebar, TagsUi };
export * from './wait';

/** The screens of one page. */
export interface Screens {
  list: ListScreen;
  reader: ReaderScreen;
  sidebar: Sidebar;
  settings: SettingsDialog;
  filter: FilterScreen;
  tags: TagsUi;
}

export function screens(page: Page): Screens {
  return {
    list: new ListScreen(page),
    reader: new ReaderScreen(page),
    sidebar: new Sidebar(page),
    settings: new SettingsDialog(page),
    filter: new FilterScreen(page),
    tags: new TagsUi(page),
  };
}
