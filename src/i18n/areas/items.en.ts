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
    ungrouped: 'Ungrouped',
    filter: 'Filter',
  },
  unreadCount: plural({ one: '{count} unread', other: '{count} unread' }),
  articleCount: plural({ one: '{count} article', other: '{count} articles' }),
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
    markAllTip: 'Mark all as read (M)',
    markMenu: 'Mark as read',
    viewOptions: 'View options',
    viewMenu: 'View (v)',
    onlyUnread: 'Only unread (u)',
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
  markConfirm: {
    title: 'Mark as read?',
    all: 'This marks every unread article in this list as read.',
    day: 'This marks unread articles older than a day as read.',
    week: 'This marks unread articles older than a week as read.',
    confirm: 'Mark as read',
  },
  marked: plural({ one: '{count} marked as read.', other: '{count} marked as read.' }),
  markFailed: 'Could not mark as read',
  changeFailed: 'Could not save the change',
  newArticles: 'New articles · Show',
  filterEmpty: 'No articles match this filter.',
  empty: {
    allRead: 'All read',
    allReadText: 'Nothing unread here. Nice.',
    nextFeed: 'Next feed with unread',
    nothing: 'Nothing here yet',
    nothingText: 'Articles from your subscriptions will show up here.',
    subscribe: 'Subscribe to a feed',
    caughtUp: 'You’re all caught up.',
  },
  menu: {
    open: 'Open',
    markRead: 'Mark as read',
    markUnread: 'Mark as unread',
    save: 'Save for later',
    unsave: 'Remove from saved',
    original: 'Open original',
    markAbove: 'Mark everything above as read',
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
    more: 'More actions',
    saved: 'Saved',
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
