/**
 * Refreshing feeds: conditional fetch → (skip if 304 or same body) → read → ingest → status.
 * The engine supplies storage through `deps`; this module owns only the order of steps.
 */
import { toErrorShape } from '../../errors';
import type { EngineErrorShape, Feed, FeedStatus, IncomingItem } from '../../types';
import type { FetchResult } from '../../formats/fetcher';
import { hashBytes } from '../../../shared/hash';
import { loadReadFeed } from '../../formats/lazyRead';
import { planStatus, type FetchOutcome } from './refreshPolicy';

/** Feed fields the refresh may change besides its status. */
export interface FeedPatch {
  url?: string;
  title?: string;
  siteUrl?: string;
  language?: string;
}

export interface RefreshDeps {
  fetchFeed(
    url: string,
    opts: { etag?: string; lastModified?: string; signal?: AbortSignal },
  ): Promise<FetchResult>;
  ingest(feedId: number, items: IncomingItem[]): Promise<{ added: number[]; updated: number[] }>;
  /**
   * Optional: stores the items and a successful status (with `patch`) in one transaction, so a
   * refreshed feed costs one commit instead of two. Used only for a status without an error.
   */
  ingestWithStatus?(
    feedId: number,
    items: IncomingItem[],
    status: FeedStatus,
    patch: FeedPatch,
  ): Promise<{ added: number[]; updated: number[] }>;
  saveStatus(feedId: number, status: FeedStatus, patch: FeedPatch): Promise<void>;
  /** Unix seconds; defaults to the clock. */
  now?: () => number;
}

export interface RefreshOutcome {
  feedId: number;
  result: 'updated' | 'not_modified' | 'unchanged' | 'failed' | 'skipped';
  added: number[];
  updated: number[];
  error?: EngineErrorShape;
}

const clock = () => Math.floor(Date.now() / 1000);

/**
 * Error codes that mean this browser's storage failed, not the feed: the quota is used up, or
 * the database is gone (deleted under the running app). See worker/db/dbErrors.ts.
 */
export const STORAGE_ERRORS: ReadonlySet<string> = new Set(['quota_exceeded', 'db_lost']);

/**
 * Error codes that say nothing about the feed, so a refresh that meets one records no status (no
 * failure count, no backoff, no "failing" mark): the storage errors above, the Rivulet server
 * itself not reachable (`network`: stopped, or the app runs offline) and a cancelled refresh
 * (`aborted`). Without this, an installed app left open while the server was stopped marked
 * every feed failing and pushed its next automatic fetch up to a day away.
 */
export const NOT_THE_FEED: ReadonlySet<string> = new Set([...STORAGE_ERRORS, 'network', 'aborted']);

function statusOf(feed: Feed): FeedStatus {
  const {
    lastFetched,
    lastSuccess,
    error,
    errorCode,
    httpStatus,
    etag,
    lastModified,
    failures,
    nextFetchAfter,
    dead,
    bodyHash,
  } = feed;
  return {
    lastFetched,
    lastSuccess,
    error,
    errorCode,
    httpStatus,
    etag,
    lastModified,
    failures,
    nextFetchAfter,
    dead,
    bodyHash,
  };
}

/**
 * Refreshes one feed. Sends the stored validators; on 304 or an identical body hash it skips
 * parsing and ingest. Fills an empty title/site URL from the feed, takes the language it declares
 * when that changed, and moves the URL on a permanent redirect (through `patch`). Never throws for feed problems: they are recorded in
 * the saved status and returned as `failed`; only a failing `saveStatus` propagates. A storage
 * failure while ingesting, an unreachable server or a cancel (NOT_THE_FEED) is returned as `failed`
 * with nothing recorded.
 */
