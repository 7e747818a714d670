/**
 * The account as the UI shows it (`sync.status()`): the connected account or the one logged out
 * of with its feeds kept, the last failure and its fix, the server's requested wait, the queue's
 * length and the feeds the server stopped listing. Part of the sync domain (sync.ts), split out
 * by responsibility. Reads: the account record (and the former one without an account), the
 * queue's count, and the highlighted article ids when feeds are set aside; the rest comes from
 * the feed cache and the index.
 */
import type { FeedServices } from '../subscriptions/services';
import { accountFeeds } from './importer';
import { labelsOn } from './labels';
import { feedsLeftServer } from './leftServer';
import { highlightedItems, ownDataOf } from './ownData';
import { queueLength, readAccount, readFormer } from './store';
import { problemOf, type SyncStatus } from './syncApi';

/** The sync account's state, as `SyncApi.status` answers it. */
export async function syncStatus(s: FeedServices): Promise<SyncStatus> {
  const a = await readAccount(s.ctx.db);
  const former = a ? null : await readFormer(s.ctx.db);
  const left = feedsLeftServer(s);
  const highlighted = left.length ? await highlightedItems(s.ctx.db) : new Set<number>();
  return {
    former: former
      ? {
          protocol: former.protocol,
          url: former.url,
          username: former.username,
          feeds: [...s.ctx.feedCache.values()].filter((f) => !f.account && f.remoteId).length,
        }
      : null,
    problem: a?.lastErrorCode ? problemOf(a.lastErrorCode, a.lastError) : null,
    readDays: a?.readDays ?? 0,
    leftServer: left.map((f) => ({
      feedId: f.id,
      title: f.title || f.url,
      at: f.leftServer!,
      ...ownDataOf(s.ctx.index, f.id, highlighted),
    })),
    connected: a !== null,
    protocol: a?.protocol ?? null,
    url: a?.url ?? '',
    username: a?.username ?? '',
    lastSync: a?.lastSync ?? 0,
    lastError: a?.lastError ?? '',
    lastErrorCode: a?.lastErrorCode ?? '',
    retryAt: a && (a.retryAt ?? 0) > s.ctx.now() ? a.retryAt! : 0,
    pending: a ? await queueLength(s.ctx.db) : 0,
    feeds: a ? accountFeeds(s, a).size : 0,
    canEditSubscriptions: a?.protocol === 'greader',
    labels: labelsOn(a),
  };
}
