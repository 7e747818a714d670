import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { nextUnreadStop, nextUnreadStopInSidebar, sidebarTree } from '../keys/sidebarOrder';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { groupsQuery } from '../queries/groups';
import { feedPath, groupPath } from '../subscriptions/paths';
import { scoresQuery } from '../subscriptions/queries';
import { useSidebarSort } from '../subscriptions/sidebarSort';

/** "Next … with unread": opens it; `title` names it once the sidebar's data is loaded. */
export interface NextFeed {
  go: () => void;
  /** The feed or group `go` opens, as the sidebar orders them now; null while its data loads. */
  title: string | null;
  /** What `go` opens: a feed, or (from a group) another group; the list's own kind until known. */
  kind: 'feed' | 'group';
}

/**
 * "Next with unread" of a list's empty and end states and an article's end, named from the same
 * cached queries the sidebar shows (so the name follows the counts as articles are read). From
 * a feed, the next feed in sidebar order with unread articles; from a group, the next group
 * with unread articles or a feed in no group, never a feed of the group just read through
 * (`nextUnreadStop`). Offered only in a feed or a group, where going on is reading on: from
 * Saved, Today, All, a tag, a filter or a search it would leave that list (their ends offer the
 * way back to the list instead, src/reader/ReaderEnd.tsx). Undefined (not offered) there and
 * while nothing else has unread articles (unknown counts: offered, unnamed; `go` then finds the
 * way when pressed).
 */
export function useNextFeed(scope: { scope: string; id?: number } | undefined): NextFeed | undefined {
  const navigate = useNavigate();
  const client = useQueryClient();
  const fromScope = scope?.scope === 'feed' || scope?.scope === 'group' ? scope.scope : undefined;
  const fromId = fromScope ? scope?.id : undefined;
  const enabled = fromScope !== undefined && fromId !== undefined;
  const sort = useSidebarSort();
  const counts = useQuery({ ...countsQuery(), enabled });
  const groups = useQuery({ ...groupsQuery(), enabled });
  const feeds = useQuery({ ...feedsQuery(), enabled });
  const scores = useQuery({ ...scoresQuery(), enabled: enabled && sort === 'score' });
  const scoresReady = sort !== 'score' || scores.isSuccess;
  const next = useMemo(() => {
    if (!fromScope || fromId === undefined) return null;
    if (!counts.data || !groups.data || !feeds.data || !scoresReady) return undefined;
    const tree = sidebarTree(groups.data, feeds.data, counts.data, sort, scores.data);
    return nextUnreadStop(tree, counts.data.unreadByFeed, { scope: fromScope, id: fromId });
  }, [counts.data, groups.data, feeds.data, scoresReady, sort, scores.data, fromScope, fromId]);

  const go = useCallback(async () => {
    if (!fromScope || fromId === undefined) return;
    try {
      const stop = next ?? (await nextUnreadStopInSidebar(client, { scope: fromScope, id: fromId }));
      if (stop === null) notifications.show({ message: t('nav.noOtherUnread') });
      else void navigate(stop.kind === 'group' ? groupPath(stop.id) : feedPath(stop.id));
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err) });
    }
  }, [client, navigate, fromScope, fromId, next]);
  // Before the sidebar's data is in, the counts alone can say that nothing else is unread.
  const unreadHere = !counts.data
    ? 0
    : fromScope === 'feed'
      ? (counts.data.unreadByFeed[fromId ?? 0] ?? 0)
      : (feeds.data ?? [])
          .filter((f) => f.groupId === fromId)
          .reduce((sum, f) => sum + (counts.data.unreadByFeed[f.id] ?? 0), 0);
  const unreadElsewhere = counts.data ? counts.data.unread - unreadHere > 0 : true;
  return useMemo(
    () =>
      fromScope && unreadElsewhere && next !== null
        ? { go: () => void go(), title: next?.title ?? null, kind: next?.kind ?? fromScope }
        : undefined,
    [fromScope, unreadElsewhere, next, go],
  );
}
