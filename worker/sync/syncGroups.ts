/**
 * Local groups the sync makes for the server's folders, and their removal once a sync pass leaves
 * them empty. A group is made (by title, never twice) when one of the account's feeds is in a
 * folder of that name (importer.ts). When a later pass moves every feed out of it (the folder was
 * renamed or removed on another device, or it turned out to be the server's default folder, "no
 * group" here: defaultFolder.ts), the group used to stay behind, empty. Now a group goes when
 * this pass emptied it (it held one of the account's feeds when the pass began and holds no feed
 * at all after) and either this account's syncs made it (`AccountRecord.madeGroups`) or it bears
 * the name of the account's default folder (a group an earlier version made for that folder).
 * A group the reader made stays, and so does any group a feed is in. Removing it is the plain
 * groups domain's delete: nothing is asked of the server, no feed moves.
 */
import { foldGroupTitle } from '../groups/groupTitle';
import type { FeedServices } from '../subscriptions/services';
import type { RemoteStructure } from './protocol';
import { patchAccount, type AccountRecord } from './store';

/** The groups that hold one of the account's feeds, before a pass applies the server's list. O(feeds). */
export function groupsHeld(s: FeedServices, account: AccountRecord): Set<number> {
  const held = new Set<number>();
  for (const f of s.ctx.feedCache.values())
    if (f.account === account.tag && f.groupId !== -1) held.add(f.groupId);
  return held;
}

/**
 * After a pass applied the server's list: records the groups it made (`made`) on the account and
 * removes the groups it emptied that the sync made or that bear the default folder's name.
 * `held`: `groupsHeld` before the pass. O(feeds + groups).
 */
export async function tidyGroups(
  s: FeedServices,
  account: AccountRecord,
  structure: RemoteStructure,
  held: ReadonlySet<number>,
  made: ReadonlySet<number>,
): Promise<void> {
  const ours = new Set([...(account.madeGroups ?? []), ...made]);
  const inUse = new Set([...s.ctx.feedCache.values()].map((f) => f.groupId));
  const folder = account.defaultFolder;
  const defaultTitle =
    folder === undefined
      ? null
      : foldGroupTitle(structure.groups.find((g) => g.id === folder)?.title ?? folder);
  for (const id of held) {
    const group = s.ctx.groupCache.get(id);
    if (!group || inUse.has(id)) continue;
    if (ours.has(id) || foldGroupTitle(group.title) === defaultTitle) {
      await s.groups.delete(id);
      ours.delete(id);
    }
  }
  const kept = [...ours].filter((id) => s.ctx.groupCache.has(id)).sort((a, b) => a - b);
  const before = account.madeGroups ?? [];
  if (kept.length !== before.length || kept.some((id, i) => id !== before[i]))
    await patchAccount(s.ctx.db, { madeGroups: kept });
}
