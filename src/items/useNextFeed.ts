import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { nextInOrder, nextUnreadInSidebar, sidebarFeedOrder, sidebarTree } from '../keys/sidebarOrder';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { groupsQuery } from '../queries/groups';
import { scoresQuery } from '../subscriptions/queries';
import { useSidebarSort } from '../subscriptions/sidebarSort';

/** "Next feed with unread": opens it; `title` names it once the sidebar's data is loaded. */
export interface NextFeed {
  go: () => void;
  /** The feed `go` opens, as the sidebar orders them now; null while its data loads. */
  title: string | null;
}

/**
 * "Next feed with unread" of a list's empty and end states and an article's end: the next feed
 * in sidebar order that has unread articles, named from the same cached queries the sidebar
 * shows (so the name follows the counts as articles are read). Offered only in a feed or a group,
 * where going on to the next feed is reading on: from Saved, Today, All, a tag, a filter or a
 * search it would leave that list for a feed (their ends offer the way back to the list instead,
 * src/reader/ReaderEnd.tsx). Undefined (not offered) there and while no other feed has any
 * (unknown counts: offered, unnamed; `go` then finds the feed when pressed).
 */
export function useNextFeed(scope: { scope: string; id?: number } | undefined): NextFeed | undefined {
  const navigate = useNavigate();
  const client = useQueryClient();
  const enabled = scope?.scope === 'feed' || scope?.scope === 'group';
  const current = scope?.scope === 'feed' ? (scope.id ?? null) : null;
  const sort = useSidebarSort();
  const counts = useQuery({ ...countsQuery(), enabled });
  const groups = useQuery({ ...groupsQuery(), enabled });
  const feeds = useQuery({ ...feedsQuery(), enabled });
  const scores = useQuery({ ...scoresQuery(), enabled: enabled && sort === 'score' });
  const scoresReady = sort !== 'score' || scores.isSuccess;
  const next = useMemo(() => {
    if (!counts.data || !groups.data || !feeds.data || !scoresReady) return undefined;
    const tree = sidebarTree(groups.data, feeds.data, counts.data, sort, scores.data);
    const id = nextInOrder(sidebarFeedOrder(tree), counts.data.unreadByFeed, current, 1);
    return id === null ? null : (feeds.data.find((f) => f.id === id) ?? null);
  }, [counts.data, groups.data, feeds.data, scoresReady, sort, scores.data, current]);

  const go = useCallback(async () => {
    try {
      const id = next ? next.id : await nextUnreadInSidebar(client, current, 1);
      if (id === null) notifications.show({ message: t('nav.noOtherUnread') });
      else void navigate(`/f/${id}`);
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err) });
    }
  }, [client, navigate, current, next]);
  const unreadElsewhere = counts.data
    ? counts.data.unread - (current !== null ? (counts.data.unreadByFeed[current] ?? 0) : 0) > 0
    : true;
  return useMemo(
    () =>
      enabled && unreadElsewhere && next !== null
        ? { go: () => void go(), title: next?.title ?? null }
        : undefined,
    [enabled, unreadElsewhere, next, go],
  );
}
