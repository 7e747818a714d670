import { Button, Group, NumberInput, Progress, Switch, Text } from '@mantine/core';
import { IconDatabase, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { withEngine } from '../../queries/engine';
import { queryKeys } from '../../queries/keys';
import { applyRetention } from '../../subscriptions/api';
import { makeChange, recordUndo } from '../../undo/undoStore';
import { notifications } from '@mantine/notifications';
import { errorText } from '../../i18n/errorText';
import { updateSettings, useSettingsGroup } from '../../settings/useSettings';
import { askPersistence, formatBytes, readStorage } from './storage';
import { Section } from './Section';
import { tRich, useI18n } from '../../i18n';

/**
 * The cached whole articles: how many and how large, and Clear. Confirmed rather than undoable:
 * they are a cache of pages any article can fetch again, and an undo would have to keep the very
 * bytes the person wants freed.
 */
function FullTextStorage() {
  const { t, lang, formatNumber } = useI18n();
  const client = useQueryClient();
  const { data: stats } = useQuery({
    queryKey: queryKeys.fullTextStats,
    queryFn: () => withEngine((e) => e.fullText.stats()),
    staleTime: 0,
  });
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const clear = async () => {
    const ok = await confirm({
      title: t('fullText.clearTitle'),
      message: t('fullText.clearMessage'),
      confirmLabel: t('fullText.clear'),
    });
    if (!ok) return;
    try {
      const n = await withEngine((e) => e.fullText.clear());
      setNote({ ok: true, text: t('fullText.cleared', { n: formatNumber(n) }) });
    } catch (err) {
      setNote({ ok: false, text: t('fullText.clearFailed', { error: errorText(err) }) });
    }
    await client.invalidateQueries({ queryKey: queryKeys.fullTextAll });
    await client.invalidateQueries({ queryKey: queryKeys.storageEstimate });
  };
  const records = (stats?.articles ?? 0) + (stats?.failures ?? 0);
  return (
    <div style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="storage-fulltext" data-articles={stats?.articles ?? ''}>
          {t('fullText.storage', {
            articles: formatNumber(stats?.articles ?? 0),
            size: formatBytes(stats?.bytes ?? 0, lang),
          })}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={records === 0}
          onClick={() => void clear()}
          data-testid="storage-fulltext-clear"
        >
          {t('fullText.clear')}
        </Button>
      </Group>
      {note && (
        <Text size="xs" c={note.ok ? 'dimmed' : 'red'} mt="xs" data-testid="storage-fulltext-note">
          {note.text}
        </Text>
      )}
    </div>
  );
}

/** Usage and quota, persistent storage, cached whole articles, and retention of old read articles. */
export function StorageSection() {
  const { t, lang, formatNumber } = useI18n();
  const client = useQueryClient();
  const { data: info } = useQuery({
    queryKey: queryKeys.storageEstimate,
    queryFn: () => readStorage(),
    staleTime: 0,
  });
  const { retentionDays } = useSettingsGroup('general');
  const [asking, setAsking] = useState(false);
  const [denied, setDenied] = useState(false);
  const [applied, setApplied] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // "Delete now": the same policy the engine applies after each refresh, at once. Few enough
  // articles are kept for Undo (the notice and Z); more are deleted only after a confirmation
  // that says it cannot be undone.
  const cleanUp = async () => {
    setFailed(null);
    const undoable = wouldRemove?.undoable ?? false;
    if (!undoable) {
      const n = formatNumber(wouldRemove?.removed ?? 0);
      const ok = await confirm({
        title: t('download.storage.confirmTitle', { n }),
        message: t('download.storage.confirmLarge'),
        confirmLabel: t('download.storage.confirmDelete'),
      });
      if (!ok) return;
    }
    await makeChange(async (made) => {
      try {
        const { removed, undo } = await applyRetention(retentionDays);
        setApplied(removed);
        const label = (count: number) => t('download.storage.deleted', { count });
        if (undo) recordUndo(undo, label, { done: (count) => t('keys.undo.articlesBack', { count }), made });
        else if (undoable && removed > 0)
          notifications.show({
            message: `${label(removed)} ${t('download.storage.noCopy')}`,
            autoClose: 6000,
          });
      } catch (err) {
        setApplied(null);
        setFailed(errorText(err));
      }
    });
  };
  const enabled = retentionDays > 0;
  const { data: wouldRemove } = useQuery({
    queryKey: queryKeys.retentionPreview(retentionDays),
    queryFn: () => withEngine((e) => e.retention.preview(retentionDays)),
    enabled,
  });
  const tone = info?.persisted ? 'teal' : 'gray';
  const share = info?.usage != null && info.quota ? Math.min(100, (info.usage / info.quota) * 100) : 0;

  const bytes = (n: number | null | undefined) =>
    n == null ? t('download.storage.unknown') : formatBytes(n, lang);

  const persist = async () => {
    setAsking(true);
    const granted = await askPersistence();
    setDenied(!granted);
    setAsking(false);
    await client.invalidateQueries({ queryKey: queryKeys.storageEstimate });
  };

  return (
    <Section
      icon={<IconDatabase size={18} />}
      title={t('download.storage.title')}
      line={t('download.storage.line')}
      testId="download-storage"
    >
      <Text size="sm" data-testid="storage-usage">
        {tRich('download.storage.usage', {
          used: <b>{bytes(info?.usage)}</b>,
          quota: <b>{bytes(info?.quota)}</b>,
        })}
      </Text>
      <Progress value={share} size="sm" mt={6} mb="md" color={share > 90 ? 'red' : undefined} />
      <Group gap="sm" mb="lg">
        {/* Drawn like a light badge, but a badge never wraps: on a phone the warning was cut to
            "Not persistent: may be cleared when sp…". This one wraps. */}
        <Group
          gap={6}
          wrap="nowrap"
          align="flex-start"
          px="sm"
          py={5}
          fz="sm"
          fw={600}
          lh={1.4}
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            color: `var(--mantine-color-${tone}-light-color)`,
            background: `var(--mantine-color-${tone}-light)`,
          }}
          data-testid="storage-persisted"
          data-persisted={String(info?.persisted ?? 'unknown')}
        >
          <IconLock size={14} style={{ flex: 'none', marginTop: 3 }} />
          <span>
            {info?.persisted ? t('download.storage.persistent') : t('download.storage.notPersistent')}
          </span>
        </Group>
        {!info?.persisted && (
          <Button
            size="xs"
            variant="light"
            loading={asking}
            onClick={() => void persist()}
            data-testid="storage-persist"
          >
            {t('download.storage.keep')}
          </Button>
        )}
      </Group>
      {denied && !info?.persisted && (
        <Text size="xs" c="dimmed" mt={-12} mb="md">
          {t('download.storage.denied')}
        </Text>
      )}
      <FullTextStorage />
      <Switch
        label={t('download.storage.retention')}
        description={t('download.storage.retentionHint')}
        checked={enabled}
        onChange={(e) => updateSettings('general', { retentionDays: e.currentTarget.checked ? 90 : 0 })}
        data-testid="retention-switch"
      />
      {enabled && (
        <Group gap="sm" mt="sm" align="flex-end">
          <NumberInput
            label={t('download.storage.olderThan')}
            suffix={t('download.storage.days')}
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
            onClick={() => void cleanUp()}
            disabled={!wouldRemove?.removed}
            data-testid="retention-apply"
          >
            {t('download.storage.deleteNow', { n: wouldRemove ? formatNumber(wouldRemove.removed) : '…' })}
          </Button>
        </Group>
      )}
      {applied !== null && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="retention-done">
          {t('download.storage.deleted', { count: applied })}
        </Text>
      )}
      {failed !== null && (
        <Text size="xs" c="red" mt="xs" data-testid="retention-failed">
          {failed}
        </Text>
      )}
    </Section>
  );
}
