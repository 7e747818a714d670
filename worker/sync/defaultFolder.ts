/**
 * The server's default folder, shown here as "no group". FreshRSS keeps every feed in a
 * category: a feed taken out of its folder (`subscription/edit` with `r=` only, `disable-tag` of
 * its folder, `quickadd` without a label) goes to category 1. FreshRSS names that category
 * itself, in the user's language (`FreshRSS_Category::_id` gives id 1 the translation of
 * `gen.short.default_category`, and since 1.24 `_name` cannot rename it), so it is known from the
 * first sync: a FreshRSS folder with one of those names (`FRESHRSS_DEFAULT_NAMES`) is category 1
 * (the Google Reader API gives folders no id; its Fever API does, and there it is group 1). A
 * name this list lacks (a language added since, a category renamed before 1.24) is learned from
 * where the server puts a feed taken out of its folder. Either way it is kept on the account
 * (`AccountRecord.defaultFolder`) and from then on maps to "no group" both ways
 * (`applyStructure`). A server that keeps the feed where it was (Miniflux ignores `r=`) cannot
 * hold a feed in no group: the move is refused rather than undone by the next sync. Only FreshRSS
 * has a default folder (`rememberDefaultFolder`; docs/sync.md says why Miniflux's "All" is not one).
 */
import type { FeedServices } from '../subscriptions/services';
import type { RemoteFeed, RemoteStructure, SyncClient } from './protocol';
import { patchAccount, readAccount, type AccountRecord } from './store';
import { syncError } from './transport';

/**
 * What FreshRSS calls category 1 in its APIs: `gen.short.default_category` of each of its
 * languages (`app/i18n/<language>/gen.php`, FreshRSS 1.24 and the languages added up to 2025), trimmed,
 * with "Uncategorized" (English, the languages not translated yet, and the name database
 * maintenance stored before 1.24) and an older Japanese one.
 */
export const FRESHRSS_DEFAULT_NAMES: ReadonlySet<string> = new Set([
  'Uncategorized',
  'Kateqoriyasız', // az
  'Без катэгорыі', // be
  'Nezařazeno', // cs
  'Unkategorisiert', // de
  'Sin categorizar', // es
  'دسته بندی نشده', // fa
  'Luokittelematon', // fi
  'Sans catégorie', // fr
  'ללא קטגוריה', // he
  'Kategória nélküli', // hu
  'Senza categoria', // it
  '未分類', // ja, zh-tw
  'カテゴリーに登録されていない', // ja before 1.20
  '분류 없음', // ko
  'Neklasificēts', // lv
  'Niet ingedeeld', // nl
  'Pas triat', // oc
  'Brak kategorii', // pl
  'Sem categoria', // pt-br, pt-pt
  'Без категории', // ru
  'Bez kategórie', // sk
  'Kategorisiz', // tr
  'Без категорії', // uk
  '未分类', // zh-cn
]);

/**
 * Whether the account is a FreshRSS API: the one server with a default folder Rivulet can name.
 * By its address (`<root>/api/greader.php`, `<root>/api/fever.php`), or, for one served behind
 * a rewritten path, by what the server said of itself (`recogniseFreshRss`).
 */
export function isFreshRss(account: Pick<AccountRecord, 'url' | 'server'>): boolean {
  if (account.server === 'freshrss') return true;
  try {
    return /\/api\/(greader|fever)\.php\/?$/i.test(new URL(account.url).pathname);
  } catch {
    return false;
  }
}

/**
 * The FreshRSS account's default folder as the server lists it, or null when it cannot be told
 * (another server, no such folder listed, or two folders with such names and neither the one
 * kept). Fever: group 1. Google Reader: the folder named as FreshRSS names category 1; the one
 * already kept stays while the server lists it (a name learned from a move outranks the list).
 * Pure.
 */
export function namedDefaultFolder(account: AccountRecord, structure: RemoteStructure): string | null {
  if (!isFreshRss(account)) return null;
  const folders = new Map(structure.groups.map((g) => [g.id, g.title]));
  for (const f of structure.feeds) for (const id of f.groupIds) if (!folders.has(id)) folders.set(id, id);
  if (account.protocol === 'fever') return folders.has('1') ? '1' : null;
  if (account.defaultFolder !== undefined && folders.has(account.defaultFolder)) return account.defaultFolder;
  const named = [...folders].filter(([, title]) => FRESHRSS_DEFAULT_NAMES.has(title.trim()));
  return named.length === 1 ? named[0]![0] : null;
}

/**
 * An account whose address is not FreshRSS's own (a proxy may serve greader.php at `/greader`
 * or a root of its own, fever.php at `/fever`) asks the server once whether it is FreshRSS
 * (`SyncClient.isFreshRss`) and keeps the answer (`server`); a failure to ask is asked again at
 * the next pass. Returns the account as it now is.
 */
export async function recogniseFreshRss(
  s: FeedServices,
  account: AccountRecord,
  client: SyncClient,
): Promise<AccountRecord> {
  if (account.server !== undefined || isFreshRss(account) || !client.isFreshRss) return account;
  const said = await client.isFreshRss();
  if (said === null) return account;
  const server = said ? 'freshrss' : 'other';
  await patchAccount(s.ctx.db, { server });
  return { ...account, server };
}

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

/**
 * Stores the folder as the account's default folder; returns the account as it now is. Only a
 * FreshRSS account has one: Miniflux, whose "All" is an ordinary category, puts a feed that needs
 * a category in its first category by title (a subscribe without one, a deleted category's
 * feeds), which is no default folder, so nothing is learned from where such a feed landed there.
 */
export async function rememberDefaultFolder(
  s: FeedServices,
  account: AccountRecord,
  folder: string | null,
): Promise<AccountRecord> {
  if (folder === null || folder === account.defaultFolder || !isFreshRss(account)) return account;
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
