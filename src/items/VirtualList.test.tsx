import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemsData } from './useItemsData';
import { AHEAD_ROWS } from './VirtualList';
import { itemsData, layOutRows, listElement, rowsOf } from './testing/listFixture';
import { ROW_ESTIMATE } from './views';

vi.mock('../engine/client', () => ({ reportInput: () => {} }));

afterEach(cleanup);

const data = (loaded: number, count: number, want = vi.fn()): ItemsData =>
  itemsData(rowsOf(loaded), count, { want });
const element = listElement;

function list(d: ItemsData) {
  render(element(d));
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

describe('the rows for assistive technology', () => {
  // The test DOM lays nothing out: the list's viewport is said to be 900 × 900 and each row 90
  // high, so the rows of a screen (and the overscan) render.
  beforeEach(layOutRows);
  afterEach(() => vi.restoreAllMocks());
  const props = { labelledBy: 'list-title', footer: <button type="button">Next feed</button> };

  it('are the options of a listbox named by the title, each with its title and place in the whole list', () => {
    render(
      <>
        <h1 id="list-title">Daily News</h1>
        {element(data(8, 8), props)}
      </>,
    );
    const listbox = screen.getByRole('listbox', { name: 'Daily News' });
    expect(listbox.tabIndex).toBe(0);
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(8);
    expect(options[2]!.getAttribute('aria-label')).toBe('Row 3');
    expect(options[2]!.getAttribute('aria-posinset')).toBe('3');
    expect(options[2]!.getAttribute('aria-setsize')).toBe('8');
    expect(options.every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(listbox.hasAttribute('aria-activedescendant')).toBe(false);
    // The footer's buttons are not options of the list.
    expect(within(listbox).queryByRole('button', { name: 'Next feed' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next feed' })).toBeTruthy();
    // The rows' own buttons are for the pointer: no option holds a control (ItemCells.test.tsx),
    // and nothing in the listbox but the listbox itself takes the focus.
    expect(within(listbox).queryAllByRole('button')).toEqual([]);
    expect([...listbox.querySelectorAll('[tabindex], button, a[href]')]).toEqual([]);
  });

  it('the selected row is aria-selected and the active descendant while it is rendered', () => {
    const d = data(1000, 1000);
    const { rerender } = render(element(d, { ...props, selected: 2 }));
    const listbox = screen.getByRole('listbox');
    const selected = within(listbox).getByRole('option', { selected: true });
    expect(selected.getAttribute('aria-label')).toBe('Row 3');
    expect(listbox.getAttribute('aria-activedescendant')).toBe(selected.id);
    expect(document.getElementById(selected.id)).toBe(selected);
    // Far below the rows on screen: no row is in the DOM to name.
    rerender(element(d, { ...props, selected: 900 }));
    expect(within(listbox).queryByRole('option', { selected: true })).toBeNull();
    expect(listbox.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('a move with the keyboard puts the focus on the listbox; other scrolls leave the focus alone', () => {
    const d = data(30, 30);
    const { rerender } = render(element(d, { ...props, selected: 1, scrollTo: { index: 1, seq: 1 } }));
    const listbox = screen.getByRole('listbox');
    expect(document.activeElement).not.toBe(listbox);
    rerender(element(d, { ...props, selected: 2, scrollTo: { index: 2, seq: 2, focus: true } }));
    expect(document.activeElement).toBe(listbox);
  });

  it('the menu key on the focused list opens the selected row’s menu', () => {
    const onMenu = vi.fn();
    render(element(data(30, 30), { ...props, selected: 4, onMenu }));
    fireEvent.contextMenu(screen.getByRole('listbox'));
    expect(onMenu).toHaveBeenCalledOnce();
    expect(onMenu.mock.calls[0]![0]).toBe(4);
  });
});
