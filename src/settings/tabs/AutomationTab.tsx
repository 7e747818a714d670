import { ActionIcon, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { confirm } from '../../components/ConfirmDialog';
import { settingsStore, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';

async function removeFilter(id: string, name: string): Promise<void> {
  const ok = await confirm({
    title: 'Delete filter?',
    message: `“${name}” will be removed.`,
    confirmLabel: 'Delete',
  });
  if (!ok) return;
  // Read the latest list at the moment of deleting, not the one rendered when the dialog opened.
  const filters = settingsStore.getSnapshot().automation.filters.filter((f) => f.id !== id);
  settingsStore.update('automation', { filters });
}

/** Saved filters (editing them arrives with the filter language). */
export function AutomationTab() {
  const { filters } = useSettingsGroup('automation');
  return (
    <div>
      {filters.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="filters-empty">
          No saved filters yet. Filters you save on the Filters screen will be listed here.
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
                  <Tooltip label="Delete filter">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${name}`}
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
