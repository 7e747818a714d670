import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { runSync, type SyncStatus } from './api';
import { ReloginDialog } from './ReloginDialog';

/**
 * A failing sync account with the action that fixes it: "Log in again" (the saved login is
 * refused), "Open account" (wrong address or certificate) or "Retry" (server down, network).
 * `compact` for the sidebar. Renders nothing while the account is fine or a sync is running.
 */
export function SyncProblemNotice({
  status,
  syncing,
  compact = false,
  testId = 'sync-problem',
}: {
  status: SyncStatus;
  syncing: boolean;
  compact?: boolean;
  testId?: string;
}) {
  const t = useT();
  const [relogin, setRelogin] = useState(false);
  const problem = status.problem;
  if (!problem || syncing) return null;
  const action =
    problem.action === 'relogin' ? (
      <Button
        size="compact-xs"
        color="red"
        onClick={() => setRelogin(true)}
        data-testid="sync-action-relogin"
      >
        {t('syncFeed.status.action.relogin')}
      </Button>
    ) : problem.action === 'settings' ? (
      <Button
        size="compact-xs"
        color="red"
        variant="light"
        component={Link}
        to="/login"
        data-testid="sync-action-settings"
      >
        {t('syncFeed.status.action.settings')}
      </Button>
    ) : (
      <Button
        size="compact-xs"
        color="red"
        variant="light"
        onClick={() => void runSync()}
        data-testid="sync-action-retry"
      >
        {t('syncFeed.status.action.retry')}
      </Button>
    );
  return (
    <>
      <Alert
        color="red"
        variant="light"
        p={compact ? 8 : undefined}
        icon={compact ? undefined : <IconAlertTriangle size={18} />}
        title={t(`syncFeed.status.problem.${problem.action}`)}
        data-testid={testId}
        data-code={problem.code}
        data-action={problem.action}
        styles={compact ? { title: { fontSize: 'var(--mantine-font-size-xs)', marginBottom: 2 } } : undefined}
      >
        <Text size="xs" lineClamp={compact ? 2 : undefined} mb={6} title={problem.message}>
          {problem.message}
        </Text>
        <Group gap="xs">{action}</Group>
      </Alert>
      {problem.action === 'relogin' && (
        <ReloginDialog status={status} opened={relogin} onClose={() => setRelogin(false)} />
      )}
    </>
  );
}
