/**
 * Page objects for the e2e tests: one small class per screen exposing the locators and actions
 * a test needs, so selectors live in one place and a wait that times out says what it waited
 * for. `screens(page)` gives them all for one page.
 */
import type { Page } from 'playwright-core';
import { ComboScreen } from './combo';
import { ConfirmDialog, PromptDialog, UndoNotice } from './dialogs';
import { DownloadScreen } from './download';
import { FilterScreen } from './filter';
import { ListScreen } from './list';
import { AccountStatus, LoginScreen } from './login';
import { Notices } from './notices';
import { OpmlTab } from './opml';
import { Palette } from './palette';
import { PlayerUi } from './player';
import { ReaderScreen } from './reader';
import { FeedProblem, RefreshUi } from './refresh';
import { RssScreen } from './rss';
import { SearchScreen } from './search';
import { SettingsDialog } from './settings';
import { Shell } from './shell';
import { Sidebar } from './sidebar';
import { SubscribeScreen } from './subscribe';
import { TagsUi } from './tags';
import { WelcomeScreen } from './welcome';

export {
  AccountStatus,
  ComboScreen,
  ConfirmDialog,
  DownloadScreen,
  FeedProblem,
  FilterScreen,
  ListScreen,
  LoginScreen,
  Notices,
  OpmlTab,
  Palette,
  PlayerUi,
  PromptDialog,
  ReaderScreen,
  RefreshUi,
  RssScreen,
  SearchScreen,
  SettingsDialog,
  Shell,
  Sidebar,
  SubscribeScreen,
  TagsUi,
  UndoNotice,
  WelcomeScreen,
};
export * from './wait';
export { pressQuickly } from './keyboard';

/** The screens of one page. */
export interface Screens {
  list: ListScreen;
  reader: ReaderScreen;
  sidebar: Sidebar;
  settings: SettingsDialog;
  filter: FilterScreen;
  tags: TagsUi;
  shell: Shell;
  welcome: WelcomeScreen;
  download: DownloadScreen;
  subscribe: SubscribeScreen;
  palette: Palette;
  notices: Notices;
  confirm: ConfirmDialog;
  prompt: PromptDialog;
  undo: UndoNotice;
  refresh: RefreshUi;
  feedProblem: FeedProblem;
  opml: OpmlTab;
  rss: RssScreen;
  search: SearchScreen;
  combo: ComboScreen;
  login: LoginScreen;
  account: AccountStatus;
  player: PlayerUi;
}

export function screens(page: Page): Screens {
  return {
    list: new ListScreen(page),
    reader: new ReaderScreen(page),
    sidebar: new Sidebar(page),
    settings: new SettingsDialog(page),
    filter: new FilterScreen(page),
    tags: new TagsUi(page),
    shell: new Shell(page),
    welcome: new WelcomeScreen(page),
    download: new DownloadScreen(page),
    subscribe: new SubscribeScreen(page),
    palette: new Palette(page),
    notices: new Notices(page),
    confirm: new ConfirmDialog(page),
    prompt: new PromptDialog(page),
    undo: new UndoNotice(page),
    refresh: new RefreshUi(page),
    feedProblem: new FeedProblem(page),
    opml: new OpmlTab(page),
    rss: new RssScreen(page),
    search: new SearchScreen(page),
    combo: new ComboScreen(page),
    login: new LoginScreen(page),
    account: new AccountStatus(page),
    player: new PlayerUi(page),
  };
}
