/** English for the start page (/ and /welcome: src/screens/Welcome.tsx, src/screens/welcome). */
import { plural } from '../types';

export const welcomeEn = {
  title: 'Welcome to Rivulet',
  subtitle:
    'Your feeds, read and kept in this browser. Nothing leaves your machine except the requests that fetch feeds.',
  readAll: 'Read everything',
  addFeed: 'Add a feed',
  stats: { today: 'Today', unread: 'Unread', items: 'Articles', feeds: 'Feeds' },
  firstRun: {
    title: 'Start reading',
    intro:
      'Rivulet collects articles from the sites you follow and keeps them in this browser, readable offline.',
    subscribe: 'Add a feed or a site',
    subscribeLine: 'Paste a feed address or any web page; Rivulet finds its feeds.',
    opml: 'Import OPML',
    opmlLine: 'Bring your subscriptions from another reader in one file.',
    combo: 'Pick a bundle',
    comboLine: 'Start from a hand-picked set: news, technology, science, design…',
    login: 'Connect an account',
    loginLine: 'Sync with a feed service you already use.',
  },
  chart: {
    title: 'Articles per day',
    subtitle: 'Published in the last 30 days, by whether you have read them.',
    label: plural({
      one: 'Articles per day over the last day: {unread} unread, {read} read',
      other: 'Articles per day over the last {count} days: {unread} unread, {read} read',
    }),
    day: '{day}: {unread} unread, {read} read',
    unread: 'Unread {n}',
    read: 'Read {n}',
  },
  continue: {
    title: 'Continue reading',
    untitled: 'Untitled',
    open: 'Open',
    nothing: 'Nothing unread. Well done.',
    last: 'Last opened: {title}',
  },
  problems: {
    title: 'Feeds with problems',
    none: 'Every feed answered on its last refresh.',
    seeAll: 'See all {count} in the feed list',
    open: 'Open the feed list',
  },
  top: {
    title: 'Feeds you read most',
    empty: 'Read a few articles and your favourite feeds show up here.',
    read: '{n} read',
  },
};
