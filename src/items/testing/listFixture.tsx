/** What the list's tests share: a list's data, the list element, and a layout for its rows. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { ItemRow } from '../../engine/contract';
import type { ItemsData } from '../useItemsData';
import { VirtualList, type VirtualListProps } from '../VirtualList';

/** `n` unread rows of feed 1, ids 1…n, titled "Row 1"…, newest first. */
export const rowsOf = (n: number): ItemRow[] =>
  Array.from(
    { length: n },
    (_, i) =>
      ({
        id: i + 1,
        feedId: 1,
        title: `Row ${i + 1}`,
        pubDate: 1_700_000_000 - i,
        flags: 0,
        link: '',
      }) as ItemRow,
  );

/** A list's data holding `rows` of `count` in all, with nothing pending; `overrides` replace parts. */
export function itemsData(
  rows: ItemRow[],
  count = rows.length,
  overrides: Partial<ItemsData> = {},
): ItemsData {
  return {
    rows,
    count,
    total: count,
    isPending: false,
    error: null,
    hasMore: rows.length < count,
    isFetchingMore: false,
    stale: false,
    want: () => {},
    setFlag: () => Promise.resolve(null),
    reload: () => {},
    refresh: () => {},
    pin: () => {},
    ...overrides,
  };
}

/** The list over `data` in its providers, as ItemsView passes it (callbacks new at each call). */
export function listElement(data: ItemsData, extra: Partial<VirtualListProps> = {}) {
  return (
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <VirtualList
            data={data}
            view="list"
            feedTitle={() => 'Feed'}
            languageOf={() => ''}
            now={1_700_000_000}
            selected={-1}
            activeId={null}
            onOpen={() => {}}
            onMenu={() => {}}
            onToggleRead={() => {}}
            onToggleSaved={() => {}}
            onRange={() => {}}
            footer={null}
            scrollTo={null}
            idPrefix="rows"
            {...extra}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * The test DOM lays nothing out: this says the list's viewport is 900 × 900 and each row 90
 * high, so the rows of a screen (and the overscan) render. Undone by `vi.restoreAllMocks()`.
 */
export function layOutRows(): void {
  const size = (list: number, row: number) =>
    function (this: HTMLElement) {
      return this.dataset.testid === 'items-list' ? list : this.dataset.index !== undefined ? row : 0;
    };
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(size(900, 90));
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(size(900, 900));
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(size(900, 90));
}
