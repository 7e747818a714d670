import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { scopeTotalQuery, unreadTotalQuery } from '../queries/items';
import { groupUnread } from '../screens/items/unread';

type Scope = { scope: 'all' | 'feed' | 'group' | 'saved' | 'today' | 'tag'; id?: number };

export interface ListCounts {
  /** The header's count text; undefined while loading. */
  label: string | undefined;
  /** Articles in the list's scope, read or not; null while unknown or for lists without a scope. */
  scopeTotal: number | null;
  /** Unread articles in the list's scope; undefined while loading and for lists without a scope. */
  unread: number | undefined;
}

/**
 * The header's count, agreeing with the rows below it. A list that hides read articles says so
 * with both counts ("12 unread of 311"); a list showing everything gives its total and, for a
 * scope, how many are unread ("311 articles · 12 unread"); other lists (filters, search) their
 * total. Unread counts come from the global counts (as the sidebar's) or, for Saved, Today and tags,
 * one cheap engine call; the scope total, when the list itself does not give it, from another.
 */
export function useListCounts(
  scope: Scope | undefined,
  total: number | null,
  onlyUnread: boolean,
): ListCounts {
  const t = useT();
  const counts = useQuery({ ...countsQuery(), enabled: !!scope });
  const feeds = useQuery({ ...feedsQuery(), enabled: scope?.scope === 'group' });
  const needsUnread = scope?.scope === 'saved' || scope?.scope === 'today' || scope?.scope === 'tag';
  const unreadTotal = useQuery({
    ...unreadTotalQuery(scope?.scope ?? 'all', scope?.id),
    enabled: needsUnread,
  });
  const allTotal = useQuery({
    ...scopeTotalQuery(scope?.scope ?? 'all', scope?.id),
    enabled: !!scope && onlyUnread,
  });
  if (!scope)
    return {
      label: total === null ? undefined : t('items.articleCount', { count: total }),
      scopeTotal: null,
      unread: undefined,
    };
  let n: number | undefined;
  if (scope.scope === 'all') n = counts.data?.unread;
  else if (scope.scope === 'feed')
    n = counts.data ? (counts.data.unreadByFeed[scope.id ?? 0] ?? 0) : undefined;
  else if (scope.scope === 'group')
    n = counts.data && feeds.data ? groupUnread(scope.id ?? 0, feeds.data, counts.data) : undefined;
  else n = unreadTotal.data;
  const scopeTotal = onlyUnread ? (allTotal.data ?? null) : total;
  if (n === undefined || scopeTotal === null) return { label: undefined, scopeTotal, unread: n };
  return {
    label: onlyUnread
      ? t('items.unreadOfTotal', { count: n, total: scopeTotal })
      : t('items.totalAndUnread', { count: scopeTotal, unread: n }),
    scopeTotal,
    unread: n,
  };
}
