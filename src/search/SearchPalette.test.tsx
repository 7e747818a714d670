import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { renderUi } from '../reader/testing/render';
import { SearchPalette } from './SearchPalette';

const row = (id: number, title: string): ItemRow => ({
  id,
  feedId: 1,
  title,
  author: '',
  pubDate: 1_700_000_000,
  link: '',
  flags: 0,
  snippet: '',
  thumbnail: '',
  enclosureType: '',
});

// Suggestions per text; a text may answer late to check that stale answers lose.
const answers = new Map<string, { rows: ItemRow[]; delay: number }>();
const suggest = vi.fn((text: string) => {
  const a = answers.get(text) ?? { rows: [], delay: 0 };
  return new Promise<ItemRow[]>((resolve) => setTimeout(() => resolve(a.rows), a.delay));
});

vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: unknown) => unknown) =>
    fn({ search: { suggest }, feeds: { list: () => Promise.resolve([]) } }),
}));

function setup() {
  const onOpenItem = vi.fn();
  const onSeeAll = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderUi(
    <QueryClientProvider client={client}>
      <SearchPalette
        opened
        initialText={() => ''}
        onClose={onClose}
        onOpenItem={onOpenItem}
        onSeeAll={onSeeAll}
      />
    </QueryClientProvider>,
  );
  const input = screen.getByTestId('search-input');
  return { input, onOpenItem, onSeeAll, onClose };
}

const titles = () => screen.queryAllByTestId('search-result').map((el) => el.textContent);

describe('SearchPalette', () => {
  beforeEach(() => {
    answers.clear();
    suggest.mockClear();
  });

  it('shows suggestions, moves with ↑/↓ and opens the chosen one with Enter', async () => {
    answers.set('rust', { rows: [row(1, 'Rust 1.80'), row(2, 'Rust in Linux')], delay: 0 });
    const { input, onOpenItem, onClose } = setup();
    fireEvent.change(input, { target: { value: 'rust' } });
    await waitFor(() => expect(titles()).toHaveLength(2));
    const options = () => screen.getAllByRole('option');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onClose).toHaveBeenCalled();
    expect(onOpenItem).toHaveBeenCalledWith('rust', 2);
  });

  it('goes to all results from the last entry, wrapping with ↑', async () => {
    answers.set('rust', { rows: [row(1, 'Rust')], delay: 0 });
    const { input, onSeeAll, onOpenItem } = setup();
    fireEvent.change(input, { target: { value: 'rust' } });
    await waitFor(() => expect(titles()).toHaveLength(1));
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getByTestId('search-see-all').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSeeAll).toHaveBeenCalledWith('rust');
    expect(onOpenItem).not.toHaveBeenCalled();
  });

  it('debounces typing and never lets an older, slower answer replace a newer one', async () => {
    answers.set('r', { rows: [row(9, 'Old answer')], delay: 300 });
    answers.set('ru', { rows: [row(3, 'New answer')], delay: 0 });
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'r' } });
    await waitFor(() => expect(suggest).toHaveBeenCalledWith('r', 8));
    fireEvent.change(input, { target: { value: 'ru' } });
    await waitFor(() => expect(titles()[0]).toContain('New answer'));
    await new Promise((r) => setTimeout(r, 350));
    expect(titles()).toHaveLength(1);
    expect(titles()[0]).toContain('New answer');
  });

  it('Enter pressed before the answer for the typed text arrives waits for it (no stale open)', async () => {
    answers.set('r', { rows: [row(9, 'Old answer')], delay: 0 });
    answers.set('ru', { rows: [row(3, 'New answer')], delay: 150 });
    const { input, onOpenItem } = setup();
    fireEvent.change(input, { target: { value: 'r' } });
    await waitFor(() => expect(titles()[0]).toContain('Old answer'));
    fireEvent.change(input, { target: { value: 'ru' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpenItem).not.toHaveBeenCalled();
    await waitFor(() => expect(onOpenItem).toHaveBeenCalledWith('ru', 3));
    expect(onOpenItem).toHaveBeenCalledTimes(1);
  });

  it('does not query for blank text and Enter does nothing then', () => {
    const { input, onSeeAll, onOpenItem } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSeeAll).not.toHaveBeenCalled();
    expect(onOpenItem).not.toHaveBeenCalled();
    expect(screen.queryByTestId('search-results')).toBeNull();
    expect(suggest).not.toHaveBeenCalled();
  });

  it('says so when nothing matches', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'zzz' } });
    await screen.findByTestId('search-no-results');
  });
});
