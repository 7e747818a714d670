import { Anchor, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { formatDate, formatNumber, useT } from '../../i18n';
import { FeedStatusMarker } from '../../subscriptions/FeedStatusMarker';
import { feedPath } from '../../subscriptions/paths';
import { type FeedRowData, relativeTime, siteLabel, TIP_EVENTS } from './feedTable';
import classes from './FeedTable.module.css';
import { RowMenu } from './RowMenu';

interface RowProps {
  row: FeedRowData;
  selected: boolean;
  onToggle: (id: number, additive: boolean) => void;
  icon: string | null | undefined;
  /** Unix seconds, shared by every row so "3 min ago" agrees across the table. */
  now: number;
}

const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** One feed of the table. Memoised: re-renders only when its own data, selection or icon change. */
export const FeedTableRow = memo(function FeedTableRow({ row, selected, onToggle, icon, now }: RowProps) {
  const t = useT();
  const { feed } = row;
  const site = feed.siteUrl || feed.url;
  return (
    <Table.Tr
      data-testid={`rss-row-${feed.id}`}
      data-health={row.health}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Table.Td w={36}>
        <Checkbox
          size="xs"
          checked={selected}
          onChange={(e) => onToggle(feed.id, (e.nativeEvent as MouseEvent).shiftKey)}
          aria-label={t('rss.select', { name: feed.title || feed.url })}
          data-testid={`rss-select-${feed.id}`}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          {icon ? (
            <img
              src={icon}
              alt=""
              width={18}
              height={18}
              style={{ borderRadius: 4, flex: 'none' }}
              data-testid="feed-icon"
            />
          ) : (
            <Avatar name={feed.title || site} size={18} />
          )}
          <Anchor
            component={Link}
            to={feedPath(feed.id)}
            size="sm"
            fw={500}
            truncate
            c="var(--mantine-color-text)"
            data-testid="rss-title"
          >
            {feed.title || feed.url}
          </Anchor>
          <span className={classes.titleMarker}>
            <FeedStatusMarker feed={feed} />
          </span>
        </Group>
      </Table.Td>
      <Table.Td data-col="site">
        <Text size="xs" c="dimmed" truncate title={site}>
          {siteLabel(site)}
        </Text>
      </Table.Td>
      <Table.Td data-col="group">
        <Text size="xs" c={row.groupTitle ? undefined : 'dimmed'} truncate data-testid="rss-group">
          {row.groupTitle || '—'}
        </Text>
      </Table.Td>
      <Table.Td data-col="lastFetched">
        <Text
          size="xs"
          c="dimmed"
          style={{ whiteSpace: 'nowrap' }}
          title={feed.lastFetched ? formatDate(feed.lastFetched * 1000) : undefined}
        >
          {relativeTime(feed.lastFetched, now)}
        </Text>
      </Table.Td>
      <Table.Td data-col="status">
        <Group gap={4} wrap="nowrap">
          <FeedStatusMarker feed={feed} />
          {/* Cut to fit; the whole text on hover, tap or keyboard focus. */}
          <Tooltip label={row.problem} disabled={!row.problem} multiline maw={320} events={TIP_EVENTS}>
            <Text
              size="xs"
              truncate
              c={row.problem ? (row.health === 'dead' ? 'red' : 'orange') : 'dimmed'}
              tabIndex={row.problem ? 0 : undefined}
              data-testid="rss-status"
            >
              {row.problem || t(`rss.status.${row.health}`)}
            </Text>
          </Tooltip>
        </Group>
      </Table.Td>
      <Table.Td ta="right" data-col="total">
        <Text size="xs">{row.total === null ? '…' : formatNumber(row.total)}</Text>
      </Table.Td>
      <Table.Td ta="right" data-col="unread">
        <Text size="xs" fw={row.unread ? 600 : undefined} data-testid="rss-unread">
          {formatNumber(row.unread)}
        </Text>
      </Table.Td>
      <Table.Td ta="right" data-col="score">
        <Text size="xs" c="dimmed" title={t('rss.scoreTip')}>
          {row.score === null ? '—' : formatNumber(row.score, ONE_DECIMAL)}
        </Text>
      </Table.Td>
      <Table.Td w={36}>
        <RowMenu feed={feed} />
      </Table.Td>
    </Table.Tr>
  );
});