export async function refreshFeed(
  feed: Feed,
  deps: RefreshDeps,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  const now = deps.now ?? clock;
  const prev = statusOf(feed);
  let outcome: FetchOutcome;
  let items: IncomingItem[] | null = null;
  const patch: FeedPatch = {};
  const empty = { added: [] as number[], updated: [] as number[] };
  let ingested = empty;
  try {
    const result = await deps.fetchFeed(feed.url, {
      etag: feed.etag || undefined,
      lastModified: feed.lastModified || undefined,
      signal,
    });
    const ok = result.status >= 200 && result.status < 300 && !result.notModified;
    const bodyHash = ok ? hashBytes(result.bytes) : undefined;
    outcome = { kind: 'response', result, bodyHash };
    if (ok && bodyHash !== feed.bodyHash) {
      try {
        const readFeed = await loadReadFeed();
        const parsed = readFeed(result.bytes, result.contentType, result.finalUrl || feed.url);
        items = parsed.items;
        if (!feed.title && parsed.title) patch.title = parsed.title;
        if (!feed.siteUrl && parsed.link) patch.siteUrl = parsed.link;
        // A feed that stops declaring one keeps the last it declared: its stored articles
        // that inherited it are still in it.
        if (parsed.language && parsed.language !== feed.language) patch.language = parsed.language;
      } catch (err) {
        // Keep the old hash so the same broken body is re-read (and reported) next time.
        outcome = { kind: 'response', result, error: toErrorShape(err) };
      }
    }
    if (items && deps.ingestWithStatus) {
      const plan = planStatus(prev, outcome, { now: now() });
      if (!plan.status.errorCode) {
        if (plan.newUrl && plan.newUrl !== feed.url) patch.url = plan.newUrl;
        ingested = await deps.ingestWithStatus(feed.id, items, plan.status, patch);
        return { feedId: feed.id, result: 'updated', ...ingested };
      }
    }
    if (items) ingested = await deps.ingest(feed.id, items);
  } catch (err) {
    const error = toErrorShape(err);
    // The browser could not store what the feed sent, the server could not be reached, or the
    // refresh was cancelled: the feed did nothing wrong. Record no status at all (no backoff, and
    // no validators or body hash for items that were not kept), so the next refresh, automatic
    // or "Refresh all", fetches and stores it again.
    if (NOT_THE_FEED.has(error.code)) return { feedId: feed.id, result: 'failed', ...empty, error };
    outcome = { kind: 'failure', error };
  }
  const plan = planStatus(prev, outcome, { now: now() });
  if (plan.newUrl && plan.newUrl !== feed.url) patch.url = plan.newUrl;
  await deps.saveStatus(feed.id, plan.status, patch);
  if (plan.status.errorCode)
    return {
      feedId: feed.id,
      result: 'failed',
      ...empty,
      error: { code: plan.status.errorCode, message: plan.status.error },
    };
  if (outcome.kind === 'response' && outcome.result.notModified)
    return { feedId: feed.id, result: 'not_modified', ...empty };
  if (!items) return { feedId: feed.id, result: 'unchanged', ...empty };
  return { feedId: feed.id, result: 'updated', ...ingested };
}

export interface RefreshManyOptions {
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number; failed: number }) => void;
}

/**
 * Refreshes feeds with at most `concurrency` (default 6) in flight. One broken feed never stops
 * the others: even an unexpected throw (e.g. from saveStatus) becomes that feed's `failed`
 * outcome. After `signal` aborts, feeds not yet started are returned as `skipped`. Outcomes are
 * in the order of `feeds`; `onProgress` is called after each feed.
 */
export async function refreshMany(
  feeds: readonly Feed[],
  deps: RefreshDeps,
  opts: RefreshManyOptions = {},
): Promise<RefreshOutcome[]> {
  const outcomes: RefreshOutcome[] = new Array<RefreshOutcome>(feeds.length);
  let next = 0;
  let done = 0;
  let failed = 0;
  const worker = async (): Promise<void> => {
    while (next < feeds.length) {
      const i = next++;
      const feed = feeds[i]!;
      let outcome: RefreshOutcome;
      if (opts.signal?.aborted) {
        outcome = { feedId: feed.id, result: 'skipped', added: [], updated: [] };
      } else {
        try {
          outcome = await refreshFeed(feed, deps, opts.signal);
        } catch (err) {
          outcome = { feedId: feed.id, result: 'failed', added: [], updated: [], error: toErrorShape(err) };
        }
      }
      outcomes[i] = outcome;
      done++;
      if (outcome.result === 'failed') failed++;
      opts.onProgress?.({ done, total: feeds.length, failed });
    }
  };
  const n = Math.max(1, Math.min(opts.concurrency ?? 6, feeds.length));
  await Promise.all(Array.from({ length: n }, worker));
  return outcomes;
}
