import { Checkbox, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconInfoCircle } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { type FeedRowData, type SortColumn, type SortState, TIP_EVENTS } from './feedTable';
import { FeedTableRow } from './FeedTableRow';
import classes from './FeedTable.module.css';

// Fixed widths let the browser lay the table out without measuring every cell (fixed layout).
// Headers are `rss.columns.<column>` in the dictionaries.
const COLUMNS: { column: SortColumn; right?: boolean; width?: number }[] = [
  { column: 'title' },
  { column: 'site', width: 130 },
  { column: 'group', width: 100 },
  { column: 'lastFetched', width: 112 },
  { column: 'status', width: 170 },
  { column: 'total', right: true, width: 62 },
  { column: 'unread', right: true, width: 72 },
  { column: 'score', right: true, width: 96 },
];

interface FeedTableProps {
  rows: FeedRowData[];
  sort: SortState;
  onSort: (column: SortColumn) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number, additive: boolean) => void;
  onToggleAll: () => void;
  icons: Record<number, string | null> | undefined;
  now: number;
}

/** The subscriptions table: sortable headers (click again to reverse), a select-all box, rows. */
export function FeedTable({
  rows,
  sort,
  onSort,
  selected,
  onToggle,
  onToggleAll,
  icons,
  now,
}: FeedTableProps) {
  const t = useT();
  const all = rows.length > 0 && rows.every((r) => selected.has(r.feed.id));
  const some = !all && rows.some((r) => selected.has(r.feed.id));
  return (
    <div className={classes.wrap}>
      <Table highlightOnHover verticalSpacing={6} fz="sm" data-testid="rss-table" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                size="xs"
                checked={all}
                indeterminate={some}
                onChange={onToggleAll}
                aria-label={t('rss.selectAll')}
                data-testid="rss-select-all"
              />
            </Table.Th>
            {COLUMNS.map((c) => {
              const active = sort.column === c.column;
              const Arrow = sort.desc ? IconArrowDown : IconArrowUp;
              return (
                <Table.Th
                  key={c.column}
                  w={c.width}
                  ta={c.right ? 'right' : undefined}
                  aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                  data-col={c.column}
                >
                  <UnstyledButton
                    onClick={() => onSort(c.column)}
                    data-testid={`rss-sort-${c.column}`}
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  >
                    <Text
                      size="xs"
                      fw={700}
                      c={active ? undefined : 'dimmed'}
                      tt="uppercase"
                      style={{ letterSpacing: 0.4 }}
                    >
                      {t(`rss.columns.${c.column}`)}
                    </Text>
                    {active && <Arrow size={12} />}
                  </UnstyledButton>
                  {c.column === 'score' && (
                    <Tooltip label={t('rss.scoreTip')} multiline maw={280} events={TIP_EVENTS}>
                      <span className={classes.info} tabIndex={0} aria-label={t('rss.scoreTip')} role="img">
                        <IconInfoCircle size={13} />
                      </span>
                    </Tooltip>
                  )}
                </Table.Th>
              );
            })}
            <Table.Th w={36} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <FeedTableRow
              key={row.feed.id}
              row={row}
              selected={selected.has(row.feed.id)}
              onToggle={onToggle}
              icon={icons?.[row.feed.id]}
              now={now}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
