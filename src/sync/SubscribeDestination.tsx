import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import { IconCloud, IconDeviceDesktop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { syncStatusQuery } from './api';

/** Where a subscription goes: the connected Google Reader account (the default) or this browser. */
export type Into = 'account' | 'local';

/** The `into` an engine subscribe call needs: nothing for the default (the engine decides). */
export const intoRequest = (into: Into): { into?: 'local' } => (into === 'local' ? { into } : {});

/**
 * Says which account a new feed goes to, beside every place that subscribes (subscribe screen,
 * OPML import, bundles): with a Google Reader account, that account, with "Only in this
 * browser" to keep a feed local; with a Fever account, that subscriptions are managed on the
 * server. Renders nothing without an account.
 */
export function SubscribeDestination({ value, onChange }: { value: Into; onChange: (into: Into) => void }) {
  const t = useT();
  const { data: status } = useQuery(syncStatusQuery());
  if (!status?.connected) return null;
  if (status.protocol === 'fever')
    return (
      <Paper withBorder radius="sm" p="sm" data-testid="subscribe-destination" data-into="local">
        <Text size="sm" c="dimmed">
          <IconDeviceDesktop size={15} style={{ verticalAlign: '-2px', marginRight: 6 }} aria-hidden />
          {t('syncFeed.destination.fever', { url: status.url })}
        </Text>
      </Paper>
    );
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="subscribe-destination" data-into={value}>
      <Stack gap={6}>
        <Text size="sm">
          <IconCloud size={15} style={{ verticalAlign: '-2px', marginRight: 6 }} aria-hidden />
          {value === 'account'
            ? t('syncFeed.destination.account', { url: status.url, user: status.username })
            : t('syncFeed.destination.localNote')}
        </Text>
        <Checkbox
          size="xs"
          label={t('syncFeed.destination.localOnly')}
          checked={value === 'local'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'local' : 'account')}
          data-testid="subscribe-local-only"
        />
      </Stack>
    </Paper>
  );
}
