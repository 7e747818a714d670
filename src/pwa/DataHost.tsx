import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { engineReady, onEngineEvent } from '../engine/client';
import { withEngine } from '../queries/engine';
import { trackLastOpened } from '../screens/welcome/lastOpened';
import { settingsStore } from '../settings/useSettings';
import { t } from '../i18n';

const QUOTA = /quota/i;

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
 * refresh ran out of storage (the engine stores nothing of a feed whose write failed, so what
 * was stored stays intact), and records the last opened article for Welcome. Renders nothing.
 */
export function DataHost() {
  const client = useQueryClient();
  useEffect(() => trackLastOpened(client), [client]);
  useEffect(() => {
    let live = true;
    void engineReady()
      .then(() => (live ? runRetention() : 0))
      .catch(() => {});
    const warned = new Set<string>();
    const stop = onEngineEvent((e) => {
      if (e.type !== 'job' || e.job.state === 'running') return;
      if (e.job.kind === 'refresh') void runRetention();
      if (!warned.has(e.job.id) && e.job.failures.some((f) => QUOTA.test(f.reason))) {
        warned.add(e.job.id);
        notifications.show({
          color: 'red',
          title: t('download.pwa.fullTitle'),
          message: t('download.pwa.fullMessage'),
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
