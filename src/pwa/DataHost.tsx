import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { engineReady } from '../engine/client';
import { withEngine } from '../queries/engine';
import { trackLastOpened } from '../screens/welcome/lastOpened';
import { settingsStore } from '../settings/useSettings';
import { t } from '../i18n';
import { showLoss, takeLoss } from './lostDatabase';
import { settleRestore } from './restoreNotices';
import { showSettingsProblem } from './SettingsNotice';
import { onJobFinished } from '../subscriptions/jobStore';
import { STORAGE_NOTICE_ID, StorageFullNotice } from './StorageFullNotice';

/** Runs retention (the `general.retentionDays` setting) once; logs instead of failing. */
export async function runRetention(): Promise<number> {
  const days = settingsStore.getSnapshot().general.retentionDays;
  if (!(days > 0)) return 0;
  try {
    const { removed } = await withEngine((e) => e.retention.apply(days));
    return removed;
  } catch (err) {
    console.warn('Rivulet: retention failed', err);
    return 0;
  }
}

/**
 * Mount once near the root: applies retention on start and after each refresh, says so when a
 * refresh ran out of storage (known by the failures' `quota_exceeded` code; the engine stores
 * nothing of a feed whose write failed and does not back it off, so "Retry now" fetches it
 * again), reloads when the engine lost its database under the app (then says so, with what is
 * stored now), shows repaired settings, and records the last opened article for Welcome.
 * Renders nothing.
 */
export function DataHost() {
  const client = useQueryClient();
  useEffect(() => trackLastOpened(client), [client]);
  // Settings that had to be repaired at start-up: say which, once the page is up.
  useEffect(() => showSettingsProblem(), []);
  useEffect(() => {
    let live = true;
    void engineReady()
      .then(async () => {
        // A restore the last session did not see through: finish it or say it did not happen.
        if (live) await settleRestore();
        return live ? runRetention() : 0;
      })
      .catch(() => {});
    // The database was lost before the last reload: say so, with what is stored now.
    const loss = takeLoss();
    if (loss)
      void engineReady()
        .then((info) => live && showLoss(loss, info.counts.items))
        .catch(() => {});
    // Engine events reach this through the job store (src/engine/bridge.ts routes them there).
    const stop = onJobFinished((job) => {
      if (job.kind === 'refresh') void runRetention();
      const full = job.failures.filter((f) => f.code === 'quota_exceeded');
      if (full.length) {
        // One notice at a time: a later failure replaces the earlier one.
        notifications.hide(STORAGE_NOTICE_ID);
        notifications.show({
          id: STORAGE_NOTICE_ID,
          color: 'red',
          title: t('robust.storage.title'),
          message: <StorageFullNotice failures={full} />,
          autoClose: false,
          'data-testid': 'quota-notice',
        });
      }
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return null;
}
