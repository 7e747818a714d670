/**
 * Refresh actions any screen can call (sidebar, feed list, the items header, the `R` key).
 */
import { notifications } from '@mantine/notifications';
import { t } from '../i18n';
import { type RefreshScope, startRefreshJob } from './api';
import { jobsSnapshot, syncJob } from './jobStore';
import { errorText } from '../i18n/errorText';
import { reportJobs } from './refreshReport';

/**
 * Starts refreshing a feed, some feeds, a group or everything and resolves with the job id; the
 * progress bar follows it through `job` events and turns into its summary when it ends. When the engine refuses (not started, bad scope) the
 * error is shown as a notification and the promise resolves null, so callers need no catch.
 */
export async function startRefresh(scope: RefreshScope): Promise<string | null> {
  try {
    const id = await startRefreshJob(scope);
    // Asked for by the user: its summary shows above the main area when it ends.
    reportJobs([id], jobsSnapshot());
    // The first events may have gone out before this tab was listening.
    void syncJob(id).catch(() => undefined);
    return id;
  } catch (err) {
    notifications.show({
      color: 'red',
      title: t('subscribe.jobs.refreshFailed'),
      message: errorText(err),
    });
    return null;
  }
}

/** The refresh scope of an app path: a feed's or group's list refreshes that, anything else all. */
export function refreshScopeForPath(pathname: string): RefreshScope {
  const m = /^\/(feed|f|group|c)\/(-1|[1-9]\d{0,14})\/?$/.exec(pathname);
  if (m) return { scope: m[1] === 'feed' || m[1] === 'f' ? 'feed' : 'group', id: Number(m[2]) };
  return { scope: 'all' };
}
