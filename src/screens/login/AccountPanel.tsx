import { Alert, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { JobProgressView } from '../../subscriptions/JobProgressView';
import { useRunningJobs, useJobs } from '../../subscriptions/jobStore';
import { logoutAccount, runSync, type SyncStatus } from '../../sync/api';
import { errorAdvice } from '../../sync/errorAdvice';
import { SYNC_STATUS_KEY } from './LoginScreen';

const KINDS = ['sync'] as const;

function when(seconds: number): string {
  return seconds ? new Date(seconds * 1000).toLocaleString() : 'never';
}

/** The connected account: sync progress, last sync, pending changes, "Sync now" and "Log out". */
export function AccountPanel({ status }: { status: SyncStatus }) {
  const client = useQueryClient();
  const running = useRunningJobs(KINDS);
  const jobs = useJobs();
  const lastJob = Object.values(jobs)
    .filter((j) => j.kind === 'sync')
    .sort((a, b) => b.startedAt - a.startedAt)[0];
  const [removeFeeds, setRemoveFeeds] = useState(false);
  const [error, setError] = useState<{ title: string; detail: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: SYNC_STATUS_KEY });

  const syncNow = async () => {
    setError(null);
    try {
      await runSync();
    } catch (err) {
      setError(errorAdvice(err));
    }
  };
  const logout = async () => {
    if (
      removeFeeds &&
      !(await confirm({
        title: 'Log out and delete feeds',
        message: `Delete the ${status.feeds} feeds this account brought, and their articles, from this browser? The server keeps them.`,
        confirmLabel: 'Delete and log out',
      }))
    )
      return;
    await logoutAccount(removeFeeds);
    await refresh();
  };

  return (
    <Stack maw={620} gap="sm" data-testid="account-panel">
      <Group gap="xs">
        <Badge data-testid="account-protocol">
          {status.protocol === 'fever' ? 'Fever API' : 'Google Reader API'}
        </Badge>
        <Text data-testid="account-url">{status.url}</Text>
        <Text c="dimmed">as {status.username}</Text>
      </Group>
      <Text size="sm" data-testid="account-summary">
        {status.feeds} feeds synced · last sync {when(status.lastSync)} ·{' '}
        <span data-testid="account-pending" data-pending={status.pending}>
          {status.pending} changes waiting
        </span>
      </Text>
      {status.protocol === 'fever' && (
        <Text size="sm" c="dimmed" data-testid="account-fever-note">
          The Fever API cannot change subscriptions: subscribe, unsubscribe, rename and move feeds on your
          server.
        </Text>
      )}
      {status.lastError && running.length === 0 && (
        <Alert
          color="red"
          title="The last sync failed"
          data-testid="account-error"
          data-code={status.lastErrorCode}
        >
          {status.lastError}
        </Alert>
      )}
      {error && (
        <Alert color="red" title={error.title}>
          {error.detail}
        </Alert>
      )}
      {(running[0] ?? lastJob) && <JobProgressView job={running[0] ?? lastJob!} />}
      <Group>
        <Button onClick={() => void syncNow()} loading={running.length > 0} data-testid="account-sync">
          Sync now
        </Button>
        <Button color="red" variant="light" onClick={() => void logout()} data-testid="account-logout">
          Log out
        </Button>
        <Checkbox
          label="Also delete the synced feeds from this browser"
          checked={removeFeeds}
          onChange={(e) => setRemoveFeeds(e.currentTarget.checked)}
          data-testid="account-remove-feeds"
        />
      </Group>
    </Stack>
  );
}
