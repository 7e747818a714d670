import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { countsQuery } from '../queries/counts';
import { useSettingsGroup } from '../settings/useSettings';
import { applyBadge, badgeCount, badgeSupported } from './notifications';

/**
 * Mirrors the unread count onto the installed app's icon (Badging API) from the counts query, so
 * it follows every change the query follows; cleared when turned off in Settings. Renders nothing.
 */
export function AppBadge() {
  const supported = badgeSupported();
  const { appBadge } = useSettingsGroup('general');
  const { data } = useQuery({ ...countsQuery(), enabled: supported && appBadge });
  const count = supported ? badgeCount(data?.unread, appBadge) : null;
  useEffect(() => {
    if (count !== null) void applyBadge(count);
  }, [count]);
  return null;
}
