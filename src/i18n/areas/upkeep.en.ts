/**
 * English for keeping feeds working: the Refresh all progress and summary (src/subscriptions/
 * RefreshSummary.tsx), the failing feed banner's actions, the checked address edit, the OPML
 * import's list of feeds that failed, and the subscribe preview's duplicate flag. Wired into
 * `en.ts` as the `upkeep` area.
 */
import { plural } from '../types';

export const upkeepEn = {
  refresh: {
    newSoFar: plural({ one: '{count} new article', other: '{count} new articles' }),
    title: 'Refresh finished',
    titleCancelled: 'Refresh cancelled',
    checked: plural({ one: '{count} feed checked', other: '{count} feeds checked' }),
    newItems: plural({ one: '{count} new article', other: '{count} new articles' }),
    skipped: plural({
      one: '{count} skipped (waiting to retry)',
      other: '{count} skipped (waiting to retry)',
    }),
    failedHeading: plural({
      one: '{count} feed could not be updated:',
      other: '{count} feeds could not be updated:',
    }),
    serverDownTitle: 'The Rivulet server could not be reached',
    serverDownLine:
      'No feed was fetched. Articles already here can still be read; start the server and refresh again.',
    allWell: 'Every feed answered.',
    openAddress: 'Open the feed address',
    retryFailed: 'Retry failed feeds',
    dismiss: 'Dismiss',
    region: 'Refresh summary',
    unknown: 'Unknown feed',
  },
  problem: {
    retry: 'Retry now',
    editAddress: 'Edit address…',
    unsubscribe: 'Unsubscribe…',
  },
  editUrl: {
    checking: 'Checking the address…',
    check: 'Check and save',
    notAFeed: 'This address did not give a feed: {reason}',
    otherFeed: 'You already follow this address as “{title}”.',
    changed: 'Address changed; fetching “{title}” from it now.',
  },
  opml: {
    failedTitle: plural({
      one: '{count} imported feed could not be fetched',
      other: '{count} imported feeds could not be fetched',
    }),
    failedIntro:
      'They are subscribed but have no articles yet. Retry them (the site may be back), fix the address on the feed list, or remove the ones you no longer want.',
    retry: 'Retry',
    remove: 'Remove',
    retryAll: 'Retry all',
    removeAll: 'Remove all',
    fixed: 'Works now',
    removed: 'Removed',
    notAdded: 'Not added: the address cannot be used.',
    elsewhereTitle: plural({
      one: '{count} feed you already follow is in another group than the file’s',
      other: '{count} feeds you already follow are in other groups than the file’s',
    }),
    elsewhereIntro: plural({
      one: 'The import left it where it is. Move it if the file’s group suits you better.',
      other: 'The import left them where they are. Move them if the file’s groups suit you better.',
    }),
    elsewhereRow: 'In {current}; the file puts it in {wanted}',
    elsewhereMoved: 'Now in {wanted}',
    noGroup: 'no group',
    moveAll: plural({ one: 'Move it into the file’s group', other: 'Move them into the file’s groups' }),
  },
  duplicate: {
    sameAddress: 'You already subscribe to this feed.',
    selfLink:
      'This is a copy of “{title}”, which you already subscribe to: the feed names that address as its own.',
    sameSite: 'You already follow a feed from this site: {title}.',
    sameSiteHint: 'Subscribe anyway only if this is a different feed (comments, a category, a podcast).',
    open: 'Open “{title}”',
  },
};
