/** English for synced feeds: "load older" (src/sync/LoadOlder.tsx) and sync error titles. */
import { plural } from '../types';

export const syncFeedEn = {
  loadOlder: 'Load older articles from the server',
  added: plural({ one: '{count} older article added', other: '{count} older articles added' }),
  noMore: 'No older articles on the server',
  /** The account's state in the sidebar, on the welcome page and the account page. */
  status: {
    synced: 'Synced {when}',
    never: 'Not synced yet',
    syncing: 'Syncing…',
    pending: plural({ one: '{count} change waiting', other: '{count} changes waiting' }),
    problem: {
      relogin: 'The server no longer accepts your login',
      settings: 'The account’s address needs checking',
      retry: 'The last sync failed',
      wait: 'The server asked Rivulet to wait',
    },
    action: { relogin: 'Log in again', retry: 'Retry', settings: 'Open account', force: 'Sync anyway' },
    /** While the server's Retry-After runs: `when` is relative ("in 2 hours"). */
    resumes: 'Syncing starts again by itself {when}.',
  },
  /**
   * Feeds the server stopped listing, kept for the articles the reader saved, tagged or
   * highlighted (src/sync/LeftServerNotice.tsx).
   */
  leftServer: {
    title: plural({
      one: '{count} feed is no longer on the server',
      other: '{count} feeds are no longer on the server',
    }),
    message:
      'They were unsubscribed on another device, or hidden on the server. They held articles you saved, tagged or highlighted, so they were kept here as feeds of this browser only, with all their articles. Keep them, or remove them here too.',
    /** Under the feed's title, joined by `separator`: what of it is yours (those above 0), then since when. */
    saved: plural({ one: '{count} saved article', other: '{count} saved articles' }),
    tagged: plural({ one: '{count} tagged article', other: '{count} tagged articles' }),
    highlighted: plural({
      one: '{count} article with highlights',
      other: '{count} articles with highlights',
    }),
    since: 'since {when}',
    separator: ' · ',
    keep: 'Keep',
    remove: 'Remove',
  },
  relogin: {
    title: 'Log in again',
    intro:
      'Enter the current password for {user} at {url}. Your feeds, articles and waiting changes stay as they are; the changes are sent right after.',
    password: 'Password',
    submit: 'Log in and sync',
  },
  logoutPending: {
    title: 'Changes have not reached the server',
    message: plural({
      one: '{count} change (read or saved) is still waiting for the server.',
      other: '{count} changes (read or saved) are still waiting for the server.',
    }),
    keep: 'If you log out anyway they are kept, and sent when you log in again to this account.',
    send: 'Send them, then log out',
    anyway: 'Log out anyway',
    cancel: 'Cancel',
  },
  /** The login form and the import preview (src/screens/login). */
  login: {
    useAddress: 'Use {url}',
    former:
      'You logged out of {url} as {user}, keeping {count} feeds. Log in again to the same account to re-attach them: no feed or article is doubled, and changes still waiting are sent.',
    formerOther:
      'The {count} feeds kept from {user} at {url} stay here as they are: logging in as {newUser} brings that account’s feeds beside them, and a feed both follow shows twice.',
    removeKept: 'Remove the kept feeds first',
    reattached: plural({
      one: '{count} feed already here is attached again (no duplicates).',
      other: '{count} feeds already here are attached again (no duplicates).',
    }),
    importsWhat: 'Only unread and saved articles are imported.',
    readDays: 'Also import read articles of the last',
    readDaysNone: 'None',
    days: plural({ one: '{count} day', other: '{count} days' }),
    feverLimit:
      'The Fever API lists only unread and saved articles; older ones can be brought per feed with “Load older”.',
  },
  /** Where a new subscription goes (src/sync/SubscribeDestination.tsx). */
  destination: {
    account:
      'New feeds go to your account {url} ({user}): the server subscribes, and every device that syncs with it gets them.',
    localOnly: 'Only in this browser',
    localNote: 'Feeds added now stay in this browser; your account is not changed.',
    fever:
      'Your Fever account ({url}) cannot add subscriptions: manage them on the server (FreshRSS: Subscription management; Miniflux: Feeds) and they arrive here with the next sync. Feeds added here stay in this browser only.',
  },
  /** Titles of sync errors, by engine code (src/sync/errorAdvice.ts). */
  errors: {
    sync_auth: 'The server refused the user name or password.',
    sync_not_api:
      'This address does not answer as that API. Check the URL and that the API is enabled on the server.',
    sync_network: 'The server could not be reached. Check the address and your connection.',
    sync_tls: "The server's HTTPS certificate was refused (expired, self-signed or for another name).",
    sync_timeout: 'The server took too long to answer. Try again later.',
    sync_http: 'The server answered with an error.',
    sync_rate: 'The server is receiving too many requests and asks Rivulet to wait before trying again.',
    sync_too_large: "The server's answer is larger than the Rivulet server passes on (10 MB).",
    sync_bad_answer: "The server's answer was not understood.",
    sync_connected: 'Another account is connected. Log out first.',
    sync_unsupported: 'The Fever API cannot change subscriptions.',
    sync_refused: 'The server refused this change.',
    bad_input: 'Please check the form.',
    unknown: 'Something went wrong.',
  },
};
