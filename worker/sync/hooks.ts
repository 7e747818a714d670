/**
 * Where sync meets the other domains: feed edits of synced feeds go to the server first, and a
 * refresh of everything (manual or automatic) also starts the account's sync. engine.ts wraps
 * the `feeds` and `refresh` domains with these; nothing else changes for local-only feeds.
 */
import type { FeedsApi } from '../feedsStore/feeds';
import type { RefreshApi } from '../refresh/refresh';
import type { FeedEditsApi } from '../subscriptions/feedEdits';
import type { SyncHooks } from './sync';

/**
 * The feeds domain with rename, move and unsubscribe sent to the sync server first for synced
 * feeds (Google Reader API); for Fever-synced feeds these reject with `sync_unsupported`
 * (the Fever API has no subscription edits, and a local-only edit would be undone by the next
 * sync). A server failure leaves the local feed unchanged.
 */
export function withSyncEdits<T extends FeedsApi & FeedEditsApi>(feeds: T, hooks: SyncHooks): T {
  return {
    ...feeds,
    async rename(id, title) {
      await hooks.beforeRename(id, title);
      return feeds.rename(id, title);
    },
    async move(ids, groupId) {
      await hooks.beforeMove(ids, groupId);
      return feeds.move(ids, groupId);
    },
    async deleteMany(ids) {
      await hooks.beforeDelete(ids);
      return feeds.deleteMany(ids);
    },
    async delete(id) {
      await hooks.beforeDelete([id]);
      return feeds.delete(id);
    },
  };
}

/**
 * The refresh domain that also syncs: `start({ scope: 'all' })` starts a sync job beside the
 * feed refresh; `due()` starts one when the last sync is older than the refresh interval.
 * A sync that cannot start (no account, storage error) never fails the refresh: it is logged,
 * and the account's `lastError` / the sync job carry the reason.
 */
export function withSyncRefresh(
  refresh: RefreshApi,
  hooks: SyncHooks,
  intervalSeconds: () => number,
): RefreshApi {
  const kick = (gap: number) =>
    hooks.kick(gap).catch((err: unknown) => console.warn('Rivulet: sync did not start', err));
  return {
    ...refresh,
    async start(scope) {
      if (scope?.scope === 'all') await kick(0);
      return refresh.start(scope);
    },
    async due() {
      await kick(intervalSeconds());
      return refresh.due();
    },
  };
}
