import { ActionIcon, Collapse, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../components/Avatar';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { groupsQuery } from '../queries/groups';
import { buildFeedTree, type GroupNode } from './feedTree';
import { SidebarLink } from './SidebarLink';

/** The "Feeds" section: groups (collapsible) with their feeds, then ungrouped feeds. */
export function SidebarFeeds() {
  const groups = useQuery(groupsQuery());
  const feeds = useQuery(feedsQuery());
  const counts = useQuery(countsQuery());
  const tree = useMemo(
    () => buildFeedTree(groups.data ?? [], feeds.data ?? [], counts.data),
    [groups.data, feeds.data, counts.data],
  );
  const empty = feeds.isSuccess && feeds.data.length === 0;

  return (
    <div style={{ marginTop: 18 }} data-testid="sidebar-feeds">
      <Group justify="space-between" pl={12} pr={4} mb={4}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.6 }}>
          Feeds
        </Text>
        <Tooltip label="Subscribe to a feed">
          <ActionIcon
            component={Link}
            to="/subscribe"
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="Subscribe"
            data-testid="nav-subscribe"
          >
            <IconPlus size={15} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {empty && (
        <Text size="sm" c="dimmed" px={12} py={6}>
          No feeds yet.{' '}
          <Text component={Link} to="/subscribe" c="brand" inherit>
            Add your first one
          </Text>
        </Text>
      )}
      {tree.groups.map((node) => (
        <GroupSection key={node.group.id} node={node} unreadByFeed={counts.data?.unreadByFeed} />
      ))}
      {tree.ungrouped.map((f) => (
        <SidebarLink
          key={f.id}
          to={`/feed/${f.id}`}
          label={f.title}
          icon={<Avatar name={f.title} size={18} />}
          count={counts.data?.unreadByFeed[f.id]}
          testId={`nav-feed-${f.id}`}
        />
      ))}
    </div>
  );
}

function GroupSection({
  node,
  unreadByFeed,
}: {
  node: GroupNode;
  unreadByFeed: Record<number, number> | undefined;
}) {
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
      aria-label={`${open ? 'Collapse' : 'Expand'} ${group.title}`}
      data-testid={`group-toggle-${group.id}`}
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
        to={`/group/${group.id}`}
        label={group.title}
        icon={toggle}
        count={node.unread}
        testId={`nav-group-${group.id}`}
        strong
      />
      <Collapse expanded={open}>
        <div style={{ paddingLeft: 14 }}>
          {node.feeds.map((f) => (
            <SidebarLink
              key={f.id}
              to={`/feed/${f.id}`}
              label={f.title}
              icon={<Avatar name={f.title} size={18} />}
              count={unreadByFeed?.[f.id]}
              testId={`nav-feed-${f.id}`}
            />
          ))}
        </div>
      </Collapse>
    </div>
  );
}
