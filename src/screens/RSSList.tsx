import { Alert, Button, Drawer, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFolders, IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Screen } from '../components/Screen';
import { tRich, useT } from '../i18n';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { groupsQuery } from '../queries/groups';
import { ExportOpmlButton } from '../subscriptions/ExportOpmlButton';
import { iconsQuery, itemTotalsQuery, scoresQuery } from '../subscriptions/queries';
import { startRefresh } from '../subscriptions/refreshActions';
import {
  NO_FILTER,
  type SortColumn,
  type SortState,
  type StatusFilter,
  buildRows,
  filterRows,
  sortRows,
} from './rss/feedTable';
import { FeedTable } from './rss/FeedTable';
import { GroupsPanel } from './rss/GroupsPanel';
import { SelectionBar } from './rss/SelectionBar';
import { useNow } from '../components/useNow';
import { errorText } from '../i18n/errorText';
import { fitWidth } from '../components/fitWidth';

const ICON_CHUNK = 40;

/**
 * Route /rss (RSSList): every subscription in a sortable, filterable table with its status,
 * counts and score; actions on one or many feeds; groups managed beside it.
 */
export function RSSList() {
  const t = useT();
  const feeds = useQuery(feedsQuery());
  const groups = useQuery(groupsQuery());
  const counts = useQuery(countsQuery());
  const scores = useQuery(scoresQuery());
  const feedList = useMemo(() => feeds.data ?? [], [feeds.data]);
  const totals = useQuery({ ...itemTotalsQuery(feedList), enabled: feeds.isSuccess });
  // Icons come in chunks so the first rows get theirs while later ones are still being fetched
  // (a first visit may have to fetch every site's icon, four at a time).
  const iconChunks = useMemo(() => {
    const chunks: number[][] = [];
    for (let i = 0; i < feedList.length; i += ICON_CHUNK)
      chunks.push(feedList.slice(i, i + ICON_CHUNK).map((f) => f.id));
    return chunks;
  }, [feedList]);
  const icons = useQueries({
    queries: iconChunks.map((chunk) => iconsQuery(chunk)),
    combine: (results) =>
      Object.assign({}, ...results.map((r) => r.data ?? {})) as Record<number, string | null>,
  });
  const now = useNow(30_000);
  const [groupsOpen, setGroupsOpen] = useState(false);

  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 120);
  const [group, setGroup] = useState('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortState>({ column: 'title', desc: false });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const rows = useMemo(
    () => buildRows(feedList, groups.data ?? [], counts.data, totals.data, scores.data),
    [feedList, groups.data, counts.data, totals.data, scores.data],
  );
  const shown = useMemo(
    () => sortRows(filterRows(rows, { ...NO_FILTER, text: debounced, group, status }), sort),
    [rows, debounced, group, status, sort],
  );
  // Selection only ever covers feeds that still exist.
  const selectedFeeds = useMemo(() => feedList.filter((f) => selected.has(f.id)), [feedList, selected]);

  const onSort = useCallback(
    (column: SortColumn) =>
      setSort((s) => (s.column === column ? { column, desc: !s.desc } : { column, desc: false })),
    [],
  );
  const onToggle = useCallback((id: number) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const onToggleAll = useCallback(() => {
    setSelected((prev) => {
      const allShown = shown.length > 0 && shown.every((r) => prev.has(r.feed.id));
      return allShown ? new Set() : new Set(shown.map((r) => r.feed.id));
    });
  }, [shown]);

  const groupOptions = useMemo(
    () => [
      { value: 'all', label: t('rss.allGroups') },
      { value: 'none', label: t('rss.noGroup') },
      ...[...(groups.data ?? [])]
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((g) => ({ value: String(g.id), label: g.title })),
    ],
    [groups.data, t],
  );
  const failing = rows.filter((r) => r.health === 'failing' || r.health === 'dead').length;

  return (
    <Screen
      id="rss"
      wide
      title={t('rss.title')}
      subtitle={
        feeds.isSuccess
          ? [
              t('rss.subscriptions', { count: feedList.length }),
              failing ? t('rss.withProblems', { count: failing }) : '',
            ]
              .filter(Boolean)
              .join(' · ')
          : undefined
      }
      actions={
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void startRefresh({ scope: 'all' })}
            data-testid="rss-refresh-all"
          >
            {t('rss.refreshAll')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFolders size={14} />}
            onClick={() => setGroupsOpen(true)}
            data-testid="rss-groups-button"
          >
            {t('rss.groups')}
          </Button>
          <ExportOpmlButton />
          <Button size="xs" component={Link} to="/subscribe" leftSection={<IconPlus size={14} />}>
            {t('rss.subscribe')}
          </Button>
        </Group>
      }
    >
      {feeds.isError && (
        <Alert color="red" variant="light" mb="md">
          {errorText(feeds.error)}
        </Alert>
      )}
      <div>
        <div>
          <Group gap="sm" mb="sm" wrap="wrap">
            <TextInput
              placeholder={t('rss.filterPlaceholder')}
              leftSection={<IconSearch size={14} />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              size="xs"
              w={220}
              aria-label={t('rss.filterLabel')}
              data-testid="rss-filter-text"
            />
            <Select
              size="xs"
              w={fitWidth(groupOptions.map((o) => o.label))}
              maw="100%"
              data={groupOptions}
              value={group}
              onChange={(v) => setGroup(v ?? 'all')}
              allowDeselect={false}
              aria-label={t('rss.groupLabel')}
              data-testid="rss-filter-group"
            />
            <SegmentedControl
              size="xs"
              value={status}
              onChange={(v) => setStatus(v)}
              data={[
                { value: 'all', label: t('rss.statusFilter.all') },
                { value: 'ok', label: t('rss.statusFilter.ok') },
                { value: 'failing', label: t('rss.statusFilter.failing') },
                { value: 'dead', label: t('rss.statusFilter.dead') },
              ]}
              data-testid="rss-filter-status"
            />
            <Text size="xs" c="dimmed" data-testid="rss-shown-count">
              {shown.length === rows.length
                ? ''
                : t('rss.shown', { shown: shown.length, total: rows.length })}
            </Text>
          </Group>
          {selectedFeeds.length > 0 && (
            <SelectionBar
              feeds={selectedFeeds}
              groups={groups.data ?? []}
              onClear={() => setSelected(new Set())}
            />
          )}
          {feeds.isSuccess && feedList.length === 0 ? (
            <Text c="dimmed" py="xl" ta="center" data-testid="rss-empty">
              {tRich('rss.empty', { link: <Link to="/subscribe">{t('rss.emptyLink')}</Link> })}
            </Text>
          ) : (
            <FeedTable
              rows={shown}
              sort={sort}
              onSort={onSort}
              selected={selected}
              onToggle={onToggle}
              onToggleAll={onToggleAll}
              icons={icons}
              now={now}
            />
          )}
        </div>
      </div>
      <Drawer
        opened={groupsOpen}
        onClose={() => setGroupsOpen(false)}
        position="right"
        size={320}
        title={t('rss.groups')}
      >
        <GroupsPanel groups={groups.data ?? []} feeds={feedList} />
      </Drawer>
    </Screen>
  );
}
