import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { unreadTotalQuery } from '../queries/items';
import { groupUnread } from '../screens/items/unread';

/**
 * The header's count: "N unread" for a scope (from the global counts, or one cheap engine call
 * for Saved and Today), else "N articles" from the list's own total.
 */
export function useUnreadLabel(
  scope: { scope: 'all' | 'feed' | 'group' | 'saved' | 'today'; id?: number } | undefined,
  total: number | null,
): string | undefined {
  const t = useT();
  const counts = useQuery({ ...countsQuery(), enabled: !!scope });
  const feeds = useQuery({ ...feedsQuery(), enabled: scope?.scope === 'group' });
  const needsTotal = scope?.scope === 'saved' || scope?.scope === 'today';
  const unreadTotal = useQuery({
    ...unreadTotalQuery(scope?.scope ?? 'all', scope?.id),
    enabled: needsTotal,
  });
  let n: number | undefined;
  if (!scope) return total === null ? undefined : t('items.articleCount', { count: total });
  if (scope.scope === 'all') n = counts.data?.unread;
  else if (scope.scope === 'feed')
    n = counts.data ? (counts.data.unreadByFeed[scope.id ?? 0] ?? 0) : undefined;
  else if (scope.scope === 'group')
    n = counts.data && feeds.data ? groupUnread(scope.id ?? 0, feeds.data, counts.data) : undefined;
  else n = unreadTotal.data;
  return n === undefined ? undefined : t('items.unreadCount', { count: n });
}
