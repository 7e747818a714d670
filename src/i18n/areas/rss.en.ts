/**
 * English for the feed list (/rss: src/screens/RSSList.tsx, src/screens/rss): the table, its
 * filters, the selection bar and the groups panel. Wired into `en.ts` as the `rss` area.
 * Per-feed menu entries come from the `subscribe.feedMenu` area.
 */
import { plural } from '../types';

export const rssEn = {
  title: 'Feeds',
  subscriptions: plural({ one: '{count} subscription', other: '{count} subscriptions' }),
  withProblems: plural({ one: '{count} with problems', other: '{count} with problems' }),
  refreshAll: 'Refresh all',
  groups: 'Groups',
  subscribe: 'Subscribe',
  filterPlaceholder: 'Filter by title or address',
  filterLabel: 'Filter feeds',
  groupLabel: 'Group',
  allGroups: 'All groups',
  noGroup: 'No group',
  statusFilter: { all: 'All', ok: 'OK', failing: 'Failing', dead: 'Dead' },
  shown: '{shown} of {total} shown',
  empty: 'No subscriptions yet. {link} or import an OPML file.',
  emptyLink: 'Subscribe to a feed',
  columns: {
    title: 'Title',
    site: 'Site',
    group: 'Group',
    lastFetched: 'Fetched',
    status: 'Status',
    total: 'Items',
    unread: 'Unread',
    score: 'Priority',
  },
  selectAll: 'Select all shown feeds',
  select: 'Select {name}',
  status: { ok: 'OK', new: 'Not fetched yet', failing: 'Failing', dead: 'Gone (410)' },
  scoreTip: 'Priority score: lower means you read this feed more',
  actionsFor: 'Actions for {name}',
  groupsPanel: {
    new: 'New group',
    empty: 'No groups yet.',
    rename: 'Rename',
    renameLabel: 'Rename {name}',
    deleteTip: 'Delete (feeds are kept)',
    deleteLabel: 'Delete {name}',
  },
  selection: {
    count: plural({ one: '{count} selected', other: '{count} selected' }),
    refresh: 'Refresh',
    markAllRead: 'Mark all read',
    moveTo: 'Move to…',
    noGroup: 'No group',
    newGroup: 'New group…',
    rename: 'Rename',
    editAddress: 'Edit address',
    unsubscribe: 'Unsubscribe',
    clear: 'Clear',
  },
};
