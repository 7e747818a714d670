import type { JobProgress } from '../../worker/types';

/** How many failed feeds a notification names before summarising the rest. */
const NAMED = 5;

/**
 * The notification text for a finished refresh that had failures, or null when nothing failed.
 * Names up to five feeds (title, else address) with their reasons, then "and N more".
 */
export function failureNotice(job: JobProgress): { title: string; message: string } | null {
  if (!job.failures.length) return null;
  const n = job.failures.length;
  const lines = job.failures.slice(0, NAMED).map((f) => `${f.title || f.url}: ${f.reason}`);
  if (n > NAMED) lines.push(`and ${n - NAMED} more`);
  return {
    title: n === 1 ? '1 feed could not be updated' : `${n} feeds could not be updated`,
    message: lines.join('\n'),
  };
}
