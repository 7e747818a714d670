import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconFolderPlus, IconTrash } from '@tabler/icons-react';
import type { Feed, Group as FeedGroup } from '../../engine/contract';
import { formatNumber, useT } from '../../i18n';
import { createGroupAction, deleteGroupAction, renameGroupAction } from '../../subscriptions/feedActions';

/**
 * Groups with their feed counts: create, rename, delete (feeds move to no group). It fills the
 * Groups drawer of /rss, whose title names it: no box or heading of its own.
 */
export function GroupsPanel({ groups, feeds }: { groups: FeedGroup[]; feeds: Feed[] }) {
  const t = useT();
  const countOf = new Map<number, number>();
  for (const f of feeds) countOf.set(f.groupId, (countOf.get(f.groupId) ?? 0) + 1);
  const sorted = [...groups].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <div data-testid="groups-panel">
      <Button
        size="xs"
        variant="light"
        mb="sm"
        leftSection={<IconFolderPlus size={14} />}
        onClick={() => void createGroupAction()}
        data-testid="group-create"
      >
        {t('rss.groupsPanel.new')}
      </Button>
      {sorted.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('rss.groupsPanel.empty')}
        </Text>
      )}
      <Stack gap={2}>
        {sorted.map((g) => (
          <Group key={g.id} justify="space-between" wrap="nowrap" gap={4} data-testid={`group-row-${g.id}`}>
            <Text size="sm" truncate style={{ flex: 1 }}>
              {g.title}
            </Text>
            <Text size="xs" c="dimmed">
              {formatNumber(countOf.get(g.id) ?? 0)}
            </Text>
            <Tooltip label={t('rss.groupsPanel.rename')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                onClick={() => void renameGroupAction(g)}
                aria-label={t('rss.groupsPanel.renameLabel', { name: g.title })}
                data-testid={`group-rename-${g.id}`}
              >
                <IconEdit size={14} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('rss.groupsPanel.deleteTip')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                onClick={() => void deleteGroupAction(g, countOf.get(g.id) ?? 0)}
                aria-label={t('rss.groupsPanel.deleteLabel', { name: g.title })}
                data-testid={`group-delete-${g.id}`}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </Stack>
    </div>
  );
}
