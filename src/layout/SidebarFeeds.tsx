import { Collapse, Group, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronRight,
  IconPlus,
  IconRefresh,
  IconSortAscendingLetters,
  IconSortAscendingNumbers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, memo, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../components/Avatar';
import type { Feed } from '../engine/contract';
import { useT } from '../i18n';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { groupsQuery } from '../queries/groups';
import { FeedContextMenu } from '../subscriptions/FeedContextMenu';
import { FeedStatusMarker } from '../subscriptions/FeedStatusMarker';
import { useRunningJobs } from '../subscriptions/jobStore';
import { startRefresh } from '../subscriptions/refreshActions';
import { feedHealth } from '../subscriptions/feedStatus';
import { feedPath, groupPath } from '../subscriptions/paths';
import { scoresQuery } from '../subscriptions/queries';
import { useSidebarSort, writeSidebarSort } from '../subscriptions/sidebarSort';
import { sidebarTree } from '../keys/sidebarOrder';
import type { GroupNode } from './feedTree';
import { HeaderIcon } from './HeaderIcon';
import { SidebarLink } from './SidebarLink';

const REFRESH = ['refresh'] as const;

/**
 * The "Feeds" section: groups (collapsible) with their feeds, then ungrouped feeds. Feeds sort
 * by title or, with the toggle, by priority score; a failing feed shows a warning marker in
 * place of its avatar; right-click opens the feed's menu.
 */
export function SidebarFeeds() {
  const t = useT();
  const groups = useQuery(groupsQuery());
  const feeds = useQuery(feedsQuery());
  const counts = useQuery(countsQuery());
  const sort = useSidebarSort();
  const scores = useQuery({ ...scoresQuery(), enabled: sort === 'score' });
  const tree = useMemo(
    () => sidebarTree(groups.data ?? [], feeds.data ?? [], counts.data, sort, scores.data),
    [groups.data, feeds.data, counts.data, sort, scores.data],
  );
  const empty = feeds.isSuccess && feeds.data.length === 0;
  const byScore = sort === 'score';
  const refreshing = useRunningJobs(REFRESH).length > 0;

  return (
    <div style={{ marginTop: 18 }} data-testid="sidebar-feeds" data-sort={sort}>
      <Group justify="space-between" pl={12} pr={4} mb={4}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.6 }}>
          {t('nav.feeds')}
        </Text>
        <Group gap={0}>
          <HeaderIcon
            size="sm"
            label={t('nav.refreshAll')}
            tip={t('nav.refreshAllTip')}
            icon={IconRefresh}
            loading={refreshing}
            onClick={() => void startRefresh({ scope: 'all' })}
            data-testid="sidebar-refresh"
          />
          <HeaderIcon
            size="sm"
            label={byScore ? t('nav.sortByTitle') : t('nav.sortByScore')}
            tip={byScore ? t('nav.sortedByScore') : t('nav.sortedByTitle')}
            icon={byScore ? IconSortAscendingNumbers : IconSortAscendingLetters}
            aria-pressed={byScore}
            onClick={() => writeSidebarSort(byScore ? 'title' : 'score')}
            data-testid="sidebar-sort"
          />
          <HeaderIcon
            size="sm"
            to="/subscribe"
            label={t('nav.subscribe')}
            tip={t('nav.subscribeTip')}
            icon={IconPlus}
            data-testid="nav-subscribe"
          />
        </Group>
      </Group>
      {empty && (
        <Text size="sm" c="dimmed" px={12} py={6}>
          {t('nav.noFeeds')}{' '}
          <Text component={Link} to="/subscribe" c="brand" inherit>
            {t('nav.addFirstFeed')}
          </Text>
        </Text>
      )}
      {tree.groups.map((node) => (
        <GroupSection key={node.group.id} node={node} unreadByFeed={counts.data?.unreadByFeed} />
      ))}
      {tree.ungrouped.map((f) => (
        <FeedRow key={f.id} feed={f} count={counts.data?.unreadByFeed[f.id]} />
      ))}
    </div>
  );
}

/**
 * One feed of the tree. Memoised: with 1,000 feeds, a change of one feed's unread count (each
 * article opened marks one read) re-rendered every row, and each is a few Mantine components.
 */
const FeedRow = memo(function FeedRow({ feed, count }: { feed: Feed; count: number | undefined }) {
  const health = feedHealth(feed);
  const icon =
    health === 'failing' || health === 'dead' ? (
      <span style={{ display: 'inline-flex', width: 18, justifyContent: 'center' }}>
        <FeedStatusMarker feed={feed} size={16} />
      </span>
    ) : (
      <Avatar name={feed.title} size={18} />
    );
  return (
    <FeedContextMenu feed={feed}>
      <SidebarLink
        to={feedPath(feed.id)}
        label={feed.title || feed.url}
        // The feed's own name, in its language (an address has none that matters).
        lang={feed.title ? (feed.language ?? '') : undefined}
        icon={icon}
        count={count}
        testId={`nav-feed-${feed.id}`}
      />
    </FeedContextMenu>
  );
});

function GroupSection({
  node,
  unreadByFeed,
}: {
  node: GroupNode;
  unreadByFeed: Record<number, number> | undefined;
}) {
  const t = useT();
  const [open, setOpen] = useState(true);
  const { group } = node;
  const toggle = (
    <UnstyledButton
      component="span"
      role="button"
      tabIndex={0}
      onClick={(e: MouseEvent) => {
        // The row itself is a link to the group; only the chevron folds it.
        e.preventDefault();
        e.stopPropagation();
        setOpen((o) => !o);
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          e.stopPropagation();
          setOpen((o) => !o);
        }
      }}
      aria-expanded={open}
      aria-label={t(open ? 'nav.collapseGroup' : 'nav.expandGroup', { name: group.title })}
      data-testid={`group-toggle-${group.id}`}
      data-fold-toggle=""
      style={{ display: 'flex', width: 18, justifyContent: 'center', color: 'var(--mantine-color-dimmed)' }}
    >
      <IconChevronRight
        size={15}
        style={{ transform: open ? 'rotate(90deg)' : 'none', transition: 'transform 120ms' }}
      />
    </UnstyledButton>
  );
  return (
    <div data-testid={`group-${group.id}`}>
      <SidebarLink
        to={groupPath(group.id)}
        label={group.title}
        icon={toggle}
        count={node.unread}
        testId={`nav-group-${group.id}`}
        strong
      />
      <Collapse expanded={open}>
        <div style={{ paddingLeft: 14 }}>
          {node.feeds.map((f) => (
            <FeedRow key={f.id} feed={f} count={unreadByFeed?.[f.id]} />
          ))}
        </div>
      </Collapse>
    </div>
  );
}
