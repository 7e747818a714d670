/**
 * What of a feed's articles is the reader's own: saved articles, tagged ones and highlighted
 * ones, hidden articles included. A synced feed the server stops listing that holds any of these
 * is set aside rather than deleted with them (leftServer.ts), and the account page says which
 * (status.ts). Saved and tags come from the in-memory index; highlights live in their own store,
 * read once (the keys of its `itemId` index, no record) per sync pass or status call, and only
 * when some feed is asked about.
 */
import type { Database } from '../db/database';
import type { MetaIndex } from '../index/metaIndex';
import { FLAG_SAVED } from '../../shared/flags';

/** Articles of one feed the reader saved, tagged or highlighted (one article may be all three). */
export interface OwnData {
  saved: number;
  tagged: number;
  highlighted: number;
}

/** Whether a feed holds anything of the reader's own. */
export const holdsOwnData = (d: OwnData): boolean => d.saved + d.tagged + d.highlighted > 0;

/**
 * Ids of the articles that carry at least one highlight: the distinct keys of the highlights
 * store's `itemId` index (a key cursor; highlights are made by hand, thousands at most).
 */
export async function highlightedItems(db: Database): Promise<Set<number>> {
  const keys = await db.run('fetch', () => db.dexie.table('highlights').orderBy('itemId').uniqueKeys());
  return new Set(keys.filter((k): k is number => typeof k === 'number'));
}

/** `highlightedItems`, read on the first call only: one read for a whole sync pass. */
export function highlightsOnce(db: Database): () => Promise<ReadonlySet<number>> {
  let read: Promise<Set<number>> | null = null;
  return () => (read ??= highlightedItems(db));
}

/** The reader's own articles of one feed, hidden ones included. O(articles of the feed). */
export function ownDataOf(index: MetaIndex, feedId: number, highlighted: ReadonlySet<number>): OwnData {
  const out: OwnData = { saved: 0, tagged: 0, highlighted: 0 };
  for (const row of index.liveRowsOfFeed(feedId, { hidden: true })) {
    if (index.flags(row) & FLAG_SAVED) out.saved++;
    if (index.tags(row).length > 0) out.tagged++;
    if (highlighted.has(index.id(row))) out.highlighted++;
  }
  return out;
}
