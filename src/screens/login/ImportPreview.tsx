import { Alert, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { tRich, useT } from '../../i18n';
import type { ConnectPreview } from '../../sync/api';

const DAY_CHOICES = [0, 7, 30, 90];

/**
 * What the first sync would import, and the button that starts it: only unread and saved
 * articles, unless (Google Reader API) the read ones of the last N days are asked for too;
 * the Fever API can list nothing else, which is said.
 */
export function ImportPreview({
  preview,
  onImport,
  error,
}: {
  preview: ConnectPreview;
  onImport: (readDays: number) => Promise<void>;
  error: { title: string; detail: string } | null;
}) {
  const t = useT();
  const [days, setDays] = useState('0');
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
      {preview.reattached > 0 && (
        <Text size="sm" data-testid="preview-reattached">
          {t('syncFeed.login.reattached', { count: preview.reattached })}
        </Text>
      )}
      <Text size="sm" data-testid="preview-imports-what">
        {t('syncFeed.login.importsWhat')}
      </Text>
      {preview.canEditSubscriptions ? (
        <Group gap="xs" align="center">
          <Text size="sm">{t('syncFeed.login.readDays')}</Text>
          <Select
            size="xs"
            w={120}
            value={days}
            onChange={(v) => setDays(v ?? '0')}
            allowDeselect={false}
            data={DAY_CHOICES.map((d) => ({
              value: String(d),
              label: d ? t('syncFeed.login.days', { count: d }) : t('syncFeed.login.readDaysNone'),
            }))}
            aria-label={t('syncFeed.login.readDays')}
            data-testid="preview-read-days"
          />
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="preview-fever-limit">
          {t('syncFeed.login.feverLimit')}
        </Text>
      )}
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
        <Button onClick={() => void onImport(Number(days))} data-testid="login-import">
          {t('login.import')}
        </Button>
      </Group>
    </Stack>
  );
}
