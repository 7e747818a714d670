import { ActionIcon, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { confirmDeleteFilter } from '../../filters/confirmDelete';
import { useT } from '../../i18n';
import { useSettingsGroup } from '../useSettings';

/**
 * The saved filters, each with Delete: the same deletion as on the Filters screen (asks, takes the
 * filter's actions with it, can be undone). No "Reset" here: this tab holds data, not settings.
 */
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
                      onClick={() => void confirmDeleteFilter({ id: f.id, name })}
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
    </div>
  );
}
