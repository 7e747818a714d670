/**
 * Refresh for a list's scope (the header's button, a failing feed's Retry, pull to refresh): a
 * feed or group refreshes itself, any other scope everything; `refreshing` while it starts.
 */
import { useCallback, useState } from 'react';
import { startRefresh } from '../subscriptions/refreshActions';
import type { ListScope } from './markAllRead';

export function useScopeRefresh(scope: ListScope | undefined): {
  refresh: () => Promise<void>;
  refreshing: boolean;
} {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    if (!scope) return;
    setRefreshing(true);
    // startRefresh reports its own failure (a notification) and never rejects.
    await startRefresh(
      scope.scope === 'feed' || scope.scope === 'group'
        ? { scope: scope.scope, id: scope.id }
        : { scope: 'all' },
    );
    setRefreshing(false);
  }, [scope]);
  return { refresh, refreshing };
}
