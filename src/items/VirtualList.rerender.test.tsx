import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import type { ItemsData } from './useItemsData';
import { VirtualList, type VirtualListProps } from './VirtualList';

vi.mock('../engine/client', () => ({ reportInput: () => {} }));
// Each row draws one snippet: counting them counts the rows rendered.
const snippets: number[] = [];
vi.mock('../ai/RowSnippet', () => ({
  RowSnippet: ({ row }: { row: ItemRow }) => {
    snippets.push(row.id);
    return null;
  },
}));

afterEach(cleanup);

const rows = Array.from(
  { length: 8 },
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
const data: ItemsData = {
  rows,
  count: rows.length,
  total: rows.length,
  isPending: false,
  error: null,
  hasMore: false,
  isFetchingMore: false,
  stale: false,
  want: () => {},
  setFlag: () => Promise.resolve(null),
  reload: () => {},
  refresh: () => {},
  pin: () => {},
};
const client = new QueryClient();

// As ItemsView passes them: new callbacks at every render of the parent.
function element(selected: number, onOpen: (index: number) => void, extra: Partial<VirtualListProps> = {}) {
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <VirtualList
            data={data}
            view="list"
            feedTitle={() => 'Feed'}
            languageOf={() => ''}
            now={1_700_000_000}
            selected={selected}
            activeId={null}
            onOpen={(i) => onOpen(i)}
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

describe('rows rendered again', () => {
  beforeEach(() => {
    snippets.length = 0;
    // The test DOM lays nothing out: a 900 px list of 90 px rows shows every row.
    const size = (list: number, row: number) =>
      function (this: HTMLElement) {
        return this.dataset.testid === 'items-list' ? list : this.dataset.index !== undefined ? row : 0;
      };
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(size(900, 90));
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(size(900, 900));
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(size(900, 90));
  });

  it('a move of the selection renders the two rows it moved between, not every row', () => {
    const { rerender } = render(element(2, () => {}));
    expect(new Set(snippets)).toEqual(new Set(rows.map((r) => r.id)));
    snippets.length = 0;
    rerender(element(3, () => {}));
    expect(snippets.sort()).toEqual([3, 4]);
  });

  it('a row that did not render again still calls the newest callback', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(element(0, first));
    rerender(element(1, latest));
    snippets.length = 0;
    // Row 6 kept what it rendered first; its click reaches the callback of the last render.
    fireEvent.click(screen.getByRole('option', { name: 'Row 6' }));
    expect(latest).toHaveBeenCalledWith(5);
    expect(first).not.toHaveBeenCalled();
  });
});
