import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconDownload,
  IconFilter,
  IconList,
  IconMoon,
  IconSearch,
  IconSettings,
  IconSun,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { openSettings } from '../settings/dialogState';
import { updateSettings, useSettingsGroup } from '../settings/useSettings';
import { nextThemeMode } from './themeCycle';

const TOOLS: { to: string; label: string; icon: ReactNode; testId: string }[] = [
  { to: '/rss', label: 'Manage feeds', icon: <IconList size={18} />, testId: 'nav-rss' },
  { to: '/filter', label: 'Filters', icon: <IconFilter size={18} />, testId: 'nav-filter' },
  { to: '/search', label: 'Search', icon: <IconSearch size={18} />, testId: 'nav-search' },
  { to: '/download', label: 'Download', icon: <IconDownload size={18} />, testId: 'nav-download' },
];

const THEME_ICON = {
  system: <IconDeviceDesktop size={18} />,
  light: <IconSun size={18} />,
  dark: <IconMoon size={18} />,
};

/** Bottom row of the sidebar: tool screens, the theme toggle and the settings gear. */
export function SidebarFooter() {
  const { pathname } = useLocation();
  const { themeMode } = useSettingsGroup('appearance');
  return (
    <Group gap={2} px="xs" py={8} justify="space-between" style={{ borderTop: '1px solid var(--rv-border)' }}>
      <Group gap={2}>
        {TOOLS.map((t) => (
          <Tooltip key={t.to} label={t.label}>
            <ActionIcon
              component={Link}
              to={t.to}
              variant={pathname === t.to ? 'light' : 'subtle'}
              color={pathname === t.to ? undefined : 'gray'}
              size="md"
              aria-label={t.label}
              data-testid={t.testId}
            >
              {t.icon}
            </ActionIcon>
          </Tooltip>
        ))}
      </Group>
      <Group gap={2}>
        <Tooltip label={`Theme: ${themeMode} (click to change)`}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={`Theme: ${themeMode}`}
            data-testid="theme-toggle"
            data-mode={themeMode}
            onClick={() => updateSettings('appearance', { themeMode: nextThemeMode(themeMode) })}
          >
            {THEME_ICON[themeMode]}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Settings (,)">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label="Settings"
            data-testid="open-settings"
            onClick={() => openSettings()}
          >
            <IconSettings size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
