import { Menu } from '@mantine/core';
import {
  IconArticle,
  IconCheck,
  IconChecks,
  IconEdit,
  IconLanguage,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Feed } from '../engine/contract';
import { useLanguage, useT } from '../i18n';
import { languageName } from '../translate/languages';
import { useTitleTarget } from '../translate/titles/useListTitles';
import {
  markFeedsRead,
  renameFeedAction,
  setAlwaysFullText,
  setTranslateTitles,
  unsubscribeFeeds,
} from './feedActions';
import { feedPath } from './paths';
import { startRefresh } from './refreshActions';

/**
 * Wraps a feed row: right-click (or the context-menu key) opens refresh, mark all read, rename,
 * "always load the full article", "translate titles in lists" and unsubscribe for that feed. Unsubscribing the feed on screen leaves its page.
 */
export function FeedContextMenu({ feed, children }: { feed: Feed; children: ReactNode }) {
  const t = useT();
  const lang = useLanguage();
  const titleTag = useTitleTarget();
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const target = (
    <div
      onContextMenu={(e) => {
        e.preventDefault();
        setOpened(true);
      }}
      data-testid={`feed-row-${feed.id}`}
    >
      {children}
    </div>
  );
  // The Menu mounts only while open: hundreds of idle menus would slow every sidebar render.
  if (!opened) return target;
  return (
    <Menu
      opened
      onChange={(open) => !open && setOpened(false)}
      position="bottom-start"
      offset={2}
      withinPortal
      shadow="md"
      width={200}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown data-testid={`feed-menu-${feed.id}`}>
        <Menu.Label>{feed.title || feed.url}</Menu.Label>
        <Menu.Item
          leftSection={<IconRefresh size={15} />}
          onClick={() => void startRefresh({ scope: 'feed', id: feed.id, force: true })}
          data-testid="feed-menu-refresh"
        >
          {t('subscribe.feedMenu.refresh')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconChecks size={15} />}
          onClick={() => void markFeedsRead([feed])}
          data-testid="feed-menu-read"
        >
          {t('subscribe.feedMenu.markAllRead')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconEdit size={15} />}
          onClick={() => void renameFeedAction(feed)}
          data-testid="feed-menu-rename"
        >
          {t('subscribe.feedMenu.rename')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArticle size={15} />}
          rightSection={feed.fullText ? <IconCheck size={14} /> : null}
          role="menuitemcheckbox"
          aria-checked={feed.fullText === true}
          title={t('fullText.feedSettingHint')}
          onClick={() => void setAlwaysFullText(feed, !feed.fullText)}
          data-testid="feed-menu-fulltext"
        >
          {t('fullText.feedSetting')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLanguage size={15} />}
          rightSection={feed.translateTitles ? <IconCheck size={14} /> : null}
          role="menuitemcheckbox"
          aria-checked={feed.translateTitles === true}
          title={t('ai.titles.feedSettingHint', { language: languageName(titleTag, lang) })}
          onClick={() => void setTranslateTitles(feed, !feed.translateTitles)}
          data-testid="feed-menu-translate-titles"
        >
          {t('ai.titles.feedSetting')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          data-danger
          leftSection={<IconTrash size={15} />}
          data-testid="feed-menu-unsubscribe"
          onClick={() => {
            void unsubscribeFeeds([feed]).then((done) => {
              if (done && pathname === feedPath(feed.id)) void navigate('/');
            });
          }}
        >
          {t('subscribe.feedMenu.unsubscribe')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
