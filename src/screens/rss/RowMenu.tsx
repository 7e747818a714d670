import { ActionIcon, Menu } from '@mantine/core';
import { IconChecks, IconDots, IconEdit, IconLink, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Feed } from '../../engine/contract';
import { useT } from '../../i18n';
import {
  editFeedUrlAction,
  markFeedsRead,
  renameFeedAction,
  unsubscribeFeeds,
} from '../../subscriptions/feedActions';
import { startRefresh } from '../../subscriptions/refreshActions';

/**
 * The "…" menu of one table row: the single-feed actions. The Menu itself mounts on first use:
 * 500 idle menus (each with its positioning hooks) would slow every render of the table.
 */
export function RowMenu({ feed }: { feed: Feed }) {
  const t = useT();
  const [used, setUsed] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={t('rss.actionsFor', { name: feed.title || feed.url })}
      data-testid={`rss-row-menu-${feed.id}`}
    >
      <IconDots size={15} />
    </ActionIcon>
  );
  if (!used) return <span onClickCapture={() => setUsed(true)}>{button}</span>;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={190} defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconRefresh size={15} />}
          onClick={() => void startRefresh({ scope: 'feed', id: feed.id, force: true })}
          data-testid="row-refresh"
        >
          {t('subscribe.feedMenu.refresh')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconChecks size={15} />}
          onClick={() => void markFeedsRead([feed])}
          data-testid="row-read"
        >
          {t('subscribe.feedMenu.markAllRead')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconEdit size={15} />}
          onClick={() => void renameFeedAction(feed)}
          data-testid="row-rename"
        >
          {t('subscribe.feedMenu.rename')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLink size={15} />}
          onClick={() => void editFeedUrlAction(feed)}
          data-testid="row-edit-url"
        >
          {t('subscribe.feedMenu.editAddress')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          data-danger
          leftSection={<IconTrash size={15} />}
          onClick={() => void unsubscribeFeeds([feed])}
          data-testid="row-unsubscribe"
        >
          {t('subscribe.feedMenu.unsubscribe')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
