/**
 * Subscribing to many feeds as one job (feed bundles, OPML import): dedupe, groups, then each
 * new feed saved and first-fetched, at most 6 at once, with progress events.
 */
import { NOT_THE_FEED, refreshFeed } from '../feeds/refresh/pipeline';
import { refreshDeps } from '../feeds/refresh/deps';
import { failureOf, type JobBody } from '../jobs/jobs';
import type { JobFailure, JobSummary } from '../types';
import { ensureGroup } from './groupsByTitle';
import type { FeedServices } from './services';
import { feedUrlOf, findSubscribed } from './urlKey';
import { urlKey } from '../../shared/urlKey';

/** One feed to add. `groupTitle`: the group (found or created by title); absent = no group. */
export interface BulkEntry {
  url: string;
  title?: string;
  groupTitle?: string;
}

const CONCURRENCY = 6;

export interface Todo {
  url: string;
  title: string;
  groupTitle: string;
}

/** An entry skipped as already subscribed that names a group for it. */
export interface Elsewhere {
  feedId: number;
  groupTitle: string;
}

/**
 * Splits entries into new feeds, skipped ones (already subscribed or repeated) and bad ones (a
 * failure each). Shared by local bulk subscribing and a sync account's (worker/sync/subscribe.ts).
 * `elsewhere`: the skipped feeds already subscribed whose entry names a group (their first entry
 * each; the group may be the one they are in).
 */
export function planSubscriptions(
  s: Pick<FeedServices, 'ctx'>,
  entries: readonly BulkEntry[],
): { todo: Todo[]; invalid: JobFailure[]; skipped: number; elsewhere: Elsewhere[] } {
  const todo: Todo[] = [];
  const invalid: JobFailure[] = [];
  const elsewhere: Elsewhere[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const entry of entries) {
    const title = typeof entry?.title === 'string' ? entry.title.trim() : '';
    let url: string;
    try {
      url = feedUrlOf(entry?.url);
    } catch (err) {
      invalid.push(failureOf(err, { feedId: null, url: String(entry?.url ?? ''), title }));
      continue;
    }
    const key = urlKey(url);
    const groupTitle = typeof entry.groupTitle === 'string' ? entry.groupTitle.trim() : '';
    const followed = seen.has(key) ? undefined : findSubscribed(s.ctx, [url]);
    if (seen.has(key) || followed) {
      skipped++;
      seen.add(key);
      if (followed && groupTitle) elsewhere.push({ feedId: followed.id, groupTitle });
      continue;
    }
    seen.add(key);
    todo.push({ url, title, groupTitle });
  }
  return { todo, invalid, skipped, elsewhere };
}

/**
 * Starts a job that subscribes to `entries` and returns its id. `preSkipped` counts entries the
 * caller already dropped (duplicates inside an OPML file); they count as skipped and done.
 * `groupTitles` are groups to find or create even though no feed goes into them (empty OPML
 * folders).
 * A feed whose first fetch fails stays subscribed with its error recorded (a site that is down
 * today should not be lost from an import) and is listed in `failures` with its feedId; an
 * entry with an unusable address is listed with feedId null. On cancel, feeds whose first
 * fetch had not finished are removed again, so a cancelled job leaves only finished feeds.
 * Summary: added (subscribed and fetched), skipped, failed, newItems, and the feeds it
 * subscribed and groups it created (`feedIds`, `groupIds`: what undoing the job removes).
 * Feeds already subscribed that the entries put in another group stay where they are and are
 * listed in `elsewhere` with the entries' group (found or created like the others', so the page
 * can offer to move them there).
 */
export function startBulkSubscribe(
  s: FeedServices,
  kind: 'opml-import' | 'subscribe-many',
  entries: readonly BulkEntry[],
  preSkipped = 0,
  groupTitles: readonly string[] = [],
): string {
  const { todo, invalid, skipped, elsewhere } = planSubscriptions(s, entries);
  const run: JobBody = async (job) => {
    const summary: JobSummary = { added: 0, skipped: skipped + preSkipped, failed: 0, newItems: 0 };
    job.progress.done = summary.skipped;
    for (const failure of invalid) {
      job.fail(failure);
      job.progress.done++;
    }
    const groups = new Map<string, number>();
    const groupsBefore = new Set(s.ctx.groupCache.keys());
    const feedIds = new Set<number>();
    const wanted = [...groupTitles, ...todo.map((t) => t.groupTitle), ...elsewhere.map((e) => e.groupTitle)];
    for (const title of new Set(wanted.filter((t) => typeof t === 'string' && t.trim()))) {
      if (job.signal.aborted) break;
      groups.set(title, await ensureGroup(s, title));
    }
    const deps = refreshDeps(s, job.signal, (f) => job.fail(f));
    const addOne = async (entry: Todo): Promise<void> => {
      // Another tab or call may have subscribed meanwhile.
      if (findSubscribed(s.ctx, [entry.url])) return void summary.skipped++;
      const feedId = await s.feeds.save({
        url: entry.url,
        title: entry.title,
        groupId: groups.get(entry.groupTitle) ?? -1,
      });
      feedIds.add(feedId);
      const feed = s.ctx.feedCache.get(feedId)!;
      s.inFlight.add(feedId);
      try {
        const outcome = await refreshFeed(feed, deps, job.signal);
        if (outcome.error?.code === 'aborted' && job.signal.aborted) {
          await s.feeds.delete(feedId);
          feedIds.delete(feedId);
          return;
        }
        if (outcome.result === 'failed') {
          // A failure that is not the feed's records no feed status, so it is reported here (feeds
          // are reported by refreshDeps when their status is saved); a cancel is not a failure.
          if (outcome.error && outcome.error.code !== 'aborted' && NOT_THE_FEED.has(outcome.error.code))
            job.fail({
              feedId,
              url: feed.url,
              title: feed.title,
              reason: outcome.error.message,
              code: outcome.error.code,
            });
          return;
        }
        summary.added++;
        summary.newItems += outcome.added.length;
        job.progress.newItems = summary.newItems;
      } finally {
        s.inFlight.delete(feedId);
      }
    };
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < todo.length && !job.signal.aborted) {
        const entry = todo[next++]!;
        try {
          await addOne(entry);
        } catch (err) {
          job.fail(failureOf(err, { feedId: null, url: entry.url, title: entry.title }));
        }
        job.progress.done++;
        job.changed();
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, Math.max(1, todo.length)) }, worker));
    summary.failed = job.progress.failed;
    summary.feedIds = [...feedIds];
    summary.groupIds = [...groups.values()].filter((id) => !groupsBefore.has(id));
    const moves = elsewhere.flatMap(({ feedId, groupTitle }) => {
      const groupId = groups.get(groupTitle);
      const feed = s.ctx.feedCache.get(feedId);
      return groupId === undefined || !feed || feed.groupId === groupId ? [] : [{ feedId, groupId }];
    });
    if (moves.length > 0) summary.elsewhere = moves;
    return summary;
  };
  return s.jobs.start(kind, null, entries.length + preSkipped, run);
}
