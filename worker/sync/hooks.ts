/**
 * Where sync meets the other domains: feed edits of synced feeds go to the server first, and a
 * refresh of everything (manual or automatic) also starts the account's sync. engine.ts wraps
 * the `feeds` and `refresh` domains with these; nothing else changes for local-only feeds.
 */
import { EngineError } from '../errors';
import type { FeedsApi } from '../feeds/feeds';
import type { OpmlApi } from '../opml/opml';
import type { RefreshApi } from '../feeds/refresh/refresh';
import { checkedTitle, type FeedEditsApi } from '../feeds/feedEdits';
import type { GroupEditsApi } from '../groups/groupEdits';
import type { GroupsApi } from '../groups/groups';
import type { BulkEntry } from '../subscriptions/bulk';
import type { SubscribeRequest, SubscribeResult } from '../subscriptions/subscribe';
import type { SubscriptionsApi } from '../subscriptions/subscriptions';
import type { SyncHooks } from './sync';
import { syncError } from './transport';

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
 * The groups domain with renames and deletes of the account's folders sent to the sync server
 * first (Google Reader API: `rename-tag`, `disable-tag`); a Fever account's folders refuse them
 * (`sync_unsupported`), as its feeds' edits do. A server failure leaves the local group as it was.
 */
export function withSyncGroupEdits<T extends GroupsApi & GroupEditsApi>(groups: T, hooks: SyncHooks): T {
  return {
    ...groups,
    async save(group) {
      // A rename (an id, as the store reads it): a title it would refuse never reaches the server.
      if (group.id) await hooks.beforeGroupRename(group.id, checkedTitle(group.title, 'group'));
      return groups.save(group);
    },
    async rename(id, title) {
      await hooks.beforeGroupRename(id, checkedTitle(title, 'group'));
      return groups.rename(id, title);
    },
    async delete(id) {
      await hooks.beforeGroupDelete(id);
      return groups.delete(id);
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

/** Where a new subscription goes. Absent: into the connected Google Reader account, if any. */
export interface Destination {
  /** 'local': this browser only; 'account': the connected Google Reader account (else an error). */
  into?: 'account' | 'local';
}

/** The subscriptions domain as the engine exposes it: every call may name its destination. */
export interface SyncedSubscriptionsApi extends Omit<SubscriptionsApi, 'subscribe' | 'subscribeMany'> {
  subscribe(req: SubscribeRequest & Destination): Promise<SubscribeResult>;
  subscribeMany(entries: BulkEntry[], opts?: Destination): Promise<string>;
}

/** The OPML domain as the engine exposes it: an import may name its destination. */
export interface SyncedOpmlApi extends Omit<OpmlApi, 'import'> {
  import(text: string, opts?: Destination): Promise<string>;
}

/** True when this call goes to the account's server; refuses an impossible destination. */
async function toServer(hooks: SyncHooks, into: Destination['into']): Promise<boolean> {
  if (into === 'local') return false;
  const target = await hooks.subscribeTarget();
  if (into === 'account' && !target)
    throw syncError(
      'sync_unsupported',
      'No Google Reader API account is connected: subscriptions of a Fever account are managed on the server.',
    );
  return target !== null;
}

/**
 * Subscribing from every place (subscribe screen, bundles, OPML import) goes to the connected
 * Google Reader account's server unless the caller asks for `into: 'local'`: the server
 * subscribes (it fetches the feed itself) and the next sync pass brings the feed and its items.
 * Without such an account (none, or Fever, whose API cannot subscribe) feeds are local.
 */
export function withSyncSubscribe(api: SubscriptionsApi, hooks: SyncHooks): SyncedSubscriptionsApi {
  return {
    ...api,
    async subscribe(req) {
      const { into, ...rest } = req ?? { url: '' };
      return (await toServer(hooks, into)) ? hooks.subscribeOne(rest) : api.subscribe(rest);
    },
    async subscribeMany(entries, opts = {}) {
      return (await toServer(hooks, opts.into))
        ? hooks.subscribeMany('subscribe-many', entries)
        : api.subscribeMany(entries);
    },
  };
}

/** OPML import into the account, as `withSyncSubscribe` (same parsing and refusals as local). */
export function withSyncOpml(api: OpmlApi, hooks: SyncHooks): SyncedOpmlApi {
  return {
    ...api,
    async import(text, opts = {}) {
      if (!(await toServer(hooks, opts.into))) return api.import(text);
      if (typeof text !== 'string') throw new EngineError('not_opml', 'No OPML text was given');
      const { parseOpml } = await import('../opml/format');
      const parsed = parseOpml(text);
      const entries: BulkEntry[] = [
        ...parsed.groups.flatMap((g) =>
          g.feeds.map((f) => ({ url: f.xmlUrl, title: f.title, groupTitle: g.title })),
        ),
        ...parsed.ungrouped.map((f) => ({ url: f.xmlUrl, title: f.title })),
      ];
      if (entries.length === 0 && parsed.groups.length === 0)
        throw new EngineError('empty_opml', 'This OPML file lists no feeds');
      const empty = parsed.groups.filter((g) => g.feeds.length === 0).map((g) => g.title);
      return hooks.subscribeMany('opml-import', entries, parsed.duplicates, empty);
    },
  };
}
