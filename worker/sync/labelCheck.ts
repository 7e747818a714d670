/**
 * A label stream is not always the label. FreshRSS answers `stream/items/ids?s=user/-/label/<name>`
 * (and `stream/contents/…`) from a category of that name first: `streamContentsFilters` in
 * `p/api/greader.php` looks the name up with `CategoryDAO::searchByName`, which finds any
 * category, also an empty one or one holding only hidden feeds, though `tag/list` names only
 * categories that hold a visible feed (`listCategories(true)`: `LEFT OUTER JOIN _feed … WHERE
 * f.priority >= 0`). Only when no category has the name does it read the article label; and when
 * neither exists (the label was deleted on another device meanwhile, or the name does not match
 * as stored: MySQL compares names case-insensitively), the stream is the whole reading list. So
 * a tag named like an empty category listed no article, and a pass took the tag off every local
 * article that had it.
 *
 * Each article's own `categories` (`stream/items/contents`) hold its labels whatever the names
 * are (`Entry::toGReader`), so before the pull follows a stream, the articles it would change are
 * read and the change is made only where the article agrees. One that disagrees means the stream
 * answered something else: that label's stream is not followed this pass (no more changes, no
 * imports from it), and the articles keep their tags. One the server does not give (a hidden
 * feed's, one it dropped) stays as it is. The cost is one contents call per 250 articles a stream
 * would change, and one in all for a stream that is wrong.
 *
 * A stream found wrong stays wrong while nothing about it moves: the verdict is kept on the
 * account (`labelVerdicts`) with a digest of what the check read (the tag and folder names, the
 * stream's ids, the changes it asked for), and a later pass whose digest is the same takes the
 * verdict as it is, without a contents call. Any change there (an article labelled or unlabelled
 * here or through the stream, a new article, a folder or tag renamed, the category gone) checks
 * again; and so does every `RECHECK_EVERY`th pass, since an article's own labels can change on
 * another device while the wrong stream stays the same (that change then comes down at most that
 * many passes late).
 */
import { md5 } from 'js-md5';
import { sameName } from '../tags/tags';
import type { RemoteItem, SyncClient } from './protocol';

/** A change a label stream asks for: this article gains (`on`) or loses the label. */
export interface LabelClaim {
  itemId: number;
  remoteId: string;
  name: string;
  on: boolean;
}

/** Articles read per step of the check (the contents batch of the Google Reader client). */
const CHECK_BATCH = 250;

/**
 * Whether the article carries the label as a tag by its own categories, its feed's folder label
 * taken out once (a tag may share its folder's name); null when the server did not give it.
 */
export function carries(
  item: RemoteItem | undefined,
  name: string,
  folders: readonly string[],
): boolean | null {
  if (!item) return null;
  const rest = [...(item.labels ?? [])];
  for (const folder of folders) {
    const at = rest.indexOf(folder);
    if (at !== -1) rest.splice(at, 1);
  }
  return rest.some((l) => sameName(l, name));
}

/** The claims by label, named case-blind (as tags are). Pure. */
function byLabelOf(claims: readonly LabelClaim[]): Map<string, LabelClaim[]> {
  const byLabel = new Map<string, LabelClaim[]>();
  for (const c of claims) {
    const key = c.name.toLowerCase();
    const list = byLabel.get(key);
    if (list) list.push(c);
    else byLabel.set(key, [c]);
  }
  return byLabel;
}

/**
 * The claims the articles themselves confirm, and the labels (lower-cased) whose stream said
 * something an article contradicts. Claims are checked label by label, a batch at a time; a
 * batch with a contradiction ends its label's check (its later claims are neither confirmed nor
 * asked for).
 * `foldersOf`: the folder labels of a server feed id.
 */
export async function checkClaims(
  client: SyncClient,
  claims: readonly LabelClaim[],
  foldersOf: (feedId: string) => readonly string[],
): Promise<{ confirmed: LabelClaim[]; distrusted: Set<string> }> {
  const confirmed: LabelClaim[] = [];
  const distrusted = new Set<string>();
  if (claims.length === 0) return { confirmed, distrusted };
  const byLabel = byLabelOf(claims);
  const read = new Map<string, RemoteItem | undefined>();
  for (const [key, list] of byLabel) {
    for (let i = 0; i < list.length && !distrusted.has(key); i += CHECK_BATCH) {
      const batch = list.slice(i, i + CHECK_BATCH);
      const unread = [...new Set(batch.map((c) => c.remoteId).filter((id) => !read.has(id)))];
      if (unread.length) {
        for (const id of unread) read.set(id, undefined);
        for (const item of await client.items(unread)) read.set(item.id, item);
      }
      for (const c of batch) {
        const item = read.get(c.remoteId);
        const has = carries(item, c.name, item ? foldersOf(item.feedId) : []);
        if (has === null) continue;
        // The batch read is checked whole, whatever its order; a contradiction ends the label's
        // check after it.
        if (has !== c.on) distrusted.add(key);
        else confirmed.push(c);
      }
    }
  }
  // A label found wrong keeps what its articles confirmed: the articles themselves said so.
  return { confirmed, distrusted };
}

/** A stream found wrong is checked again at least once in this many passes. */
export const RECHECK_EVERY = 10;

/** A stream found wrong: the digest of what its check read, and the passes that reused it since. */
export interface LabelVerdict {
  digest: string;
  reused: number;
}

/** The digest of one label's check: names, its stream's ids and the changes it asked for. Pure. */
export function checkDigest(
  names: readonly string[],
  stream: Iterable<string>,
  claims: readonly LabelClaim[],
): string {
  const ids = [...stream].sort();
  const asked = claims.map((c) => `${c.remoteId}${c.on ? '+' : '-'}`).sort();
  return md5(JSON.stringify([[...names].sort(), ids, asked]));
}

/**
 * `checkClaims` with the verdicts kept from earlier passes: a label whose digest matches its
 * verdict (reused fewer than `RECHECK_EVERY` times) is taken as wrong without reading anything.
 * Returns the check's outcome and the verdicts to keep (labels found wrong this pass or reused).
 */
export async function checkClaimsKept(
  client: SyncClient,
  claims: readonly LabelClaim[],
  foldersOf: (feedId: string) => readonly string[],
  digestOf: (key: string, claims: readonly LabelClaim[]) => string,
  kept: Readonly<Record<string, LabelVerdict>>,
): Promise<{ confirmed: LabelClaim[]; distrusted: Set<string>; verdicts: Record<string, LabelVerdict> }> {
  const byLabel = byLabelOf(claims);
  const verdicts: Record<string, LabelVerdict> = {};
  const digests = new Map<string, string>();
  const reused = new Set<string>();
  for (const [key, list] of byLabel) {
    const digest = digestOf(key, list);
    digests.set(key, digest);
    const before = kept[key];
    if (before && before.digest === digest && before.reused + 1 < RECHECK_EVERY) {
      reused.add(key);
      verdicts[key] = { digest, reused: before.reused + 1 };
    }
  }
  const checked = await checkClaims(
    client,
    claims.filter((c) => !reused.has(c.name.toLowerCase())),
    foldersOf,
  );
  for (const key of checked.distrusted) verdicts[key] = { digest: digests.get(key) ?? '', reused: 0 };
  for (const key of reused) checked.distrusted.add(key);
  return { ...checked, verdicts };
}
