import type { JobProgress } from '../../worker/types';

/** What a finished subscribing job (an OPML import, a bundle) did, counted one way for every line that says so. */
export interface SubscribeCounts {
  /** Feeds it subscribed to and that are still subscribed (what undoing it removes). */
  added: number;
  /** Of those, the ones whose first fetch failed: subscribed, to be retried. */
  unfetched: number;
  /** Entries already followed (or listed twice), left alone. */
  skipped: number;
  /** Entries nothing was stored for (an unusable address, a storage failure before the save). */
  notAdded: number;
  newItems: number;
}

/**
 * Counts a subscribing job from its summary and failures. The engine's `summary.added` counts
 * only the feeds that were subscribed *and* fetched, and its `failed` counts the subscribed feeds
 * that could not be fetched as well as the entries never stored; people read "added" as
 * "now followed", as the Undo notice and "Remove the N feeds it added" do (`feedIds`), so that is
 * what `added` is here, with the unfetched ones counted among them.
 */
export function subscribeCounts(job: JobProgress): SubscribeCounts {
  const s = job.summary ?? { added: 0, skipped: 0, failed: job.failed, newItems: job.newItems ?? 0 };
  const stored = new Set(job.failures.flatMap((f) => (f.feedId === null ? [] : [f.feedId])));
  // Records from before `feedIds` existed: the stored failures were subscribed too.
  const subscribed = s.feedIds ? new Set(s.feedIds) : null;
  // `added` counts the subscribed feeds that were fetched; the rest of `feedIds` were not.
  const unfetched = subscribed ? Math.max(0, subscribed.size - s.added) : stored.size;
  const added = subscribed ? subscribed.size : s.added + stored.size;
  const notAdded = job.failures.filter(
    (f) => f.feedId === null || (subscribed && !subscribed.has(f.feedId)),
  ).length;
  return { added, unfetched, skipped: s.skipped, notAdded, newItems: s.newItems };
}
