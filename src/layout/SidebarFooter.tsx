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
import { Link } from 'react-router-dom';
import { useIsCurrentPath } from './activePath';
import { type TKey, useT } from '../i18n';
import { openSettings } from '../settings/dialogState';
import { updateSettings, useSettingsGroup } from '../settings/useSettings';
import classes from './IndexLayout.module.css';
import { SidebarTools } from './SidebarTools';
import { ToolLabel } from './ToolLabel';
import { nextThemeMode } from './themeCycle';

const TOOLS: { to: string; labelKey: TKey; shortKey: TKey; icon: ReactNode; testId: string }[] = [
  {
    to: '/rss',
    labelKey: 'nav.manageFeeds',
    shortKey: 'tools.short.feeds',
    icon: <IconList size={18} />,
    testId: 'nav-rss',
  },
  {
    to: '/filter',
    labelKey: 'nav.filters',
    shortKey: 'tools.short.filters',
    icon: <IconFilter size={18} />,
    testId: 'nav-filter',
  },
  {
    to: '/search',
    labelKey: 'nav.search',
    shortKey: 'tools.short.search',
    icon: <IconSearch size={18} />,
    testId: 'nav-search',
  },
  {
    to: '/download',
    labelKey: 'nav.download',
    shortKey: 'tools.short.download',
    icon: <IconDownload size={18} />,
    testId: 'nav-download',
  },
];

const THEME_ICON = {
  system: <IconDeviceDesktop size={18} />,
  light: <IconSun size={18} />,
  dark: <IconMoon size={18} />,
};

/**
 * Bottom row of the sidebar: the most used tool screens as icons, the "More" menu naming every
 * tool screen (SidebarTools), the theme toggle and the settings gear.
 */
export function SidebarFooter() {
  const t = useT();
  const { themeMode } = useSettingsGroup('appearance');
  const mode = t(`settings.appearance.themes.${themeMode}`);
  return (
    <Group
      gap={2}
      px="xs"
      py={8}
      justify="space-between"
      style={{ borderTop: '1px solid var(--rv-border)' }}
      data-testid="sidebar-footer"
    >
      <Group gap={2}>
        {TOOLS.map((tool) => (
          <ToolIcon key={tool.to} tool={tool} />
        ))}
        <SidebarTools />
      </Group>
      <Group gap={2}>
        <Tooltip label={t('nav.themeTip', { mode })}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={t('nav.theme', { mode })}
            className={classes.tool}
            data-testid="theme-toggle"
            data-mode={themeMode}
            onClick={() => updateSettings('appearance', { themeMode: nextThemeMode(themeMode) })}
          >
            {THEME_ICON[themeMode]}
            <ToolLabel text={t('tools.short.theme')} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('nav.settingsTip')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={t('nav.settings')}
            className={classes.tool}
            data-testid="open-settings"
            onClick={() => openSettings()}
          >
            <IconSettings size={18} />
            <ToolLabel text={t('tools.short.settings')} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/**
 * One tool screen's icon, marked while its screen is shown. It follows the path through the
 * sidebar's store (activePath.ts), so an address change that does not make it current or not
 * (each j is one) leaves it, its tooltip and the row around it alone.
 */
function ToolIcon({ tool }: { tool: (typeof TOOLS)[number] }) {
  const t = useT();
  const current = useIsCurrentPath(tool.to);
  return (
    <Tooltip label={t(tool.labelKey)}>
      <ActionIcon
        component={Link}
        to={tool.to}
        variant={current ? 'light' : 'subtle'}
        color={current ? undefined : 'gray'}
        size="md"
        aria-label={t(tool.labelKey)}
        className={classes.tool}
        data-testid={tool.testId}
      >
        {tool.icon}
        <ToolLabel text={t(tool.shortKey)} />
      </ActionIcon>
    </Tooltip>
  );
}
