/** English for synced feeds: "load older" (src/sync/LoadOlder.tsx) and sync error titles. */
import { plural } from '../types';

export const syncFeedEn = {
  loadOlder: 'Load older articles from the server',
  added: plural({ one: '{count} older article added', other: '{count} older articles added' }),
  noMore: 'No older articles on the server',
  /** Titles of sync errors, by engine code (src/sync/errorAdvice.ts). */
  errors: {
    sync_auth: 'The server refused the user name or password.',
    sync_not_api:
      'This address does not answer as that API. Check the URL and that the API is enabled on the server.',
    sync_network: 'The server could not be reached. Check the address and your connection.',
    sync_tls: "The server's HTTPS certificate was refused (expired, self-signed or for another name).",
    sync_timeout: 'The server took too long to answer. Try again later.',
    sync_http: 'The server answered with an error.',
    sync_bad_answer: "The server's answer was not understood.",
    sync_connected: 'Another account is connected. Log out first.',
    sync_unsupported: 'The Fever API cannot change subscriptions.',
    bad_input: 'Please check the form.',
    unknown: 'Something went wrong.',
  },
};
