/**
 * What the subscribe, refresh, OPML and icon domains share: the engine context, the domains they
 * write through (so events stay the same as everywhere else), the proxy fetch, the job registry,
 * the preview cache and the refresh settings.
 */
import { type EngineContext } from '../engineContext';
import type { FetchImpl } from '../formats/fetcher';
import { createFeedsApi, type FeedsApi } from '../feeds/feeds';
import { createGroupsApi, type GroupsApi } from '../groups/groups';
import { JobRegistry } from '../jobs/jobs';
import { DEFAULT_INTERVAL } from '../feeds/refresh/refreshPolicy';
import { proxyFetchImpl, type FetchConfig } from './net';
import { PreviewCache } from './previewCache';

export interface FeedServices {
  ctx: EngineContext;
  feeds: FeedsApi;
  groups: GroupsApi;
  /** Fetch that reaches the companion server (pass as `fetchImpl` to the fetcher/discovery). */
  proxy: FetchImpl;
  jobs: JobRegistry;
  previews: PreviewCache;
  settings: { intervalSeconds: number };
  /** Feeds being fetched by some job right now (never fetch one feed twice at once). */
  inFlight: Set<number>;
  /** Runs `fn` after every earlier `serial` call has settled (check-then-create sections). */
  serial<T>(fn: () => Promise<T>): Promise<T>;
}

/** Builds the shared services over an engine context. Cheap; no I/O. */
export function createFeedServices(ctx: EngineContext, fetchConfig?: FetchConfig): FeedServices {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    ctx,
    feeds: createFeedsApi(ctx),
    groups: createGroupsApi(ctx),
    proxy: proxyFetchImpl(fetchConfig),
    jobs: new JobRegistry((job) => ctx.events.emit({ type: 'job', job }, ctx.applied.counter), ctx.now),
    previews: new PreviewCache(),
    settings: { intervalSeconds: DEFAULT_INTERVAL },
    inFlight: new Set(),
    serial<T>(fn: () => Promise<T>): Promise<T> {
      const run = chain.then(fn, fn);
      chain = run.catch(() => undefined);
      return run;
    },
  };
}
