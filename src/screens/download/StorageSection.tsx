import { Badge, Button, Group, NumberInput, Progress, Switch, Text } from '@mantine/core';
import { IconDatabase, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { withEngine } from '../../queries/engine';
import { runRetention } from '../../pwa/DataHost';
import { updateSettings, useSettingsGroup } from '../../settings/useSettings';
import { askPersistence, formatBytes, readStorage } from './storage';
import { Section } from './Section';

const STORAGE_KEY = ['storage-estimate'] as const;

/** Usage and quota, persistent storage, and retention of old read articles. */
export function StorageSection() {
  const client = useQueryClient();
  const { data: info } = useQuery({ queryKey: STORAGE_KEY, queryFn: () => readStorage(), staleTime: 0 });
  const { retentionDays } = useSettingsGroup('general');
  const [asking, setAsking] = useState(false);
  const [denied, setDenied] = useState(false);
  const [applied, setApplied] = useState<number | null>(null);
  const enabled = retentionDays > 0;
  const { data: wouldRemove } = useQuery({
    queryKey: ['counts', 'retention-preview', retentionDays],
    queryFn: () => withEngine((e) => e.retention.preview(retentionDays)),
    enabled,
  });
  const share = info?.usage != null && info.quota ? Math.min(100, (info.usage / info.quota) * 100) : 0;

  const persist = async () => {
    setAsking(true);
    const granted = await askPersistence();
    setDenied(!granted);
    setAsking(false);
    await client.invalidateQueries({ queryKey: STORAGE_KEY });
  };

  return (
    <Section
      icon={<IconDatabase size={18} />}
      title="Storage"
      line="Everything lives in this browser. Ask it to keep the data, and choose how long read articles stay."
      testId="download-storage"
    >
      <Text size="sm" data-testid="storage-usage">
        Using <b>{formatBytes(info?.usage ?? null)}</b> of <b>{formatBytes(info?.quota ?? null)}</b> available
      </Text>
      <Progress value={share} size="sm" mt={6} mb="md" color={share > 90 ? 'red' : undefined} />
      <Group gap="sm" mb="lg">
        <Badge
          color={info?.persisted ? 'teal' : 'gray'}
          variant="light"
          leftSection={<IconLock size={12} />}
          tt="none"
          size="lg"
          data-testid="storage-persisted"
          data-persisted={String(info?.persisted ?? 'unknown')}
        >
          {info?.persisted
            ? 'Persistent: the browser keeps this data'
            : 'Not persistent: may be cleared when space is short'}
        </Badge>
        {!info?.persisted && (
          <Button
            size="xs"
            variant="light"
            loading={asking}
            onClick={() => void persist()}
            data-testid="storage-persist"
          >
            Keep my data
          </Button>
        )}
      </Group>
      {denied && !info?.persisted && (
        <Text size="xs" c="dimmed" mt={-12} mb="md">
          The browser said no for now. Browsers grant this more readily to installed apps and sites you use
          often.
        </Text>
      )}
      <Switch
        label="Delete old read articles"
        description="Unread and saved articles are always kept, and so is each feed’s newest 50."
        checked={enabled}
        onChange={(e) => updateSettings('general', { retentionDays: e.currentTarget.checked ? 90 : 0 })}
        data-testid="retention-switch"
      />
      {enabled && (
        <Group gap="sm" mt="sm" align="flex-end">
          <NumberInput
            label="Read articles older than"
            suffix=" days"
            min={1}
            max={3650}
            w={200}
            value={retentionDays}
            onChange={(v) =>
              typeof v === 'number' &&
              v >= 1 &&
              v <= 3650 &&
              updateSettings('general', { retentionDays: Math.round(v) })
            }
            data-testid="retention-days"
          />
          <Button
            variant="default"
            onClick={() => void runRetention().then(setApplied)}
            disabled={!wouldRemove?.removed}
            data-testid="retention-apply"
          >
            Delete {wouldRemove ? wouldRemove.removed.toLocaleString() : '…'} now
          </Button>
        </Group>
      )}
      {applied !== null && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="retention-done">
          Deleted {applied.toLocaleString()} read articles.
        </Text>
      )}
    </Section>
  );
}
