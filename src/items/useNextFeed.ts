import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { nextUnreadInSidebar } from '../keys/sidebarOrder';
import { countsQuery } from '../queries/counts';

/**
 * "Next feed with unread" of a list's empty and end states: opens the next feed in sidebar order
 * that has unread articles. Undefined (not offered) for lists without a scope and while no other
 * feed has any (unknown counts: offered).
 */
export function useNextFeed(scope: { scope: string; id?: number } | undefined): (() => void) | undefined {
  const navigate = useNavigate();
  const client = useQueryClient();
  const goNextFeed = useCallback(async () => {
    const current = scope?.scope === 'feed' ? (scope.id ?? null) : null;
    try {
      const id = await nextUnreadInSidebar(client, current, 1);
      if (id === null) notifications.show({ message: t('nav.noOtherUnread') });
      else void navigate(`/f/${id}`);
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err) });
    }
  }, [client, navigate, scope]);
  const counts = useQuery({ ...countsQuery(), enabled: !!scope });
  const unreadElsewhere = counts.data
    ? counts.data.unread - (scope?.scope === 'feed' ? (counts.data.unreadByFeed[scope.id ?? 0] ?? 0) : 0) > 0
    : true;
  return scope && unreadElsewhere ? () => void goNextFeed() : undefined;
}
