import { Checkbox, Table, Tooltip } from '@mantine/core';
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
  /** Its place in the table's rows (the virtualizer's index; `aria-rowindex` counts the header). */
  index: number;
  /** The virtualizer's measuring ref. */
  measure: (el: HTMLTableRowElement | null) => void;
  selected: boolean;
  onToggle: (id: number, additive: boolean) => void;
  icon: string | null | undefined;
  /** Unix seconds, shared by every row so "3 min ago" agrees across the table. */
  now: number;
}

const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** One feed of the table. Memoised: re-renders only when its own data, selection or icon change. */
export const FeedTableRow = memo(function FeedTableRow({
  row,
  index,
  measure,
  selected,
  onToggle,
  icon,
  now,
}: RowProps) {
  const t = useT();
  const { feed } = row;
  const site = feed.siteUrl || feed.url;
  const problem = row.problem ? (
    // Cut to fit; the whole text on hover, tap or keyboard focus.
    <Tooltip label={row.problem} multiline maw={320} events={TIP_EVENTS}>
      <div
        className={classes.cell}
        data-tone={row.health === 'dead' ? 'dead' : 'failing'}
        tabIndex={0}
        data-testid="rss-status"
      >
        {row.problem}
      </div>
    </Tooltip>
  ) : (
    <div className={classes.cell} data-tone="dimmed" data-testid="rss-status">
      {t(`rss.status.${row.health}`)}
    </div>
  );
  // Plain elements with the module's classes where Mantine adds no behaviour: only the rows near
  // the viewport are rendered (FeedTable), and each scroll mounts new ones, so a row's cost is
  // felt as frames (Text, Group and Anchor were most of a row's script time).
  return (
    <Table.Tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
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
        <div className={classes.line}>
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
          <Link to={feedPath(feed.id)} className={classes.title} data-testid="rss-title" data-touch-link="">
            {feed.title || feed.url}
          </Link>
          <span className={classes.titleMarker}>
            <FeedStatusMarker feed={feed} />
          </span>
        </div>
      </Table.Td>
      <Table.Td data-col="site">
        <div className={classes.cell} data-tone="dimmed" title={site}>
          {siteLabel(site)}
        </div>
      </Table.Td>
      <Table.Td data-col="group">
        <div
          className={classes.cell}
          data-tone={row.groupTitle ? undefined : 'dimmed'}
          data-testid="rss-group"
        >
          {row.groupTitle || '—'}
        </div>
      </Table.Td>
      <Table.Td data-col="lastFetched">
        <div
          className={classes.cell}
          data-tone="dimmed"
          title={feed.lastFetched ? formatDate(feed.lastFetched * 1000) : undefined}
        >
          {relativeTime(feed.lastFetched, now)}
        </div>
      </Table.Td>
      <Table.Td data-col="status">
        <div className={classes.line} style={{ gap: 4 }}>
          <FeedStatusMarker feed={feed} />
          {problem}
        </div>
      </Table.Td>
      <Table.Td ta="right" data-col="total">
        <div className={classes.cell}>{row.total === null ? '…' : formatNumber(row.total)}</div>
      </Table.Td>
      <Table.Td ta="right" data-col="unread">
        <div className={classes.cell} data-strong={row.unread ? true : undefined} data-testid="rss-unread">
          {formatNumber(row.unread)}
        </div>
      </Table.Td>
      <Table.Td ta="right" data-col="score">
        <div className={classes.cell} data-tone="dimmed" title={t('rss.scoreTip')}>
          {row.score === null ? '—' : formatNumber(row.score, ONE_DECIMAL)}
        </div>
      </Table.Td>
      <Table.Td w={36}>
        <RowMenu feed={feed} />
      </Table.Td>
    </Table.Tr>
  );
});
