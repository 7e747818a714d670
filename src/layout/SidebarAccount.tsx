import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCloud, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatRelative, useT } from '../i18n';
import { runSync, waitingForServer } from '../sync/api';
import { SyncProblemNotice } from '../sync/SyncProblemNotice';
import { useSyncStatus } from '../sync/useSyncStatus';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The connected sync account in the sidebar: server and user (linking to /login), last sync,
 * changes waiting, a running sync, and a failure with the action that fixes it. Nothing when
 * no account is connected.
 */
export function SidebarAccount() {
  const t = useT();
  const { status, syncing } = useSyncStatus();
  if (!status?.connected) return null;
  // The server asked for a wait: the notice below says until when and offers "Sync anyway".
  const waiting = waitingForServer(status);
  const resumes = t('syncFeed.status.resumes', { when: formatRelative(status.retryAt * 1000) });
  const when = status.lastSync
    ? t('syncFeed.status.synced', { when: formatRelative(status.lastSync * 1000) })
    : t('syncFeed.status.never');
  return (
    <Stack
      gap={6}
      px="sm"
      py={6}
      data-testid="sidebar-account"
      data-state={status.problem ? 'failing' : 'ok'}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <UnstyledButton
          component={Link}
          to="/login"
          style={{ minWidth: 0, flex: 1 }}
          data-testid="sidebar-account-link"
        >
          <Group gap={6} wrap="nowrap">
            <IconCloud size={15} aria-hidden style={{ flex: 'none' }} />
            <Text size="xs" fw={600} truncate>
              {status.username}@{hostOf(status.url)}
            </Text>
          </Group>
        </UnstyledButton>
        <UnstyledButton
          onClick={() => void runSync()}
          aria-label={t('login.syncNow')}
          title={waiting ? resumes : t('login.syncNow')}
          disabled={syncing || waiting}
          data-testid="sidebar-account-sync"
        >
          <IconRefresh size={14} aria-hidden />
        </UnstyledButton>
      </Group>
      <Text size="xs" c="dimmed" data-testid="sidebar-account-summary" data-pending={status.pending}>
        {syncing ? t('syncFeed.status.syncing') : when}
        {status.pending > 0 && ` · ${t('syncFeed.status.pending', { count: status.pending })}`}
      </Text>
      <SyncProblemNotice status={status} syncing={syncing} compact />
    </Stack>
  );
}
