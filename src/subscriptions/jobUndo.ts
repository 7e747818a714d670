/**
 * Undo for a subscribing job this tab started (an OPML import, a bundle): when it ends having
 * subscribed to feeds, the notice offers Undo (and Z). Undoing goes through the ordinary
 * unsubscribe (feedActions.ts): it asks first, since it deletes the articles those feeds brought,
 * and its own notice offers Undo again while the engine keeps a copy. Groups the job created are
 * deleted when nothing is left in them (deleting one already gone does nothing). Jobs started in other tabs are not offered here.
 */
import type { JobProgress, JobSummary } from '../../worker/types';
import { t } from '../i18n';
import { recordUndoAction } from '../undo/undoStore';
import * as api from './api';
import { unsubscribeFeeds } from './feedActions';
import { jobsSnapshot, onJobFinished } from './jobStore';
import { subscribeCounts } from './subscribeCounts';

/**
 * Unsubscribes from the feeds the job added (asking first), then deletes the groups it created
 * that are left empty (a feed moved into one since keeps it). Resolves how many feeds went, or
 * null when the person said no or there was nothing left to remove. The unsubscribe's own Undo
 * brings the feeds back, their groups made again by the engine (worker/items/trash.ts).
 */
export async function removeAddedByJob(summary: JobSummary | null): Promise<number | null> {
  const wanted = new Set(summary?.feedIds ?? []);
  const feeds = await api.listFeeds();
  const added = feeds.filter((f) => wanted.has(f.id));
  if (!added.length) return null;
  if (!(await unsubscribeFeeds(added))) return null;
  const left = new Set(feeds.filter((f) => !wanted.has(f.id)).map((f) => f.groupId));
  for (const id of summary?.groupIds ?? []) if (!left.has(id)) await api.deleteGroup(id);
  return added.length;
}

function offer(job: JobProgress): void {
  const count = job.summary?.feedIds?.length ?? 0;
  if (!count) return;
  // The job's subscribed feeds include those whose first fetch failed (they stay subscribed and
  // are retried); the notice says so, counted as the job's summary counts them.
  const { unfetched } = subscribeCounts(job);
  const [plain, withUnfetched] =
    job.kind === 'opml-import'
      ? (['subscribe.jobs.importedUndo', 'subscribe.jobs.importedUndoUnfetched'] as const)
      : (['subscribe.jobs.subscribedUndo', 'subscribe.jobs.subscribedUndoUnfetched'] as const);
  recordUndoAction(
    count,
    (n) => (unfetched > 0 ? t(withUnfetched, { count: n, unfetched }) : t(plain, { count: n })),
    () => removeAddedByJob(job.summary),
  );
}

/**
 * Offers Undo for the job `jobId` when it finishes (or at once when it already has). Call right
 * after starting the job; works whether or not the screen that started it is still open.
 */
export function offerUndoWhenFinished(jobId: string): void {
  const known = jobsSnapshot()[jobId];
  if (known && known.state !== 'running') return offer(known);
  const off = onJobFinished((job) => {
    if (job.id !== jobId) return;
    off();
    offer(job);
  });
}
