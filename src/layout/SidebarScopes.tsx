import { Alert, Button } from '@mantine/core';
import { IconCalendar, IconEyeOff, IconInbox, IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { anyHiddenQuery } from '../queries/hidden';
import { useT } from '../i18n';
import { useEngineStatus } from '../queries/useCounts';
import { SidebarLink } from './SidebarLink';

/** All / Today / Saved, with counts; the engine-failure notice with Retry lives here too. */
export function SidebarScopes() {
  const t = useT();
  const { counts, error, retry } = useEngineStatus();
  // Hidden (articles rules hid) is listed only once something is hidden.
  const anyHidden = useQuery(anyHiddenQuery());
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
      <SidebarLink to="/home" label={t('nav.today')} icon={<IconCalendar size={18} />} testId="nav-today" />
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
