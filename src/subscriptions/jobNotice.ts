import { t } from '../i18n';
import type { JobProgress } from '../../worker/types';

/** How many failed feeds a notification names before summarising the rest. */
const NAMED = 5;

/**
 * The notification text for a finished refresh that had failures, or null when nothing failed.
 * Names up to five feeds (title, else address) with their reasons, then "and N more"; in the
 * language in effect (the reasons stay as the engine wrote them).
 */
export function failureNotice(job: JobProgress): { title: string; message: string } | null {
  if (!job.failures.length) return null;
  const n = job.failures.length;
  const lines = job.failures
    .slice(0, NAMED)
    .map((f) => t('subscribe.jobs.failureLine', { feed: f.title || f.url, reason: f.reason }));
  if (n > NAMED) lines.push(t('subscribe.jobs.failuresMore', { count: n - NAMED }));
  return {
    title: t('subscribe.jobs.failuresTitle', { count: n }),
    message: lines.join('\n'),
  };
}
