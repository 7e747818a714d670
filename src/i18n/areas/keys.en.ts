/**
 * English for undo notices (src/undo), the scroll-marking setting and the keyboard scheme's
 * extra texts. Wired into `en.ts` as the `keys` area.
 */
import { plural } from '../types';

export const keysEn = {
  undo: {
    button: 'Undo',
    hint: 'or press Z',
    markedRead: plural({ one: '{count} article marked as read.', other: '{count} articles marked as read.' }),
    unhidden: plural({
      one: '{count} article shown in lists again.',
      other: '{count} articles shown in lists again.',
    }),
    scrolledRead: plural({
      one: '{count} article marked as read while scrolling.',
      other: '{count} articles marked as read while scrolling.',
    }),
    markedUnread: plural({
      one: '{count} article marked as unread.',
      other: '{count} articles marked as unread.',
    }),
    saved: plural({ one: '{count} article saved.', other: '{count} articles saved.' }),
    unsaved: plural({ one: '{count} article unsaved.', other: '{count} articles unsaved.' }),
    hidden: plural({ one: '{count} article hidden.', other: '{count} articles hidden.' }),
    // A mark an earlier page began and this one finished (its notice appears when it ends).
    resumed: 'Resumed and finished: {what}',
    done: plural({ one: 'Undone: {count} article restored.', other: 'Undone: {count} articles restored.' }),
    rest: plural({
      one: 'The other one is gone or was already changed back.',
      other: 'The other {count} are gone or were already changed back.',
    }),
    // A sentence of what came back, then one of how many did not.
    withRest: '{back} {rest}',
    back: {
      unreadAgain: plural({
        one: 'Undone: {count} article is unread again.',
        other: 'Undone: {count} articles are unread again.',
      }),
      readAgain: plural({
        one: 'Undone: {count} article is read again.',
        other: 'Undone: {count} articles are read again.',
      }),
      unsavedAgain: plural({
        one: 'Undone: {count} article is no longer saved.',
        other: 'Undone: {count} articles are no longer saved.',
      }),
      savedAgain: plural({
        one: 'Undone: {count} article is saved again.',
        other: 'Undone: {count} articles are saved again.',
      }),
      shownAgain: plural({
        one: 'Undone: {count} article is shown in lists again.',
        other: 'Undone: {count} articles are shown in lists again.',
      }),
      hiddenAgain: plural({
        one: 'Undone: {count} article is hidden again.',
        other: 'Undone: {count} articles are hidden again.',
      }),
      tagOff: plural({
        one: 'Undone: the tag is off {count} article again.',
        other: 'Undone: the tag is off {count} articles again.',
      }),
      tagOn: plural({
        one: 'Undone: the tag is back on {count} article.',
        other: 'Undone: the tag is back on {count} articles.',
      }),
      tagDeleted: plural({
        one: 'Undone: the tag “{name}” is back, on {count} article.',
        other: 'Undone: the tag “{name}” is back, on {count} articles.',
      }),
      tagDeletedUnused: 'Undone: the tag “{name}” is back.',
    },
    feedsBack: plural({
      one: 'Undone: {count} feed is back with its articles.',
      other: 'Undone: {count} feeds are back with their articles.',
    }),
    articlesBack: plural({
      one: 'Undone: {count} article is back.',
      other: 'Undone: {count} articles are back.',
    }),
    nothing: 'Nothing to undo.',
    failed: 'Could not undo the change',
    key: 'Undo the last change (mark all read, scroll marking, unsubscribe…)',
  },
  scopes: { items: 'Article lists (list or reader)' },
  go: {
    all: 'Go to All articles',
    today: 'Go to Today',
    saved: 'Go to Saved',
    feeds: 'Go to Feeds (manage)',
    filters: 'Go to Filters',
    search: 'Go to Search',
    settings: 'Open Settings',
  },
  palette: { feed: 'Feed', group: 'Group', filter: 'Filter', tag: 'Tag', screen: 'Go to' },
  nextFeed: 'Next feed with unread articles (sidebar order)',
  prevFeed: 'Previous feed with unread articles (sidebar order)',
  nextArticle: 'Next article',
  prevArticle: 'Previous article',
  pageDown: 'Scroll the article down a page (Shift+Space: up); at its end, next article',
  pageUp: 'Scroll the article up a page',
  lineDown: 'Scroll the article down',
  lineUp: 'Scroll the article up',
  articleTop: 'Go to the start of the article',
  articleBottom: 'Go to the end of the article',
  settings: {
    markOnScroll: 'Mark as read when scrolled past',
    markOnScrollHint: 'Articles you scroll past in a list are marked read. Each burst can be undone.',
  },
};
