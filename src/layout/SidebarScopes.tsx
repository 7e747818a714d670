import { Alert, Button } from '@mantine/core';
import { IconCalendar, IconEyeOff, IconInbox, IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { anyHiddenQuery } from '../queries/hidden';
import { unreadTotalQuery } from '../queries/items';
import { useT } from '../i18n';
import { useEngineStatus } from '../queries/useCounts';
import { SidebarLink } from './SidebarLink';

/** All / Today / Saved, with counts (unread, unread in the last 24 hours, saved); the engine-failure notice with Retry lives here too. */
export function SidebarScopes() {
  const t = useT();
  const { counts, error, retry } = useEngineStatus();
  // Hidden (articles rules hid) is listed only once something is hidden.
  const anyHidden = useQuery(anyHiddenQuery());
  // Today's unread, as its list's header counts them (the last 24 hours). Engine events refresh
  // it (the items prefix); the minute timer lets articles age out of the window.
  const today = useQuery({ ...unreadTotalQuery('today'), refetchInterval: 60_000 });
  return (
    <div style={{ paddingTop: 4 }}>
      {error && (
        <Alert color="red" variant="light" p="xs" mb="xs" data-testid="sidebar-engine-error">
          {t('nav.engineDown')}{' '}
          <Button size="compact-xs" variant="subtle" color="red" onClick={retry} data-testid="engine-retry">
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      <SidebarLink
        to="/all"
        label={t('nav.all')}
        icon={<IconInbox size={18} />}
        count={counts?.unread}
        testId="nav-all"
      />
      <SidebarLink
        to="/home"
        label={t('nav.today')}
        icon={<IconCalendar size={18} />}
        count={today.data}
        testId="nav-today"
      />
      <SidebarLink
        to="/next"
        label={t('nav.saved')}
        icon={<IconStar size={18} />}
        count={counts?.saved}
        testId="nav-saved"
      />
      {anyHidden.data && (
        <SidebarLink
          to="/hidden"
          label={t('nav.hidden')}
          icon={<IconEyeOff size={18} />}
          testId="nav-hidden"
        />
      )}
    </div>
  );
}
