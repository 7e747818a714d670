import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { engineReady } from '../engine/client';
import { trackLastOpened } from '../screens/welcome/lastOpened';
import { t } from '../i18n';
import { showLoss, takeLoss } from './lostDatabase';
import { settleRestore } from './restoreNotices';
import { showSettingsProblem } from './SettingsNotice';
import { onJobFinished } from '../subscriptions/jobStore';
import { STORAGE_NOTICE_ID, StorageFullNotice } from './StorageFullNotice';

/**
 * Mount once near the root: finishes an interrupted restore, says so when a refresh ran out of
 * storage (known by the failures' `quota_exceeded` code; the engine stores nothing of a feed
 * whose write failed and does not back it off, so "Retry now" fetches it again), says after a
 * reload that the engine had lost its database (src/engine/bridge.ts reloads the page), shows
 * repaired settings, and records the last opened article for Welcome. Retention is the
 * engine's own business (worker/retention/retention.ts). Renders nothing.
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
