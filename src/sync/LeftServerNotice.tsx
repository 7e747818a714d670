import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate, useT } from '../i18n';
import { queryKeys } from '../queries/keys';
import { listFeeds } from '../subscriptions/api';
import { unsubscribeFeeds } from '../subscriptions/feedActions';
import { keepLeftFeeds, type SyncStatus } from './api';

/**
 * Feeds the account's server stopped listing while they held articles the reader saved, tagged or
 * highlighted (unsubscribed on another device, hidden in FreshRSS): the engine kept them as local
 * feeds with every article (worker/sync/leftServer.ts). Each names what of it is the reader's own,
 * and can be kept, or removed here too (an unsubscribe, with Undo).
 */
export function LeftServerNotice({ status }: { status: SyncStatus }) {
  const t = useT();
  const client = useQueryClient();
  const left = status.leftServer;
  if (left.length === 0) return null;
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.syncStatus });
  const keep = async (feedId: number) => {
    await keepLeftFeeds([feedId]);
    await refresh();
  };
  const remove = async (feedId: number) => {
    const feed = (await listFeeds()).find((f) => f.id === feedId);
    if (feed && (await unsubscribeFeeds([feed]))) await refresh();
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCloudOff size={18} />}
      title={t('syncFeed.leftServer.title', { count: left.length })}
      data-testid="account-left-server"
    >
      <Text size="sm" mb="xs">
        {t('syncFeed.leftServer.message')}
      </Text>
      <Stack gap={6}>
        {left.map((f) => (
          <Group key={f.feedId} gap="xs" justify="space-between" wrap="nowrap" data-testid="left-server-feed">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {f.title}
              </Text>
              <Text size="xs" c="dimmed" data-testid="left-server-why">
                {[
                  ...(['saved', 'tagged', 'highlighted'] as const)
                    .filter((kind) => f[kind] > 0)
                    .map((kind) => t(`syncFeed.leftServer.${kind}`, { count: f[kind] })),
                  t('syncFeed.leftServer.since', { when: formatDate(f.at * 1000) }),
                ].join(t('syncFeed.leftServer.separator'))}
              </Text>
            </div>
            <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => void keep(f.feedId)}
                data-testid="left-server-keep"
              >
                {t('syncFeed.leftServer.keep')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => void remove(f.feedId)}
                data-testid="left-server-remove"
              >
                {t('syncFeed.leftServer.remove')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
