/**
 * FreshRSS's Fever API leaves whole feeds out of its id lists: `unread_item_ids` and
 * `saved_item_ids` are its main stream only (`listIdsWhere('a', …)`: feed priority 10 and up), so
 * the articles of a feed set to "show in its category only" (priority 0) or hidden were never
 * asked for by a pass, and came only through "Load older" (`items&max_id&feed_ids`). `items`
 * itself answers every feed (`FeverDAO::findEntries` has no priority filter), so a FreshRSS pass
 * also walks the items by id, as the Fever API documents for keeping a cache:
 *
 * - new items: `items&since_id=<top>` from the highest id seen, oldest first, until a page holds
 *   fewer than 50. The walk gives the contents too, so the listed articles it brings are not asked
 *   for again by `with_ids`: in a quiet hour it costs one call, and one call per 50 new articles
 *   otherwise, in place of the `with_ids` calls. The first pass starts at the newest page. New
 *   articles get ids above every committed one (`commitNewEntries` numbers a batch just below the
 *   highest of its receive-time ids, each batch received after the last), so nothing new lands
 *   below the highest id seen, short of two refreshes committing out of order.
 * - what was there before the first pass: the feeds that brought no listed article in it (the
 *   ones left out, and main-stream feeds with nothing unread or saved) are walked down once,
 *   `items&max_id&feed_ids=…` newest first, `BACKFILL_PAGES` a pass until their oldest article.
 *
 * An article found this way is imported when it is unread, saved or listed; read ones stay on the
 * server, as everywhere else. A page too large for the companion server ends the walk for the
 * pass (logged), and its articles come as before (lists, "Load older"). Miniflux lists every
 * feed, and other servers are not known to leave any out: nothing is walked there.
 */
import { EngineError } from '../errors';
import type { FeedServices } from '../subscriptions/services';
import type { RemoteItem, SyncClient } from './protocol';
import { patchAccount, type AccountRecord } from './store';
import type { Tracker } from './tracker';
import { isFreshRss } from './defaultFolder';

/** Pages of new items walked per pass (50 items each). */
export const UP_PAGES = 20;
/** Pages of older items walked per pass for the feeds the first pass found nothing listed of. */
export const BACKFILL_PAGES = 10;

type Walk = NonNullable<AccountRecord['feverWalk']>;

const higher = (a: string, b: string) => (!a ? b : !b ? a : BigInt(a) >= BigInt(b) ? a : b);

/** Whether this pass walks: a Fever account on FreshRSS with a client that can. */
export function walks(account: AccountRecord, client: SyncClient): boolean {
  return account.protocol === 'fever' && client.walk !== undefined && isFreshRss(account);
}

/** A walk's page too large for the companion server ends the walk for this pass, quietly. */
async function orNull<T>(step: Promise<T>): Promise<T | null> {
  try {
    return await step;
  } catch (err) {
    if (!(err instanceof EngineError) || err.code !== 'sync_too_large') throw err;
    console.warn('Rivulet: a page of FreshRSS items was too large to walk this time', err);
    return null;
  }
}

/** The items of a walk to import: not here yet, and unread, saved or listed (`wanted`). */
function worth(items: RemoteItem[], tracker: Tracker, wanted: ReadonlySet<string>): RemoteItem[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    if (tracker.byRemote.has(i.id) || seen.has(i.id)) return false;
    seen.add(i.id);
    return !i.read || i.saved || wanted.has(i.id);
  });
}

/**
 * Walks the items above the highest id seen. Returns the articles to import (listed ones among
 * them need no `with_ids` call) and the walk as it now is (to keep with `keepWalk`).
 */
export async function walkNew(
  account: AccountRecord,
  client: SyncClient,
  tracker: Tracker,
  wanted: ReadonlySet<string>,
): Promise<{ items: RemoteItem[]; walk: Walk | undefined }> {
  const walk = account.feverWalk;
  if (!client.walk) return { items: [], walk };
  const page = await orNull(
    walk?.top ? client.walk('up', walk.top, null, UP_PAGES) : client.walk('down', '', null, 1),
  );
  if (!page) return { items: [], walk };
  const top = walk?.top ? page.next : page.items.reduce((m, i) => higher(m, i.id), '');
  return {
    items: worth(page.items, tracker, wanted),
    walk: { top: higher(walk?.top ?? '', top), backfill: walk?.backfill ?? [], floor: walk?.floor ?? '' },
  };
}

/**
 * The first pass's look back: `candidates` (the server feeds holding no article here yet) are
 * fixed at the first pass and walked down from the newest, a bounded number of pages a pass.
 * Returns the articles to import and the walk as it now is.
 */
export async function walkBack(
  walk: Walk,
  first: boolean,
  client: SyncClient,
  tracker: Tracker,
  candidates: () => string[],
): Promise<{ items: RemoteItem[]; walk: Walk }> {
  const feeds = first ? candidates() : walk.backfill;
  if (!client.walk || feeds.length === 0) return { items: [], walk: { ...walk, backfill: [] } };
  const page = await orNull(client.walk('down', walk.floor, feeds, BACKFILL_PAGES));
  if (!page) return { items: [], walk: { ...walk, backfill: feeds } };
  return {
    items: worth(page.items, tracker, new Set()),
    walk: { ...walk, backfill: page.end ? [] : feeds, floor: page.end ? '' : page.next },
  };
}

/** Keeps the walk on the account when it moved. */
export async function keepWalk(s: FeedServices, before: Walk | undefined, after: Walk): Promise<void> {
  if (JSON.stringify(before) !== JSON.stringify(after)) await patchAccount(s.ctx.db, { feverWalk: after });
}
