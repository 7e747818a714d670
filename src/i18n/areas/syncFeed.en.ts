/** English for the "load older" control on a synced feed's list (src/sync/LoadOlder.tsx). */
import { plural } from '../types';

export const syncFeedEn = {
  loadOlder: 'Load older articles from the server',
  added: plural({ one: '{count} older article added', other: '{count} older articles added' }),
  noMore: 'No older articles on the server',
};
