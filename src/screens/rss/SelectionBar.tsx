import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import {
  IconChecks,
  IconEdit,
  IconFolder,
  IconLink,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { Feed, Group as FeedGroup } from '../../engine/contract';
import { useT } from '../../i18n';
import {
  createGroupAction,
  editFeedUrlAction,
  markFeedsRead,
  moveFeedsAction,
  renameFeedAction,
  unsubscribeFeeds,
} from '../../subscriptions/feedActions';
import { startRefresh } from '../../subscriptions/refreshActions';

interface SelectionBarProps {
  feeds: Feed[];
  groups: FeedGroup[];
  onClear: () => void;
}

/** Actions on the selected feeds; rename and address editing need exactly one. */
export function SelectionBar({ feeds, groups, onClear }: SelectionBarProps) {
  const t = useT();
  const one = feeds.length === 1 ? feeds[0] : undefined;
  const refresh = () => {
    // One job per feed: the engine runs them side by side under its own fetch limit.
    for (const f of feeds) void startRefresh({ scope: 'feed', id: f.id, force: true });
  };
  const move = async (groupId: number | 'new') => {
    const target = groupId === 'new' ? await createGroupAction() : groupId;
    if (target !== null) await moveFeedsAction(feeds, target, groups.find((g) => g.id === target)?.title);
  };
  return (
    <Paper withBorder radius="md" px="sm" py={6} mb="sm" data-testid="rss-selection">
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600} mr="xs" data-testid="rss-selection-count">
          {t('rss.selection.count', { count: feeds.length })}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={refresh}
          data-testid="bulk-refresh"
        >
          {t('rss.selection.refresh')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconChecks size={14} />}
          onClick={() => void markFeedsRead(feeds)}
          data-testid="bulk-read"
        >
          {t('rss.selection.markAllRead')}
        </Button>
        <Menu withinPortal position="bottom-start" shadow="md">
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFolder size={14} />}
              data-testid="bulk-move"
            >
              {t('rss.selection.moveTo')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown data-testid="bulk-move-menu">
            <Menu.Item onClick={() => void move(-1)} data-testid="move-to-none">
              {t('rss.selection.noGroup')}
            </Menu.Item>
            {groups.map((g) => (
              <Menu.Item key={g.id} onClick={() => void move(g.id)} data-testid={`move-to-${g.id}`}>
                {g.title}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item onClick={() => void move('new')} data-testid="move-to-new">
              {t('rss.selection.newGroup')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEdit size={14} />}
          disabled={!one}
          onClick={() => one && void renameFeedAction(one)}
          data-testid="bulk-rename"
        >
          {t('rss.selection.rename')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLink size={14} />}
          disabled={!one}
          onClick={() => one && void editFeedUrlAction(one)}
          data-testid="bulk-edit-url"
        >
          {t('rss.selection.editAddress')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => void unsubscribeFeeds(feeds).then((done) => done && onClear())}
          data-testid="bulk-unsubscribe"
        >
          {t('rss.selection.unsubscribe')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          onClick={onClear}
          ml="auto"
          data-testid="bulk-clear"
        >
          {t('rss.selection.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
