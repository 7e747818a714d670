/**
 * The server's default folder, shown here as "no group". FreshRSS keeps every feed in a
 * category: a feed taken out of its folder (`subscription/edit` with `r=` only, `disable-tag` of
 * its folder, `quickadd` without a label) goes to category 1, whose name is the one it got in the
 * language of the install ("Uncategorized", "Sans catégorie", …), so it cannot be told by name.
 * Rivulet learns it from where the server puts such a feed, keeps it on the account
 * (`AccountRecord.defaultFolder`), and from then on maps it to "no group" both ways
 * (`applyStructure`). A server that keeps the feed where it was (Miniflux ignores `r=`) cannot
 * hold a feed in no group: the move is refused rather than undone by the next sync.
 */
import type { FeedServices } from '../subscriptions/services';
import type { RemoteFeed, SyncClient } from './protocol';
import { patchAccount, readAccount, type AccountRecord } from './store';
import { syncError } from './transport';

/** A feed the server was asked to take out of its folder `from` (null: it was in none here). */
export interface Unfiled {
  remoteId: string;
  title: string;
  from: string | null;
}

/**
 * The folder the server put these feeds in, null when it put them in none (or lists none of
 * them). Fails `sync_refused` when a feed is still in the folder it was taken out of. Pure.
 */
export function landedFolder(feeds: RemoteFeed[], unfiled: Unfiled[], advice: string): string | null {
  const byId = new Map(feeds.map((f) => [f.id, f]));
  let folder: string | null = null;
  for (const u of unfiled) {
    const landed = byId.get(u.remoteId)?.groupIds[0];
    if (!landed) continue;
    if (u.from !== null && landed === u.from)
      throw syncError(
        'sync_refused',
        `The server kept “${u.title}” in its folder “${u.from}”: it keeps every feed in a folder, so a feed cannot be in no group there. ${advice}`,
      );
    folder ??= landed;
  }
  return folder;
}

/** Stores the folder as the account's default folder; returns the account as it now is. */
export async function rememberDefaultFolder(
  s: FeedServices,
  account: AccountRecord,
  folder: string | null,
): Promise<AccountRecord> {
  if (folder === null || folder === account.defaultFolder) return account;
  await patchAccount(s.ctx.db, { defaultFolder: folder });
  return (await readAccount(s.ctx.db)) ?? { ...account, defaultFolder: folder };
}

/**
 * After the server was asked to take feeds out of their folder: reads where it put them and
 * remembers that folder as its default one. A refusal (the feed stayed) is thrown; a failure to
 * read the list is not (the edit itself went through; the next move teaches it again).
 */
export async function learnDefaultFolder(
  s: FeedServices,
  account: AccountRecord,
  client: SyncClient,
  unfiled: Unfiled[],
  advice: string,
): Promise<void> {
  if (unfiled.length === 0) return;
  let feeds: RemoteFeed[];
  try {
    feeds = (await client.structure()).feeds;
  } catch (err) {
    console.warn('Rivulet: could not read where the server put the feeds', err);
    return;
  }
  await rememberDefaultFolder(s, account, landedFolder(feeds, unfiled, advice));
}
