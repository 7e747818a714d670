/**
 * Fever's id lists are not always every article. FreshRSS builds `unread_item_ids` and
 * `saved_item_ids` from its main stream only (`getUnreadItemIds`/`getSavedItemIds` in
 * `p/api/fever.php` call `listIdsWhere('a', …)`, and type 'a' is `f.priority >=
 * PRIORITY_MAIN_STREAM` in `EntryDAO::sqlListWhere`), while `feeds` and `items` give every feed's.
 * So the articles of a feed the user set to "show in its category only", or hid, are missing from
 * both lists: read as the lists alone, they were all marked read and unsaved here on the next pass.
 *
 * Before a pass follows the lists, every tracked article they would turn read or unsaved only by
 * leaving it out is asked for by id (`items&with_ids`, 50 a call, which FreshRSS answers from
 * every feed) and its own `is_read`/`is_saved` is taken instead. One the server no longer gives
 * (deleted, aged out) stays absent, as before. The cost is one call per 50 articles read or
 * unsaved elsewhere since the last pass, and nothing when nothing changed.
 */
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import type { TrackedState } from './diff';
import type { SyncClient } from './protocol';

/** Adds to `unread` and `saved` what tracked articles missing from them say of themselves. */
export async function confirmAbsences(
  client: Pick<SyncClient, 'protocol' | 'items'>,
  tracked: readonly TrackedState[],
  unread: Set<string>,
  saved: Set<string>,
): Promise<void> {
  if (client.protocol !== 'fever') return;
  const ask = tracked
    .filter(
      (t) =>
        ((t.server & FLAG_READ) === 0 && !unread.has(t.remoteId)) ||
        ((t.server & FLAG_SAVED) !== 0 && !saved.has(t.remoteId)),
    )
    .map((t) => t.remoteId);
  if (ask.length === 0) return;
  for (const item of await client.items(ask)) {
    if (!item.read) unread.add(item.id);
    if (item.saved) saved.add(item.id);
  }
}
