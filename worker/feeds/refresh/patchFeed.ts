/** Merging a patch into a stored feed atomically. */
import type { EngineContext } from '../../engineContext';
import { EngineError } from '../../errors';
import type { Feed } from '../../types';

/**
 * Merges `patch` into feed `id` inside one read-write transaction, so a concurrent change to
 * another field (a read mark moving `readCount` while a refresh saves its status) is never
 * overwritten by a stale copy. Updates the feed cache and emits `feeds-changed`. Returns the
 * stored feed, or null when the feed no longer exists and `ifExists` is set.
 * Fails: EngineError('not_found') (unless `ifExists`), `Error updating data: …`.
 */
export async function patchFeed(
  ctx: EngineContext,
  id: number,
  patch: Partial<Omit<Feed, 'id'>>,
  opts: { ifExists?: boolean } = {},
): Promise<Feed | null> {
  const saved = await ctx.db.tx('update', 'rw', ['feeds'], async () => {
    const table = ctx.db.table('feeds');
    const existing = await table.get(id);
    if (!existing) return null;
    const record: Feed = { ...existing, ...patch, id };
    await table.put(record);
    return record;
  });
  if (!saved) {
    ctx.feedCache.delete(id);
    if (opts.ifExists) return null;
    throw new EngineError('not_found', `Feed ${id} does not exist`);
  }
  ctx.feedCache.set(id, saved);
  ctx.events.emit({ type: 'feeds-changed', feedIds: [id] }, ctx.applied.counter);
  return saved;
}
