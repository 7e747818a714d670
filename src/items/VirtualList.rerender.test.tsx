import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { itemsData, layOutRows, listElement, rowsOf } from './testing/listFixture';

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

const rows = rowsOf(8);
const data = itemsData(rows);

// As ItemsView passes them: new callbacks at every render of the parent.
const element = (selected: number, onOpen: (index: number) => void) =>
  listElement(data, { selected, onOpen: (i) => onOpen(i) });

describe('rows rendered again', () => {
  beforeEach(() => {
    snippets.length = 0;
    layOutRows();
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
