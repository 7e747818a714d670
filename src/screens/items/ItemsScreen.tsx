import { Badge, Group, SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Screen } from '../../components/Screen';
import { countsQuery } from '../../queries/counts';
import { feedsQuery } from '../../queries/feeds';
import { groupsQuery } from '../../queries/groups';
import { unreadTotalQuery } from '../../queries/items';
import { useSettingsGroup } from '../../settings/useSettings';
import { NotFound } from '../NotFound';
import { ItemList } from './ItemList';
import { SCOPE_TITLES, type ItemsTarget, parseItemsRoute } from './route';
import { groupUnread } from './unread';

/** Route `/:type/:id?`: the articles of All, Today, Saved, one feed or one group. */
export function ItemsScreen() {
  const { type, id } = useParams();
  const target = parseItemsRoute(type, id);
  if (!target) return <NotFound what="list" />;
  // Keyed by the address so switching lists resets the unread/all toggle to the setting.
  return <ItemsView key={`${target.scope}/${'id' in target ? target.id : ''}`} target={target} />;
}

function ItemsView({ target }: { target: ItemsTarget }) {
  const { hideReadArticles } = useSettingsGroup('general');
  const [unreadOnly, setUnreadOnly] = useState(hideReadArticles);
  const id = 'id' in target ? target.id : undefined;
  const feeds = useQuery(feedsQuery());
  const groups = useQuery(groupsQuery());
  const counts = useQuery(countsQuery());
  const needsTotal = target.scope === 'today' || target.scope === 'saved';
  const unreadTotal = useQuery({ ...unreadTotalQuery(target.scope, id), enabled: needsTotal });
  const feedsById = useMemo(() => new Map((feeds.data ?? []).map((f) => [f.id, f])), [feeds.data]);

  let title: string | undefined = SCOPE_TITLES[target.scope];
  let unread: number | undefined;
  if (target.scope === 'feed') {
    const feed = feedsById.get(target.id);
    if (feeds.isSuccess && !feed) return <NotFound what="feed" />;
    title = feed?.title;
    unread = counts.data?.unreadByFeed[target.id] ?? (counts.data ? 0 : undefined);
  } else if (target.scope === 'group') {
    const group = groups.data?.find((g) => g.id === target.id);
    if (groups.isSuccess && !group) return <NotFound what="group" />;
    title = group?.title;
    unread = counts.data && feeds.data ? groupUnread(target.id, feeds.data, counts.data) : undefined;
  } else if (target.scope === 'all') {
    unread = counts.data?.unread;
  } else {
    unread = unreadTotal.data;
  }

  return (
    <Screen
      id="items"
      documentTitle={title ?? ''}
      title={
        <Group gap="sm" wrap="nowrap" component="span">
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {title ?? '…'}
          </span>
          {unread !== undefined && (
            <Badge variant="light" size="lg" radius="sm" data-testid="items-unread" title="Unread">
              {unread.toLocaleString()}
            </Badge>
          )}
        </Group>
      }
      actions={
        <SegmentedControl
          size="xs"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(v) => setUnreadOnly(v === 'unread')}
          data={[
            { value: 'unread', label: 'Unread' },
            { value: 'all', label: 'All' },
          ]}
          data-testid="items-filter"
        />
      }
    >
      <ItemList scope={target.scope} id={id} unreadOnly={unreadOnly} feedsById={feedsById} />
    </Screen>
  );
}
