import { Alert, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { type Translate, formatDate, useT } from '../../i18n';
import { JobProgressView } from '../../subscriptions/JobProgressView';
import { useRunningJobs, useJobs } from '../../subscriptions/jobStore';
import { logoutAccount, runSync, waitForJob, waitingForServer, type SyncStatus } from '../../sync/api';
import { errorAdvice } from '../../sync/errorAdvice';
import { SyncProblemNotice } from '../../sync/SyncProblemNotice';
import { LeftServerNotice } from '../../sync/LeftServerNotice';
import { queryKeys } from '../../queries/keys';
import { Dialog } from '../../components/Dialog';

const KINDS = ['sync'] as const;

function when(t: Translate, seconds: number): string {
  return seconds ? formatDate(seconds * 1000) : t('common.never');
}

/** The connected account: sync progress, last sync, pending changes, "Sync now" and "Log out". */
export function AccountPanel({ status }: { status: SyncStatus }) {
  const t = useT();
  const client = useQueryClient();
  const running = useRunningJobs(KINDS);
  const jobs = useJobs();
  const lastJob = Object.values(jobs)
    .filter((j) => j.kind === 'sync')
    .sort((a, b) => b.startedAt - a.startedAt)[0];
  const [removeFeeds, setRemoveFeeds] = useState(false);
  const [error, setError] = useState<{ title: string; detail: string } | null>(null);
  const [askPending, setAskPending] = useState(false);
  const [sending, setSending] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.syncStatus });

  const syncNow = async () => {
    setError(null);
    try {
      await runSync();
    } catch (err) {
      setError(errorAdvice(err));
    }
  };
  /** Sends the waiting changes, then logs out; a failed sync keeps the account and says why. */
  const sendThenLogout = async () => {
    setSending(true);
    setError(null);
    try {
      const job = await waitForJob(await runSync());
      if (job && job.failed > 0) {
        setAskPending(false);
        await refresh();
        return;
      }
      setAskPending(false);
      await logoutAccount(removeFeeds);
      await refresh();
    } catch (err) {
      setError(errorAdvice(err));
    } finally {
      setSending(false);
    }
  };
  const logout = async () => {
    if (status.pending > 0 && !askPending) return setAskPending(true);
    setAskPending(false);
    if (
      removeFeeds &&
      !(await confirm({
        title: t('login.logoutTitle'),
        message: t('login.logoutMessage', { count: status.feeds }),
        confirmLabel: t('login.logoutConfirm'),
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
          {status.protocol === 'fever' ? t('login.fever') : t('login.greader')}
        </Badge>
        <Text data-testid="account-url">{status.url}</Text>
        <Text c="dimmed">{t('login.as', { user: status.username })}</Text>
      </Group>
      <Text size="sm" data-testid="account-summary">
        {t('login.feedsSynced', { count: status.feeds })} ·{' '}
        {t('login.lastSync', { when: when(t, status.lastSync) })} ·{' '}
        <span data-testid="account-pending" data-pending={status.pending}>
          {t('login.pending', { count: status.pending })}
        </span>
      </Text>
      {status.protocol === 'fever' && (
        <Text size="sm" c="dimmed" data-testid="account-fever-note">
          {t('login.feverNote')}
        </Text>
      )}
      <SyncProblemNotice status={status} syncing={running.length > 0} testId="account-error" />
      <LeftServerNotice status={status} />
      {error && (
        <Alert color="red" title={error.title}>
          {error.detail}
        </Alert>
      )}
      {(running[0] ?? lastJob) && <JobProgressView job={running[0] ?? lastJob!} />}
      <Group>
        <Button
          onClick={() => void syncNow()}
          loading={running.length > 0}
          // While the server's wait runs, the notice above says when syncing resumes and offers
          // "Sync anyway"; a plain "Sync now" would only be refused.
          disabled={waitingForServer(status)}
          data-testid="account-sync"
        >
          {t('login.syncNow')}
        </Button>
        <Button color="red" variant="light" onClick={() => void logout()} data-testid="account-logout">
          {t('login.logout')}
        </Button>
        <Checkbox
          label={t('login.alsoDelete')}
          checked={removeFeeds}
          onChange={(e) => setRemoveFeeds(e.currentTarget.checked)}
          data-testid="account-remove-feeds"
        />
      </Group>
      <Dialog
        opened={askPending}
        onClose={() => setAskPending(false)}
        title={t('syncFeed.logoutPending.title')}
        centered
      >
        <Stack gap="sm" data-testid="logout-pending">
          <Text size="sm">{t('syncFeed.logoutPending.message', { count: status.pending })}</Text>
          <Text size="sm" c="dimmed">
            {t('syncFeed.logoutPending.keep')}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAskPending(false)}>
              {t('syncFeed.logoutPending.cancel')}
            </Button>
            <Button variant="light" color="red" onClick={() => void logout()} data-testid="logout-anyway">
              {t('syncFeed.logoutPending.anyway')}
            </Button>
            <Button
              onClick={() => void sendThenLogout()}
              loading={sending}
              disabled={status.problem?.action === 'relogin'}
              data-testid="logout-send-first"
            >
              {t('syncFeed.logoutPending.send')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
