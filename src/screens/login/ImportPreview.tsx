import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
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
  return (
    <Stack maw={520} gap="sm" data-testid="login-preview">
      <Text>
        Connected to <b>{preview.url}</b> as <b>{preview.username}</b>. The import brings:
      </Text>
      <List data-testid="login-preview-counts">
        <List.Item data-testid="preview-groups">{preview.groups} groups</List.Item>
        <List.Item data-testid="preview-feeds">{preview.feeds} feeds</List.Item>
        <List.Item data-testid="preview-unread">{preview.unread} unread articles</List.Item>
        <List.Item data-testid="preview-saved">{preview.saved} saved articles</List.Item>
      </List>
      {!preview.canEditSubscriptions && (
        <Text size="sm" c="dimmed" data-testid="login-fever-note">
          The Fever API cannot change subscriptions: subscribe, unsubscribe, rename and move feeds on your
          server.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Your own feeds stay as they are; the server's feeds are added beside them.
      </Text>
      {error && (
        <Alert color="red" title={error.title}>
          {error.detail}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void onImport()} data-testid="login-import">
          Import
        </Button>
      </Group>
    </Stack>
  );
}
