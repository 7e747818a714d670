import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconCloudUp,
  IconDatabaseExport,
  IconDots,
  IconFileImport,
  IconHighlight,
  IconKeyboard,
  IconList,
  IconPackages,
  IconRss,
  IconSettings,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { setShortcutsHelp } from '../app/helpState';
import { type TKey, useT } from '../i18n';
import { openSettings } from '../settings/dialogState';
import classes from './IndexLayout.module.css';
import { ToolLabel } from './ToolLabel';

interface ToolLink {
  to: string;
  labelKey: TKey;
  icon: ReactNode;
  testId: string;
}

// Screens used now and then. The first run's cards lead to the same places; after that this
// menu is the way there, so nothing is reachable only while the feed list is empty.
const ADD: ToolLink[] = [
  {
    to: '/subscribe',
    labelKey: 'tools.subscribe',
    icon: <IconRss size={16} />,
    testId: 'nav-more-subscribe',
  },
  {
    to: '/subscribe?tab=opml',
    labelKey: 'tools.importOpml',
    icon: <IconFileImport size={16} />,
    testId: 'nav-more-opml',
  },
  { to: '/combo', labelKey: 'tools.bundles', icon: <IconPackages size={16} />, testId: 'nav-more-combo' },
];
const DATA: ToolLink[] = [
  {
    to: '/highlights',
    labelKey: 'highlights.title',
    icon: <IconHighlight size={16} />,
    testId: 'nav-more-highlights',
  },
  { to: '/rss', labelKey: 'tools.manageFeeds', icon: <IconList size={16} />, testId: 'nav-more-rss' },
  { to: '/login', labelKey: 'tools.sync', icon: <IconCloudUp size={16} />, testId: 'nav-more-login' },
  {
    to: '/download',
    labelKey: 'tools.backup',
    icon: <IconDatabaseExport size={16} />,
    testId: 'nav-more-download',
  },
];

/**
 * The "More" button of the sidebar's bottom row: one menu with every tool screen by name
 * (subscribe, OPML import, bundles, the feed list, sync, backup), settings and the shortcut
 * list. A menu rather than more icons, so the row stays one short line in a narrow sidebar or
 * the phone drawer; its dropdown is portalled, so it is never clipped by the sidebar.
 */
export function SidebarTools() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Menu opened={open} onChange={setOpen} position="top-start" offset={6} width={230} shadow="md">
      <Menu.Target>
        <Tooltip label={t('tools.moreTip')} disabled={open}>
          <ActionIcon
            variant={open ? 'light' : 'subtle'}
            color={open ? undefined : 'gray'}
            size="md"
            aria-label={t('tools.menuLabel')}
            className={classes.tool}
            data-testid="nav-more"
          >
            <IconDots size={18} />
            <ToolLabel text={t('tools.short.more')} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown data-testid="nav-more-menu" aria-label={t('tools.menuLabel')}>
        <ToolItems />
        <Menu.Item
          leftSection={<IconSettings size={16} />}
          onClick={() => openSettings()}
          rightSection={<Kbd>,</Kbd>}
          data-testid="nav-more-settings"
        >
          {t('tools.settings')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKeyboard size={16} />}
          onClick={() => setShortcutsHelp(true)}
          rightSection={<Kbd>?</Kbd>}
          data-testid="nav-more-shortcuts"
        >
          {t('tools.shortcuts')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A menu entry's key; a pure keyboard hint, so touch-only screens hide it (global.css). */
function Kbd({ children }: { children: ReactNode }) {
  return (
    <span
      data-key-hint=""
      style={{
        fontSize: 11,
        color: 'var(--mantine-color-dimmed)',
        fontFamily: 'var(--mantine-font-family-monospace)',
      }}
    >
      {children}
    </span>
  );
}

/**
 * The menu's links to the tool screens, the current one marked. Drawn only while the menu is
 * open, so only then does the sidebar's bottom row follow the address: it used to re-render, menu
 * and tooltips, at every j (each article has an address of its own).
 */
function ToolItems() {
  const t = useT();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const item = (tool: ToolLink) => (
    <Menu.Item
      key={tool.to}
      component={Link}
      to={tool.to}
      leftSection={tool.icon}
      data-testid={tool.testId}
      aria-current={here === tool.to ? 'page' : undefined}
      fw={here === tool.to ? 600 : undefined}
    >
      {t(tool.labelKey)}
    </Menu.Item>
  );
  return (
    <>
      <Menu.Label>{t('tools.sectionAdd')}</Menu.Label>
      {ADD.map(item)}
      <Menu.Divider />
      <Menu.Label>{t('tools.sectionAccount')}</Menu.Label>
      {DATA.map(item)}
      <Menu.Divider />
    </>
  );
}
