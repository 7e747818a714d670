/**
 * A row is an option of the list's listbox, and an option holds no controls (axe's
 * nested-interactive): its buttons are for the pointer and touch only, hidden from assistive
 * technology and out of the focus order, while a click or tap on them still acts.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import type { Tooltip } from '@mantine/core';
import { renderUi } from '../reader/testing/render';

// Counts the tooltips the cells set up (each is a floating element's hooks: see RowButton).
const tooltips = vi.hoisted(() => ({ mounted: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const core = await importOriginal<{ Tooltip: typeof Tooltip }>();
  const Counted = (p: Parameters<typeof core.Tooltip>[0]) => {
    tooltips.mounted++;
    return <core.Tooltip {...p} />;
  };
  return { ...core, Tooltip: Object.assign(Counted, core.Tooltip) };
});
import { type CellProps, ItemCard, ItemRowCell, ItemTextCell } from './ItemCells';

const row = {
  id: 7,
  feedId: 1,
  title: 'A post',
  snippet: 'Some text.',
  pubDate: 1_700_000_000,
  flags: 0,
  link: 'https://example.com/a',
  thumbnail: '',
} as ItemRow;

const props = (): CellProps => ({
  row,
  index: 3,
  optionId: 'row-7',
  setSize: 10,
  feedTitle: 'Example',
  now: 1_700_000_100,
  selected: true,
  active: false,
  onOpen: vi.fn(),
  onMenu: vi.fn(),
  onToggleRead: vi.fn(),
  onToggleSaved: vi.fn(),
  titleLang: null,
  language: '',
});

/** What axe counts as interactive: focusable (natively or by tabindex), or a widget's role. */
const INTERACTIVE =
  'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable], [role=button], [role=link], [role=checkbox], [role=switch], [role=menuitem], [role=tab]';

const cells = {
  row: (p: CellProps) => <ItemRowCell {...p} view="list" />,
  text: (p: CellProps) => <ItemTextCell {...p} />,
  card: (p: CellProps) => <ItemCard {...p} />,
};

describe('a row of the list', () => {
  for (const [name, cell] of Object.entries(cells)) {
    it(`${name}: an option with no control inside, its buttons hidden from assistive technology`, () => {
      renderUi(<MemoryRouter>{cell(props())}</MemoryRouter>);
      const option = screen.getByRole('option', { name: 'A post' });
      expect([...option.querySelectorAll(INTERACTIVE)].map((el) => el.outerHTML.slice(0, 80))).toEqual([]);
      expect(screen.getByTestId('item-actions').getAttribute('aria-hidden')).toBe('true');
      // Nothing in it is announced but its title.
      expect(screen.queryAllByRole('button')).toEqual([]);
    });
  }

  it('its buttons still act on a click or tap, without opening the article', () => {
    const p = props();
    renderUi(<MemoryRouter>{cells.row(p)}</MemoryRouter>);
    fireEvent.click(screen.getByTestId('item-save'));
    expect(p.onToggleSaved).toHaveBeenCalledWith(row);
    fireEvent.click(screen.getByTestId('item-read'));
    expect(p.onToggleRead).toHaveBeenCalledWith(row);
    fireEvent.click(screen.getByTestId('item-menu'));
    expect(p.onMenu).toHaveBeenCalledWith(3, expect.any(Number), expect.any(Number));
    expect(p.onOpen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('option'));
    expect(p.onOpen).toHaveBeenCalledWith(3);
  });

  it('a button gets its tooltip once the pointer rests on it; rows merely shown set none up', async () => {
    tooltips.mounted = 0;
    renderUi(<MemoryRouter>{cells.row(props())}</MemoryRouter>);
    const save = screen.getByTestId('item-save');
    expect(tooltips.mounted).toBe(0);
    fireEvent.mouseEnter(save);
    expect(await screen.findByText(/^Save/)).toBeTruthy();
    // The button was not drawn anew: the element pointed at is the one still there.
    expect(screen.getByTestId('item-save')).toBe(save);
    fireEvent.mouseLeave(save);
    await waitFor(() => expect(screen.queryByText(/^Save/)).toBeNull());
    // Only the button pointed at has one set up, not the two others.
    expect(screen.getAllByTestId(/^item-(save|read|menu)$/)).toHaveLength(3);
    expect(tooltips.mounted).toBeGreaterThan(0);
    const afterSave = tooltips.mounted;
    fireEvent.click(screen.getByTestId('item-read'));
    expect(tooltips.mounted).toBe(afterSave);
  });

  for (const [name, cell] of Object.entries(cells)) {
    it(`${name}: its description says what the row shows beside the title (unread, saved, feed, age)`, () => {
      const { unmount } = renderUi(<MemoryRouter>{cell(props())}</MemoryRouter>);
      const desc = () => screen.getByRole('option', { name: 'A post' }).getAttribute('aria-description');
      expect(desc()).toMatch(/^Unread, Example, \S/);
      unmount();
      // Read (flag 1) and saved (flag 2): no "Unread", "Saved" instead.
      renderUi(<MemoryRouter>{cell({ ...props(), row: { ...row, flags: 3 } })}</MemoryRouter>);
      expect(desc()).toMatch(/^Saved, Example, \S/);
    });
  }
});
