import { Checkbox, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconInfoCircle } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
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

/** A row's height before it is measured (one line of text, 6 px spacing). */
export const ROW_ESTIMATE = 37;
/** Rows rendered past each edge of the viewport. */
const OVERSCAN = 12;

// The element that scrolls the table: the nearest ancestor that scrolls (the layout's `main`).
function scrollParentOf(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY === 'auto' || overflowY === 'scroll') return p;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : null;
}

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

/**
 * The subscriptions table: sortable headers (click again to reverse), a select-all box, rows.
 * Only the rows near the viewport are in the page (TanStack Virtual over the screen's scrolling
 * ancestor, spacer rows above and below): 1,000 feeds as full rows took 8.5 s to show on /rss,
 * most of it rendering Mantine cells and laying out the table.
 */
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

  // Where the rows start in the scrolling element. The filters and the selection bar above the
  // table move it; they are in the table's parent, so its size changing says when to read again.
  const bodyRef = useRef<HTMLTableSectionElement | null>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const el = scrollParentOf(body);
    setScroller(el);
    const host = body?.closest(`.${classes.wrap}`)?.parentElement;
    if (!el || !body || !host) return;
    const measure = () => {
      const top = body.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
      setMargin((was) => (Math.abs(was - top) < 1 ? was : top));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(host);
    return () => observer.disconnect();
  }, []);
  // Stable while the rows are (a new key function makes the virtualizer measure again).
  const getItemKey = useCallback((i: number) => rows[i]?.feed.id ?? -i - 1, [rows]);
  // TanStack Virtual returns a mutable instance; this component does not rely on memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    scrollMargin: margin,
    // A first guess of the viewport, so rows render before the scroller is measured.
    initialRect: { width: 1200, height: 900 },
    getItemKey,
  });
  const shown = virtualizer.getVirtualItems();
  const first = shown[0];
  const last = shown[shown.length - 1];
  const above = first ? first.start - margin : 0;
  const below = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0;

  return (
    <div className={classes.wrap}>
      <Table
        highlightOnHover
        verticalSpacing={6}
        fz="sm"
        data-testid="rss-table"
        className={classes.table}
        aria-rowcount={rows.length + 1}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
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
                    className={classes.sort}
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
        <Table.Tbody ref={bodyRef}>
          {above > 0 && <Spacer height={above} />}
          {shown.map((v) => {
            const row = rows[v.index]!;
            return (
              <FeedTableRow
                key={row.feed.id}
                row={row}
                index={v.index}
                measure={virtualizer.measureElement}
                selected={selected.has(row.feed.id)}
                onToggle={onToggle}
                icon={icons?.[row.feed.id]}
                now={now}
              />
            );
          })}
          {below > 0 && <Spacer height={below} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

// Stands for the rows not rendered above or below the viewport. One cell, no colSpan: in
// Chromium's fixed table layout a cell spanning more columns than the narrow layouts show (they
// hide some) squeezed the title column to ~30 px on a phone.
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden className={classes.spacer} data-testid="rss-spacer">
      <td style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
