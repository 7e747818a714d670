/** Refresh jobs: which feeds a scope covers, and running them through the pipeline. */
import { EngineError } from '../../errors';
import { refreshMany } from './pipeline';
import type { FeedServices } from '../../subscriptions/services';
import type { Feed, JobFailure } from '../../types';
import { refreshDeps } from './deps';
import { inBackoff } from './status';

/** What `refresh.start` refreshes. `force`: include dead and backed-off feeds. */
export interface RefreshScope {
  scope: 'all' | 'group' | 'feed' | 'feeds';
  /** Group id (-1 = ungrouped) or feed id. */
  id?: number;
  /** Feed ids of a 'feeds' scope (retrying the feeds a refresh or an import could not fetch). */
  ids?: number[];
  force?: boolean;
}

/** Fetches in flight per job (the "at most ~6 at once"). */
export const REFRESH_CONCURRENCY = 6;

/**
 * The feeds `scope` covers, split into those to fetch and the number skipped (dead, waiting
 * out a backoff or Retry-After, unless forced). O(feeds). Unknown ids of a 'feeds' scope are
 * left out. Fails: EngineError('bad_input') for an unknown scope or a missing id or ids list, ('not_found') for an unknown feed or group.
 */
export function selectFeeds(s: FeedServices, scope: RefreshScope): { feeds: Feed[]; skipped: number } {
  const all = [...s.ctx.feedCache.values()];
  let inScope: Feed[];
  const kind = scope?.scope;
  if (kind === 'all') inScope = all;
  else if (kind === 'feeds') {
    if (!Array.isArray(scope.ids)) throw new EngineError('bad_input', 'A feeds refresh needs a list of ids');
    // Feeds unsubscribed meanwhile are simply left out.
    inScope = [...new Set(scope.ids)].flatMap((id) => s.ctx.feedCache.get(id) ?? []);
  } else if (kind === 'group' || kind === 'feed') {
    const id = scope.id;
    if (typeof id !== 'number') throw new EngineError('bad_input', `A ${kind} refresh needs an id`);
    if (kind === 'feed') {
      const feed = s.ctx.feedCache.get(id);
      if (!feed) throw new EngineError('not_found', `Feed ${id} does not exist`);
      inScope = [feed];
    } else {
      if (id !== -1 && !s.ctx.groupCache.has(id))
        throw new EngineError('not_found', `Group ${id} does not exist`);
      inScope = all.filter((f) => f.groupId === id);
    }
  } else throw new EngineError('bad_input', `Unknown refresh scope: ${String(kind)}`);
  // Feeds of a sync account are updated by the account's sync (worker/sync), never fetched here.
  inScope = inScope.filter((f) => !f.account);
  if (scope.force) return { feeds: inScope, skipped: 0 };
  const now = s.ctx.now();
  const feeds = inScope.filter((f) => !f.dead && !inBackoff(f, now));
  return { feeds, skipped: inScope.length - feeds.length };
}

/**
 * Starts a 'refresh' job over `feeds` under `key` (a running job with the same key is returned
 * instead). Feeds another job is fetching right now are skipped. Up to 6 fetches at once; one
 * broken feed never stops the others, and a failed fetch never removes stored items.
 * Progress: `done` per finished feed, `newItems` as items are stored, failures with their
 * reasons as they are recorded.
 * Summary: added 0, skipped, failed, newItems.
 */
export function startRefreshJob(s: FeedServices, key: string, feeds: Feed[], skipped: number): string {
  const running = s.jobs.runningByKey(key);
  if (running) return running;
  const targets = feeds.filter((f) => !s.inFlight.has(f.id));
  const busy = feeds.length - targets.length;
  for (const f of targets) s.inFlight.add(f.id);
  return s.jobs.start('refresh', key, targets.length, async (job) => {
    const reported = new Set<number>();
    const onFailure = (failure: JobFailure) => {
      if (failure.feedId !== null) reported.add(failure.feedId);
      job.fail(failure);
    };
    let newItems = 0;
    const deps = refreshDeps(s, job.signal, onFailure);
    // Counted as each feed's items land, so the progress bar can say "n new articles" while
    // the job runs (the summary's total is recounted from the outcomes below).
    const counted = (result: { added: number[]; updated: number[] }) => {
      job.progress.newItems = (job.progress.newItems ?? 0) + result.added.length;
      job.changed();
      return result;
    };
    const ingest = deps.ingest.bind(deps);
    const ingestWithStatus = deps.ingestWithStatus?.bind(deps);
    deps.ingest = async (feedId, items) => counted(await ingest(feedId, items));
    if (ingestWithStatus)
      deps.ingestWithStatus = async (feedId, items, status, patch) =>
        counted(await ingestWithStatus(feedId, items, status, patch));
    try {
      const outcomes = await refreshMany(targets, deps, {
        concurrency: REFRESH_CONCURRENCY,
        signal: job.signal,
        onProgress: ({ done }) => {
          job.progress.done = done;
          job.changed();
        },
      });
      for (const [i, outcome] of outcomes.entries()) {
        newItems += outcome.added.length;
        // A failure outside the recorded status (storage error): report it here, with its code.
        if (
          outcome.result === 'failed' &&
          outcome.error?.code !== 'aborted' &&
          !reported.has(outcome.feedId) &&
          s.ctx.feedCache.has(outcome.feedId)
        ) {
          const feed = targets[i]!;
          onFailure({
            feedId: feed.id,
            url: feed.url,
            title: feed.title,
            reason: outcome.error?.message ?? '',
            code: outcome.error?.code ?? 'internal',
          });
        }
      }
    } finally {
      for (const f of targets) s.inFlight.delete(f.id);
    }
    return { added: 0, skipped: skipped + busy, failed: job.progress.failed, newItems };
  });
}
