/** The storage side of the refresh pipeline (worker/feeds/pipeline.ts) for one job. */
import { fetchFeed } from '../feeds/fetcher';
import type { RefreshDeps } from '../feeds/pipeline';
import { ingestItems } from '../items/ingest';
import type { JobFailure } from '../types';
import type { FeedServices } from '../subscriptions/services';

/**
 * Pipeline dependencies bound to the engine: fetch through the proxy, ingest into the items
 * store (one transaction per feed, so a feed's items land whole or not at all), status saved
 * through `feeds.update` (emits `feeds-changed`). A fetch cut short by the job's cancellation
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
    async saveStatus(feedId, status, patch) {
      if (signal.aborted && status.errorCode === 'aborted') return;
      await s.feeds.update(feedId, { ...status, ...patch });
      if (status.errorCode) {
        const feed = s.ctx.feedCache.get(feedId);
        onFailure({ feedId, url: feed?.url ?? '', title: feed?.title ?? '', reason: status.error });
      }
    },
    now: s.ctx.now,
  };
}
