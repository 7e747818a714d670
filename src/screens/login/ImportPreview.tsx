import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { tRich, useT } from '../../i18n';
import type { ConnectPreview } from '../../sync/api';

/** What the first sync would import, and the button that starts it. */
export function ImportPreview({
  preview,
  onImport,
  error,
}: {
  preview: ConnectPreview;
  onImport: () => Promise<void>;
  error: { title: string; detail: string } | null;
}) {
  const t = useT();
  return (
    <Stack maw={520} gap="sm" data-testid="login-preview">
      <Text>
        {tRich('login.connectedTo', { url: <b>{preview.url}</b>, user: <b>{preview.username}</b> })}
      </Text>
      <List data-testid="login-preview-counts">
        <List.Item data-testid="preview-groups">{t('login.groups', { count: preview.groups })}</List.Item>
        <List.Item data-testid="preview-feeds">{t('login.feeds', { count: preview.feeds })}</List.Item>
        <List.Item data-testid="preview-unread">{t('login.unread', { count: preview.unread })}</List.Item>
        <List.Item data-testid="preview-saved">{t('login.saved', { count: preview.saved })}</List.Item>
      </List>
      {!preview.canEditSubscriptions && (
        <Text size="sm" c="dimmed" data-testid="login-fever-note">
          {t('login.feverNote')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('login.ownFeedsStay')}
      </Text>
      {error && (
        <Alert color="red" title={error.title}>
          {error.detail}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void onImport()} data-testid="login-import">
          {t('login.import')}
        </Button>
      </Group>
    </Stack>
  );
}
