import { ActionIcon, Group, ScrollArea, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { Logo } from './Logo';
import { SidebarFeeds } from './SidebarFeeds';
import { SidebarFilters } from './SidebarFilters';
import { SidebarAccount } from './SidebarAccount';
import { SidebarFooter } from './SidebarFooter';
import { SidebarScopes } from './SidebarScopes';
import { SidebarTags } from './SidebarTags';

/**
 * The sidebar's content: brand, fixed lists, feeds by group, and the tool row. Memoised: the
 * layout around it renders at every address change (each j opens an article's address), and the
 * sidebar's parts that follow the address read it themselves (activePath.ts).
 */
export const Sidebar = memo(function Sidebar({ onHide }: { onHide: () => void }) {
  const t = useT();
  return (
    <>
      <Group justify="space-between" px="md" pt="md" pb="xs" wrap="nowrap">
        <Link
          to="/"
          style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none', color: 'inherit' }}
        >
          <Logo size={24} />
          <Text fw={700} fz="lg" style={{ letterSpacing: -0.2 }}>
            Rivulet
          </Text>
        </Link>
        <Tooltip label={t('nav.hideSidebarTip')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onHide}
            aria-label={t('nav.hideSidebar')}
            data-testid="sidebar-toggle"
          >
            <IconLayoutSidebarLeftCollapse size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea style={{ flex: 1 }} px="xs" type="hover" scrollbarSize={6}>
        <SidebarScopes />
        <SidebarFilters />
        <SidebarTags />
        <SidebarFeeds />
      </ScrollArea>
      <SidebarAccount />
      <SidebarFooter />
    </>
  );
});
