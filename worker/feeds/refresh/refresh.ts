/** The `refresh` domain: manual refreshes by scope and the automatic "what is due" refresh. */
import { EngineError } from '../../errors';
import type { FeedServices } from '../../subscriptions/services';
import { selectFeeds, startRefreshJob, type RefreshScope } from './refreshJob';
import { isRefreshInterval, REFRESH_INTERVAL } from '../../../shared/refreshInterval';
import { isFeedDue } from './status';

export type { RefreshScope } from './refreshJob';

// One key per scope, so a second click on "refresh all" joins the running job.
const keyOf = (scope: RefreshScope) =>
  `refresh:${scope.scope}:${scope.scope === 'feeds' ? [...(scope.ids ?? [])].sort((a, b) => a - b).join(',') : (scope.id ?? '')}`;
const DUE_KEY = 'refresh:due';
/** Shortest interval `configure` accepts, seconds: protects the sites being polled. */
export const MIN_INTERVAL = REFRESH_INTERVAL.min;

/** The `refresh` domain of the engine API. */
export interface RefreshApi {
  /**
   * Starts refreshing a scope and returns the job id (progress as `job` events). Skips dead
   * feeds and feeds waiting out a backoff or Retry-After unless `force`. While a job of the
   * same scope runs, returns its id. Fails: EngineError('bad_input' | 'not_found').
   */
  start(scope: RefreshScope): Promise<string>;
  /**
   * Starts a job over the feeds that are due (interval passed since the last fetch; after a
   * failure, backoff / Retry-After passed; never dead ones); null when none is due. While a
   * 'due' or 'all' refresh runs, returns its id. O(feeds).
   */
  due(): Promise<string | null>;
  /** Sets the interval `due` uses (default 1800 s, 60 s to a day: interval.ts). Fails: EngineError('bad_input'). */
  configure(opts: { intervalSeconds: number }): Promise<void>;
}

/** Builds the refresh domain. */
export function createRefreshApi(s: FeedServices): RefreshApi {
  return {
    start: (scope) =>
      new Promise((resolve) => {
        const { feeds, skipped } = selectFeeds(s, scope);
        resolve(startRefreshJob(s, keyOf(scope), feeds, skipped));
      }),
    due() {
      const running = s.jobs.runningByKey(DUE_KEY) ?? s.jobs.runningByKey(keyOf({ scope: 'all' }));
      if (running) return Promise.resolve(running);
      const now = s.ctx.now();
      const due = [...s.ctx.feedCache.values()].filter(
        (f) => !f.account && isFeedDue(f, now, s.settings.intervalSeconds) && !s.inFlight.has(f.id),
      );
      return Promise.resolve(due.length ? startRefreshJob(s, DUE_KEY, due, 0) : null);
    },
    configure: (opts) =>
      new Promise((resolve) => {
        const seconds = opts?.intervalSeconds;
        if (!isRefreshInterval(seconds))
          throw new EngineError(
            'bad_input',
            `The refresh interval must be between ${REFRESH_INTERVAL.min} and ${REFRESH_INTERVAL.max} seconds`,
          );
        s.settings.intervalSeconds = Math.round(seconds);
        resolve();
      }),
  };
}
