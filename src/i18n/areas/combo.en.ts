/**
 * English for /combo (src/screens/Combo.tsx, src/screens/combo): bundle cards, the subscribe
 * dialog, making and sharing a bundle, and bundle-link errors. Bundle titles and descriptions
 * themselves are data (src/data/bundles.ts). Wired into `en.ts` as the `combo` area.
 */
import { plural } from '../types';

export const comboEn = {
  title: 'Bundles',
  subtitle:
    'Hand-picked sets of feeds. Subscribe to a whole bundle in one step, or share one of your own groups.',
  linkError: 'This bundle link cannot be used',
  shared: 'Shared with you',
  footnote:
    'Feeds you already follow are skipped. A feed that does not answer stays subscribed with its error, so you can fix its address on the feed list.',
  card: {
    feeds: plural({ one: '{count} feed', other: '{count} feeds' }),
    already: '{n} already subscribed',
    allSubscribed: 'All subscribed',
    subscribe: 'Subscribe…',
  },
  dialog: {
    title: 'Subscribe to {title}',
    subscribed: 'Subscribed',
    group: 'Into the group',
    failed: 'Could not subscribe',
    selected: '{n} of {total} feeds selected',
    start: 'Subscribe to {n}',
    close: 'Close',
  },
  make: {
    title: 'Make your own bundle',
    intro:
      'Turn one of your groups into a bundle and share it: a link opens this page with the bundle ready to subscribe.',
    noGroups: 'Put some feeds in a group first (on the feed list).',
    group: 'Group',
    pickGroup: 'Pick a group',
    option: '{title} ({n})',
    name: 'Bundle name',
    line: 'One line about it',
    linePlaceholder: 'What these feeds have in common',
    empty: 'This group has no feeds.',
    link: 'Share link',
    copied: 'Copied',
    copy: 'Copy link',
    opml: 'Download OPML',
  },
  link: {
    version: 'This bundle link was made by another version of Rivulet, or it is damaged.',
    size: 'This bundle link is damaged (wrong size).',
    unreadable: 'This bundle link is damaged: it could not be read. Ask for the link again.',
    noFeeds: 'This bundle link is damaged: it lists no feeds.',
    noUsable: 'This bundle link has no usable feed addresses.',
    sharedTitle: 'Shared bundle',
  },
};
