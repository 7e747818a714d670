import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import type { JobFailure, JobProgress } from '../../worker/types';

/** How many failed feeds a notification names before summarising the rest. */
const NAMED = 5;

/** Failure codes that are this browser's storage failing, not the feed (worker/feeds/refresh/pipeline.ts). */
export const STORAGE_FAILURES: ReadonlySet<string> = new Set(['quota_exceeded', 'db_lost']);

/** Whether a job failure is a storage failure (decided by its code, never its text). */
export const isStorageFailure = (f: JobFailure): boolean => STORAGE_FAILURES.has(f.code ?? '');

/**
 * Whether every failure of a refresh is the Rivulet server not answering (`network`: it is
 * stopped, or the app runs offline): then no feed is at fault, and one sentence says so.
 */
export const serverUnreachable = (failures: readonly JobFailure[]): boolean =>
  failures.length > 0 && failures.every((f) => f.code === 'network');

/**
 * Words for one failure: a storage failure (whose reason is the browser's own text, such as
 * "Error adding data: QuotaExceededError") gets a sentence for people; a feed's reason is
 * the engine's wording in English and the translation of its code in Chinese (errorText).
 */
export function failureWords(f: JobFailure): string {
  if (f.code === 'quota_exceeded') return t('engineErrors.quota_exceeded');
  if (f.code === 'db_lost') return t('engineErrors.db_lost');
  // The engine's text names the proxy and the browser's "Failed to fetch": not for people.
  if (f.code === 'network') return t('engineErrors.network');
  return errorText({ code: f.code, message: f.reason });
}

/**
 * The notification text for a finished refresh that had failures, or null when nothing failed.
 * Names up to five feeds (title, else address) with their reasons, then "and N more"; in the
 * language in effect (feed reasons stay as the engine wrote them). `details` holds the raw
 * reasons of the failures whose words replaced them, for a disclosure; absent when none did.
 */
export function failureNotice(job: JobProgress): { title: string; message: string; details?: string } | null {
  if (!job.failures.length) return null;
  if (serverUnreachable(job.failures))
    return { title: t('upkeep.refresh.serverDownTitle'), message: t('upkeep.refresh.serverDownLine') };
  const n = job.failures.length;
  const named = job.failures.slice(0, NAMED);
  const lines = named.map((f) =>
    t('subscribe.jobs.failureLine', { feed: f.title || f.url, reason: failureWords(f) }),
  );
  if (n > NAMED) lines.push(t('subscribe.jobs.failuresMore', { count: n - NAMED }));
  const raw = named
    .filter((f) => failureWords(f) !== f.reason)
    .map((f) => `${f.title || f.url}: ${f.reason}${f.code ? ` (${f.code})` : ''}`);
  return {
    title: t('subscribe.jobs.failuresTitle', { count: n }),
    message: lines.join('\n'),
    ...(raw.length ? { details: raw.join('\n') } : {}),
  };
}
