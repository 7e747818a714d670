import { UnstyledButton } from '@mantine/core';
import { IconCalendar, IconInbox, IconMenu2, IconSearch, IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../i18n';
import classes from './IndexLayout.module.css';

/** Addresses that count as each tab (the short aliases too). */
const TABS = [
  { to: '/all', paths: ['/all'], icon: IconInbox, labelKey: 'nav.bottomAll', testId: 'bottom-all' },
  {
    to: '/home',
    paths: ['/home', '/today', '/explore'],
    icon: IconCalendar,
    labelKey: 'nav.today',
    testId: 'bottom-today',
  },
  { to: '/next', paths: ['/next', '/saved'], icon: IconStar, labelKey: 'nav.saved', testId: 'bottom-saved' },
  { to: '/search', paths: ['/search'], icon: IconSearch, labelKey: 'nav.search', testId: 'bottom-search' },
] as const;

function Tab({ icon, label, ...rest }: { icon: ReactNode; label: string } & Record<string, unknown>) {
  return (
    <UnstyledButton className={classes.tab} {...rest}>
      {icon}
      <span className={classes.tabLabel}>{label}</span>
    </UnstyledButton>
  );
}

/**
 * The phone's bottom bar: All, Today, Saved, Search and the menu (the sidebar as a drawer).
 * Its height is `--rv-bottom-nav-h` on the app shell, so docked things (a mini-player) can sit
 * just above it with `bottom: var(--rv-bottom-nav-h, 0px)`.
 */
export function BottomBar({ onMenu, menuOpen }: { onMenu: () => void; menuOpen: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav className={classes.bottomBar} aria-label={t('nav.bottomBar')} data-testid="bottom-bar">
      {TABS.map((tab) => {
        const Icon = tab.icon;
        const current = (tab.paths as readonly string[]).includes(pathname);
        return (
          <Tab
            key={tab.to}
            component={Link}
            to={tab.to}
            icon={<Icon size={22} stroke={1.6} />}
            label={t(tab.labelKey)}
            aria-current={current ? 'page' : undefined}
            data-testid={tab.testId}
          />
        );
      })}
      <Tab
        icon={<IconMenu2 size={22} stroke={1.6} />}
        label={t('nav.menu')}
        onClick={onMenu}
        aria-expanded={menuOpen}
        data-testid="sidebar-show"
      />
    </nav>
  );
}
