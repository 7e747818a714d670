/**
 * English for the article lists (src/items, src/screens/items): header, rows, menus, empty
 * states and the mark-all-read flow. Wired into `en.ts` as the `items` area.
 */
import { plural } from '../types';

export const itemsEn = {
  scopes: {
    all: 'All articles',
    today: 'Today',
    saved: 'Saved for later',
    hidden: 'Hidden by rules',
    ungrouped: 'Ungrouped',
    filter: 'Filter',
  },
  unreadCount: plural({ one: '{count} unread', other: '{count} unread' }),
  articleCount: plural({ one: '{count} article', other: '{count} articles' }),
  unreadOfTotal: plural({ one: '{count} unread of {total}', other: '{count} unread of {total}' }),
  totalAndUnread: plural({
    one: '{count} article · {unread} unread',
    other: '{count} articles · {unread} unread',
  }),
  unknownFeed: 'Unknown feed',
  address: {
    gone: 'There is no article {id} here: it was deleted, or the address is wrong. Showing the list instead.',
    malformed: 'This address does not name an article. Showing the list instead.',
    dismiss: 'OK',
  },
  header: {
    refresh: 'Refresh',
    refreshTip: 'Refresh (R)',
    markAll: 'Mark all as read',
    markAllTip: 'Mark all as read (Shift+A)',
    markMenu: 'Mark as read',
    viewOptions: 'View options',
    viewMenu: 'View',
    onlyUnread: 'Only unread',
    alwaysShowsRead: 'This list always shows read articles.',
    aiSummaries: 'AI summaries in the list',
  },
  views: {
    auto: 'Automatic',
    list: 'List',
    card: 'Cards',
    magazine: 'Magazine',
    column: 'Columns',
    text: 'Text only',
  },
  markAges: {
    all: 'Everything in this list',
    day: 'Older than a day',
    week: 'Older than a week',
  },
  // Asked with the count the choice covers; a choice that covers nothing says so and asks nothing.
  markConfirm: {
    title: 'Mark as read?',
    all: plural({
      one: 'This marks the {count} unread article in this list as read.',
      other: 'This marks the {count} unread articles in this list as read.',
    }),
    day: plural({
      one: 'This marks {count} unread article older than a day as read.',
      other: 'This marks {count} unread articles older than a day as read.',
    }),
    week: plural({
      one: 'This marks {count} unread article older than a week as read.',
      other: 'This marks {count} unread articles older than a week as read.',
    }),
    confirm: 'Mark as read',
  },
  nothingToMark: {
    all: 'Nothing to mark: this list has no unread articles.',
    day: 'Nothing to mark: no unread articles are older than a day.',
    week: 'Nothing to mark: no unread articles are older than a week.',
  },
  markFailed: 'Could not mark as read',
  changeFailed: 'Could not save the change',
  pull: {
    pull: 'Pull to refresh',
    release: 'Release to refresh',
    refreshing: 'Refreshing…',
  },
  newArticles: 'New articles · Show',
  filterEmpty: 'No articles match this filter.',
  loading: {
    library: 'Opening your library…',
    libraryWhy:
      'A large library can take a while to open when Rivulet was closed a moment ago: the browser is tidying its storage. Your articles are safe.',
    articles: 'Loading articles…',
  },
  empty: {
    allRead: 'All read',
    allReadText: 'Nothing unread here. Nice.',
    hiddenRead: plural({
      one: '“Hide read articles” is on: it hides the {count} read article here.',
      other: '“Hide read articles” is on: it hides the {count} read articles here.',
    }),
    showRead: 'Show read articles',
    failedEmpty: 'No articles from this feed yet',
    failedEmptyText: 'It could not be fetched: see the notice above for why, and to retry.',
    nothingSaved: 'Nothing saved',
    nothingSavedText: 'Save an article with the star to keep it here, read or not.',
    nothingSavedKey: 'Save an article with the star or the {key} key to keep it here, read or not.',
    nothingSavedSwipe:
      'Save an article with the star, or swipe its row to the left, to keep it here, read or not.',
    nextFeed: 'Next feed with unread',
    nextFeedNamed: 'Next unread: {title}',
    nextGroup: 'Next group with unread',
    nothing: 'Nothing here yet',
    nothingText: 'Articles from your subscriptions will show up here.',
    nothingToday: 'Nothing published today',
    nothingTodayText: 'Articles your feeds publish today show up here; earlier ones are in All articles.',
    nothingYetText: 'New articles show up here when the feed publishes them.',
    subscribe: 'Subscribe to a feed',
    caughtUp: 'You’re all caught up.',
    endOfList: 'That’s the end of this list.',
  },
  menu: {
    open: 'Open',
    markRead: 'Mark as read',
    markUnread: 'Mark as unread',
    save: 'Save for later',
    unsave: 'Remove from saved',
    original: 'Open original',
    markAbove: 'Mark everything above as read',
    unhide: 'Show in lists again',
    unhideAll: 'Show all in lists again',
  },
  row: {
    save: 'Save',
    saveTip: 'Save for later (s)',
    unsave: 'Unsave',
    unsaveTip: 'Unsave (s)',
    markRead: 'Mark read',
    markReadTip: 'Mark read (m)',
    markUnread: 'Mark unread',
    markUnreadTip: 'Mark unread (m)',
    moreTip: 'More actions (Shift+F10)',
    saved: 'Saved',
    unread: 'Unread',
    // Between the parts of a row's accessible description (state, feed, age).
    separator: ', ',
  },
  column: {
    resize: 'Resize the list',
    pick: 'Select an article to read it here.',
    keys: 'j / k to move, Enter to open',
  },
  reader: {
    loadFailed: 'This article could not be loaded.',
    gone: 'This article is gone.',
  },
};
