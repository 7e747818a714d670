import { ActionIcon, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { confirm } from '../../components/ConfirmDialog';
import { t as translate, useT } from '../../i18n';
import { settingsStore, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';

async function removeFilter(id: string, name: string): Promise<void> {
  const ok = await confirm({
    title: translate('settings.automation.deleteTitle'),
    message: translate('settings.automation.deleteMessage', { name }),
    confirmLabel: translate('common.delete'),
  });
  if (!ok) return;
  // Read the latest list at the moment of deleting, not the one rendered when the dialog opened.
  const filters = settingsStore.getSnapshot().automation.filters.filter((f) => f.id !== id);
  settingsStore.update('automation', { filters });
}

/** Saved filters (editing them arrives with the filter language). */
export function AutomationTab() {
  const t = useT();
  const { filters } = useSettingsGroup('automation');
  return (
    <div>
      {filters.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="filters-empty">
          {t('settings.automation.empty')}
        </Text>
      ) : (
        <Stack gap={6} data-testid="filters-list">
          {filters.map((f) => {
            const name = f.name || f.id;
            return (
              <Paper key={f.id} withBorder radius="md" px="md" py={8} data-testid="filter-row">
                <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {name}
                    </Text>
                    {f.query && (
                      <Text size="xs" c="dimmed" ff="monospace" truncate>
                        {f.query}
                      </Text>
                    )}
                  </div>
                  <Tooltip label={t('settings.automation.deleteTip')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('settings.automation.deleteLabel', { name })}
                      onClick={() => void removeFilter(f.id, name)}
                      data-testid="filter-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </div>
              </Paper>
            );
          })}
        </Stack>
      )}
      <ResetButton group="automation" />
    </div>
  );
}
