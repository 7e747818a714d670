import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../i18n';
import { queryKeys } from '../queries/keys';
import { reloginAccount, type SyncStatus } from './api';
import { errorAdvice } from './errorAdvice';
import { Dialog } from '../components/Dialog';

/**
 * "Log in again" where a refused login shows (sidebar, welcome page, account page): asks only
 * for the password of the connected account; feeds, articles and the queue stay, and a sync
 * starts at once (sending the queue). A wrong password is said in the dialog; nothing changes.
 */
export function ReloginDialog({
  status,
  opened,
  onClose,
}: {
  status: SyncStatus;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ title: string; detail: string } | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await reloginAccount(password);
      await client.invalidateQueries({ queryKey: queryKeys.syncStatus });
      close();
    } catch (err) {
      setError(errorAdvice(err));
    } finally {
      setBusy(false);
      setPassword('');
    }
  };
  return (
    <Dialog opened={opened} onClose={close} title={t('syncFeed.relogin.title')} centered>
      <form
        data-testid="relogin-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('syncFeed.relogin.intro', { user: status.username, url: status.url })}</Text>
          <PasswordInput
            label={t('syncFeed.relogin.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            data-autofocus
            required
            data-testid="relogin-password"
          />
          {error && (
            <Alert color="red" title={error.title} data-testid="relogin-error">
              {error.detail}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('syncFeed.logoutPending.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!password} data-testid="relogin-submit">
              {t('syncFeed.relogin.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
