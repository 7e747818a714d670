/**
 * Keeping the `summaries` store (AI summaries, schema v2) in step with the items: a summary of
 * a deleted article can never be shown again, so it goes with the article.
 */
import type { Database } from '../db/database';

/**
 * Deletes every summary of these items. Call INSIDE the transaction that deletes the items (its
 * stores must include 'summaries'). One index lookup and one bulk delete.
 */
export async function dropSummariesOf(db: Database, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  const table = db.table('summaries');
  const keys = await table
    .where('itemId')
    .anyOf([...itemIds])
    .primaryKeys();
  if (keys.length) await table.bulkDelete(keys);
}

/**
 * Deletes summaries whose item is no longer stored (left behind before deletions pruned them).
 * Existence is read from the items store, not the in-memory index, so an index that failed to
 * load can never make it delete a live article's summary. One read-write transaction over
 * items and summaries: a key scan of summaries and a key lookup of their item ids.
 * Resolves with how many were deleted. Fails: `Error deleting data: …`.
 */
export function pruneOrphanSummaries(db: Database): Promise<number> {
  return db.tx('delete', 'rw', ['items', 'summaries'], async () => {
    const summaries = db.table('summaries');
    const itemIds = (await summaries.orderBy('itemId').uniqueKeys()).map(Number);
    if (itemIds.length === 0) return 0;
    const live = new Set((await db.table('items').where(':id').anyOf(itemIds).primaryKeys()).map(Number));
    const gone = itemIds.filter((id) => !live.has(id));
    if (gone.length === 0) return 0;
    const keys = await summaries.where('itemId').anyOf(gone).primaryKeys();
    await summaries.bulkDelete(keys);
    return keys.length;
  });
}
