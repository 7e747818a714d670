import { Alert, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Screen } from '../../components/Screen';
import { useT } from '../../i18n';
import { onEngineEvent } from '../../engine/client';
import { connectJobEvents } from '../../subscriptions/jobStore';
import { SYNC_STATUS_KEY } from '../../queries/keys';
import { syncStatus } from '../../sync/api';
import { AccountPanel } from './AccountPanel';
import { LoginForm } from './LoginForm';

/** The login screen: the form when no account is connected, the account panel otherwise. */
export function LoginScreen() {
  const t = useT();
  const client = useQueryClient();
  const status = useQuery({ queryKey: SYNC_STATUS_KEY, queryFn: syncStatus });
  useEffect(() => {
    connectJobEvents();
    // A finished sync changes last-sync time, errors and the queue length.
    return onEngineEvent((e) => {
      if (e.type === 'job' && e.job.kind === 'sync' && e.job.state !== 'running')
        void client.invalidateQueries({ queryKey: SYNC_STATUS_KEY });
      if (e.type === 'read-changed' || e.type === 'saved-changed')
        void client.invalidateQueries({ queryKey: SYNC_STATUS_KEY });
    });
  }, [client]);
  return (
    <Screen id="login" title={t('login.title')} subtitle={t('login.subtitle')}>
      {status.isPending && <Loader size="sm" />}
      {status.isError && (
        <Alert color="red" data-testid="sync-status-error">
          {status.error.message}
        </Alert>
      )}
      {status.data && !status.data.connected && <LoginForm />}
      {status.data?.connected && <AccountPanel status={status.data} />}
    </Screen>
  );
}
