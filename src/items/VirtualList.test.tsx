import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import type { ItemsData } from './useItemsData';
import { AHEAD_ROWS, VirtualList } from './VirtualList';
import { ROW_ESTIMATE } from './views';

vi.mock('../engine/client', () => ({ reportInput: () => {} }));

afterEach(cleanup);

const rowsOf = (n: number) =>
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

function data(loaded: number, count: number, want = vi.fn()): ItemsData {
  return {
    rows: rowsOf(loaded),
    count,
    total: count,
    isPending: false,
    error: null,
    hasMore: loaded < count,
    isFetchingMore: false,
    stale: false,
    want,
    setFlag: () => Promise.resolve(null),
    reload: () => {},
    refresh: () => {},
    pin: () => {},
  };
}

function list(d: ItemsData) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <VirtualList
            data={d}
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
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const scroller = screen.getByTestId('items-list');
  return { scroller, height: parseFloat((scroller.firstElementChild as HTMLElement).style.height) };
}

describe('the virtual list', () => {
  it('reaches AHEAD_ROWS past its loaded rows in a long list, and says the whole length', () => {
    const { scroller, height } = list(data(50, 300_000));
    expect(scroller.getAttribute('data-count')).toBe('300000');
    expect(scroller.getAttribute('data-loaded')).toBe('50');
    // Laid out from the estimates (the rows on screen measure 0 in the test DOM): the loaded rows
    // plus AHEAD_ROWS, not 300,000 rows.
    expect(height).toBeLessThanOrEqual((50 + AHEAD_ROWS) * ROW_ESTIMATE.list);
    expect(height).toBeGreaterThan((50 + AHEAD_ROWS - 40) * ROW_ESTIMATE.list);
  });

  it('covers every row of a list shorter than that', () => {
    const { height } = list(data(50, 700));
    expect(height).toBeLessThanOrEqual(700 * ROW_ESTIMATE.list);
    expect(height).toBeGreaterThan((700 - 40) * ROW_ESTIMATE.list);
  });
});
