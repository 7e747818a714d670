import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Screen } from '../../components/Screen';
import { useT } from '../../i18n';
import { syncStatusQuery } from '../../sync/api';
import { AccountPanel } from './AccountPanel';
import { LoginForm } from './LoginForm';

/** The login screen: the form when no account is connected, the account panel otherwise. */
export function LoginScreen() {
  const t = useT();
  // Kept fresh by engine events (a finished sync, read and saved changes): src/engine/events.ts.
  const status = useQuery(syncStatusQuery());
  // Connecting stores the account before its import starts, and any engine event may refresh the
  // status meanwhile (re-attached feeds do at once): the form stays until its preview is answered,
  // or the panel would take the place of the preview and its Import button.
  const [previewing, setPreviewing] = useState(false);
  return (
    <Screen id="login" title={t('login.title')} subtitle={t('login.subtitle')}>
      {status.isPending && <Loader size="sm" />}
      {status.isError && (
        <Alert color="red" data-testid="sync-status-error">
          {status.error.message}
        </Alert>
      )}
      {status.data && (!status.data.connected || previewing) && <LoginForm onPreview={setPreviewing} />}
      {status.data?.connected && !previewing && <AccountPanel status={status.data} />}
    </Screen>
  );
}
