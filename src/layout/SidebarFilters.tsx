import { Group, Text } from '@mantine/core';
import { IconFilter, IconPlus, IconSparkles } from '@tabler/icons-react';
import { isKeywordFilter, useSavedFilters } from '../filters/savedFilters';
import { useFilterCounts } from '../filters/useFilterCounts';
import { useT } from '../i18n';
import { HeaderIcon } from './HeaderIcon';
import { SidebarLink } from './SidebarLink';

/**
 * The "Filters" section: saved filters with unread counts (one engine call for all of them,
 * refreshed by engine events), each opening `/filter/<id>`. Absent when nothing is saved.
 */
export function SidebarFilters() {
  const t = useT();
  const filters = useSavedFilters();
  const counts = useFilterCounts(filters);
  if (filters.length === 0) return null;
  return (
    <div style={{ marginTop: 18 }} data-testid="sidebar-filters">
      <Group justify="space-between" pl={12} pr={4} mb={4}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.6 }}>
          {t('nav.filters')}
        </Text>
        <HeaderIcon
          size="sm"
          to="/filter"
          label={t('nav.newFilter')}
          icon={IconPlus}
          data-testid="nav-filter-new"
        />
      </Group>
      {filters.map((f) => (
        <SidebarLink
          key={f.id}
          to={`/filter/${encodeURIComponent(f.id)}`}
          label={f.name}
          icon={isKeywordFilter(f) ? <IconSparkles size={18} /> : <IconFilter size={18} />}
          count={counts[f.id]?.unread}
          testId={`nav-filter-${f.id}`}
        />
      ))}
    </div>
  );
}
