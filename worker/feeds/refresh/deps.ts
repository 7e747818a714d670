/** The storage side of the refresh pipeline (worker/feeds/refresh/pipeline.ts) for one job. */
import { fetchFeed } from '../../formats/fetcher';
import type { RefreshDeps } from './pipeline';
import { ingestItems } from '../../items/ingest';
import type { JobFailure } from '../../types';
import type { FeedServices } from '../../subscriptions/services';
import { patchFeed } from './patchFeed';

/**
 * Pipeline dependencies bound to the engine: fetch through the proxy, ingest into the items
 * store (one transaction per feed, so a feed's items land whole or not at all), status saved
 * atomically by `patchFeed` (emits `feeds-changed`; a feed unsubscribed meanwhile is left alone),
 * or, when items arrived and the status is a success, inside the ingest's own transaction. A fetch cut short by the job's cancellation
 * records nothing: the feed keeps its previous status. `onFailure` hears each recorded failure.
 */
export function refreshDeps(
  s: FeedServices,
  signal: AbortSignal,
  onFailure: (failure: JobFailure) => void,
): RefreshDeps {
  return {
    fetchFeed: (url, opts) => fetchFeed(url, { ...opts, fetchImpl: s.proxy }),
    ingest: (feedId, items) => ingestItems(s.ctx, feedId, items),
    // A feed whose items arrived and whose status is a success: one transaction for both.
    ingestWithStatus: (feedId, items, status, patch) =>
      ingestItems(s.ctx, feedId, items, undefined, { feedPatch: { ...status, ...patch } }),
    async saveStatus(feedId, status, patch) {
      if (signal.aborted && status.errorCode === 'aborted') return;
      // Unsubscribed while it was being fetched: nothing to record, and no failure to report.
      const feed = await patchFeed(s.ctx, feedId, { ...status, ...patch }, { ifExists: true });
      if (feed && status.errorCode)
        onFailure({ feedId, url: feed.url, title: feed.title, reason: status.error, code: status.errorCode });
    },
    now: s.ctx.now,
  };
}
