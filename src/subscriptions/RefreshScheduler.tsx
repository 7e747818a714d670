import { useEffect } from 'react';
import { useSettingsGroup } from '../settings/useSettings';
import { configureFullText, configureRefresh, configureRetention, refreshDue } from './api';
import { syncJob } from './jobStore';
import { startSchedule } from './refreshSchedule';

/**
 * Automatic refresh (mount once): while `general.autoRefresh` is on, asks the engine to refresh
 * the feeds that are due every `general.refreshInterval` seconds, and when the tab shows again
 * after the interval passed. Tells the engine the interval and the retention policy
 * (`general.retentionDays`, which the engine applies after each refresh by itself) whenever they
 * change, and whether whole-article fetches (reader and background) may reach private networks.
 * Renders nothing.
 */
export function RefreshScheduler() {
  const { autoRefresh, refreshInterval, retentionDays, allowPrivateNetworks } = useSettingsGroup('general');

  useEffect(() => {
    configureRetention(retentionDays).catch((err: unknown) =>
      console.warn('Rivulet: could not set the retention policy', err),
    );
  }, [retentionDays]);

  useEffect(() => {
    configureFullText(allowPrivateNetworks).catch((err: unknown) =>
      console.warn('Rivulet: could not pass the private-network setting on', err),
    );
  }, [allowPrivateNetworks]);

  useEffect(() => {
    configureRefresh(refreshInterval).catch((err: unknown) =>
      console.warn('Rivulet: could not set the refresh interval', err),
    );
  }, [refreshInterval]);

  useEffect(() => {
    if (!autoRefresh) return;
    const schedule = startSchedule({
      intervalSeconds: refreshInterval,
      run: () => {
        refreshDue()
          .then((id) => (id ? syncJob(id) : null))
          .catch((err: unknown) => console.warn('Rivulet: automatic refresh did not start', err));
      },
    });
    const onVisibility = () => schedule.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      schedule.stop();
    };
  }, [autoRefresh, refreshInterval]);

  return null;
}
