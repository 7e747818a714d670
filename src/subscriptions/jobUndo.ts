/**
 * Undo for a subscribing job this tab started (an OPML import, a bundle): when it ends having
 * subscribed to feeds, the notice offers Undo (and Z). Undoing goes through the ordinary
 * unsubscribe (feedActions.ts): it asks first, since it deletes the articles those feeds brought,
 * and its own notice offers Undo again while the engine keeps a copy. Groups the job created are
 * deleted when nothing is left in them. Jobs started in other tabs are not offered here.
 */
import type { JobProgress, JobSummary } from '../../worker/types';
import { t } from '../i18n';
import { pendingUndo, recordUndoAction } from '../undo/undoStore';
import * as api from './api';
import { unsubscribeFeeds } from './feedActions';
import { jobsSnapshot, onJobFinished } from './jobStore';

/**
 * Unsubscribes from the feeds the job added (asking first), then deletes the groups it created
 * that are left empty (a feed moved into one since keeps it). Resolves how many feeds went, or
 * null when the person said no or there was nothing left to remove. When the engine kept a copy,
 * the unsubscribe's Undo brings the feeds back into groups of the same titles.
 */
export async function removeAddedByJob(summary: JobSummary | null): Promise<number | null> {
  const wanted = new Set(summary?.feedIds ?? []);
  const [feeds, groups] = await Promise.all([api.listFeeds(), api.listGroups()]);
  const added = feeds.filter((f) => wanted.has(f.id));
  if (!added.length) return null;
  if (!(await unsubscribeFeeds(added))) return null;
  const left = new Set(feeds.filter((f) => !wanted.has(f.id)).map((f) => f.groupId));
  const created = new Set(summary?.groupIds ?? []);
  const gone = groups.filter((g) => created.has(g.id) && !left.has(g.id));
  for (const group of gone) await api.deleteGroup(group.id);
  const unsubscribed = pendingUndo();
  if (gone.length && unsubscribed?.token?.flag === 'unsubscribed') {
    // The engine brings feeds back ungrouped when their group went: make the groups again.
    const token = unsubscribed.token;
    recordUndoAction(
      unsubscribed.count,
      unsubscribed.label,
      async () => {
        const restored = await api.undoChange(token);
        for (const group of gone) {
          const members = added.filter((f) => f.groupId === group.id).map((f) => f.id);
          if (members.length) await api.moveFeeds(members, await api.createGroup(group.title));
        }
        return restored;
      },
      unsubscribed.done ? { done: unsubscribed.done } : {},
    );
  }
  return added.length;
}

function offer(job: JobProgress): void {
  const count = job.summary?.feedIds?.length ?? 0;
  if (!count) return;
  recordUndoAction(
    count,
    (n) =>
      job.kind === 'opml-import'
        ? t('subscribe.jobs.importedUndo', { count: n })
        : t('subscribe.jobs.subscribedUndo', { count: n }),
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
