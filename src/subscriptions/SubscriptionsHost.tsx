import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { bindKeys } from '../keys/keyMap';
import { Disclosure } from '../pwa/Disclosure';
import { useShortcuts } from '../reader/shortcuts';
import { settingsStore } from '../settings/useSettings';
import { onJobFinished } from './jobStore';
import { failureNotice } from './jobNotice';
import { isReported } from './refreshReport';
import { RefreshScheduler } from './RefreshScheduler';
import { RuleAiSettings } from '../rules/RuleAiSettings';
import { refreshScopeForPath, startRefresh } from './refreshActions';
import { TextPromptHost } from './TextPrompt';

/**
 * Mount once inside the router: follows job events, runs the automatic refresh, binds `R`
 * (refresh what the current address shows), hosts the text prompt dialog and, when
 * `general.pullDataFail` is on, raises a notification naming the feeds an automatic refresh
 * could not fetch (a refresh the user started shows its own summary). Renders nothing visible.
 */
export function SubscriptionsHost() {
  const { pathname } = useLocation();
  useEffect(() => {
    return onJobFinished((job) => {
      if (job.kind !== 'refresh' || !settingsStore.getSnapshot().general.pullDataFail) return;
      // A refresh the user asked for has its summary above the main area already.
      if (isReported(job.id)) return;
      const notice = failureNotice(job);
      if (notice)
        notifications.show({
          title: notice.title,
          message: notice.details ? (
            <>
              {notice.message}
              <Disclosure text={notice.details} testId="refresh-failed-details" />
            </>
          ) : (
            notice.message
          ),
          color: 'orange',
          autoClose: 10_000,
          styles: { description: { whiteSpace: 'pre-line' } },
          'data-testid': 'refresh-failed-notice',
        });
    });
  }, []);
  useShortcuts(bindKeys('everywhere', { refresh: () => void startRefresh(refreshScopeForPath(pathname)) }));
  return (
    <>
      <RefreshScheduler />
      <RuleAiSettings />
      <TextPromptHost />
    </>
  );
}
