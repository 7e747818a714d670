import { Group, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { tagsQuery } from '../tags/api';
import { openManageTags } from '../tags/manageStore';
import { TagDot } from '../tags/TagDot';
import { HeaderIcon } from './HeaderIcon';
import { SidebarLink } from './SidebarLink';

/**
 * The "Tags" section: every tag with its colour and its unread articles (like feeds, groups and
 * filters, as FreshRSS and Inoreader count labels; the tag's list says how many it holds in
 * all), each opening `/t/<id>`, and a button to manage them (rename, recolour, delete). Absent
 * while there are no tags. The counts follow reading, hiding and deleting (the `tags` query is
 * one of the tallies in src/engine/events.ts). The dialog itself is IndexLayout's
 * (ManageTagsHost): the sidebar goes away as the window narrows, the dialog stays.
 */
export function SidebarTags() {
  const t = useT();
  const tags = useQuery(tagsQuery()).data ?? [];
  if (tags.length === 0) return null;
  return (
    <div style={{ marginTop: 18 }} data-testid="sidebar-tags">
      <Group justify="space-between" pl={12} pr={4} mb={4}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.6 }}>
          {t('tags.section')}
        </Text>
        <HeaderIcon
          size="sm"
          onClick={openManageTags}
          label={t('tags.manage')}
          icon={IconSettings}
          data-testid="nav-tags-manage"
        />
      </Group>
      {tags.map((tag) => (
        <SidebarLink
          key={tag.id}
          to={`/t/${tag.id}`}
          label={tag.name}
          icon={
            <span style={{ width: 18, display: 'inline-flex', justifyContent: 'center' }}>
              <TagDot color={tag.color} />
            </span>
          }
          count={tag.unread}
          testId={`nav-tag-${tag.id}`}
        />
      ))}
    </div>
  );
}
