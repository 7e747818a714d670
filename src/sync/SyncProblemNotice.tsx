import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRelative, useT } from '../i18n';
import { runSync, waitingForServer, type SyncStatus } from './api';
import { ReloginDialog } from './ReloginDialog';

/**
 * A failing sync account with the action that fixes it: "Log in again" (the saved login is
 * refused), "Open account" (wrong address or certificate) or "Retry" (server down, network);
 * while the server's requested wait runs, when syncing resumes and "Sync anyway".
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
  // The server named a wait (Retry-After): syncs resume by themselves; the reader may insist.
  const waiting = waitingForServer(status);
  const action = waiting ? (
    <Button
      size="compact-xs"
      color="red"
      variant="light"
      onClick={() => void runSync({ force: true })}
      data-testid="sync-action-force"
    >
      {t('syncFeed.status.action.force')}
    </Button>
  ) : problem.action === 'relogin' ? (
    <Button size="compact-xs" color="red" onClick={() => setRelogin(true)} data-testid="sync-action-relogin">
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
        title={t(`syncFeed.status.problem.${waiting ? 'wait' : problem.action}`)}
        data-testid={testId}
        data-code={problem.code}
        data-action={waiting ? 'wait' : problem.action}
        styles={compact ? { title: { fontSize: 'var(--mantine-font-size-xs)', marginBottom: 2 } } : undefined}
      >
        <Text size="xs" lineClamp={compact ? 2 : undefined} mb={6} title={problem.message}>
          {problem.message}
        </Text>
        {waiting && (
          <Text size="xs" fw={500} mb={6} data-testid="sync-resumes">
            {t('syncFeed.status.resumes', { when: formatRelative(status.retryAt * 1000) })}
          </Text>
        )}
        <Group gap="xs">{action}</Group>
      </Alert>
      {problem.action === 'relogin' && (
        <ReloginDialog status={status} opened={relogin} onClose={() => setRelogin(false)} />
      )}
    </>
  );
}
