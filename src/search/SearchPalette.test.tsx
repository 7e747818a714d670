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

// Feeds and groups the palette can jump to (empty unless a test sets them).
const known = { feeds: [] as { id: number; title: string }[], groups: [] as { id: number; title: string }[] };
vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: unknown) => unknown) =>
    fn({
      search: { suggest },
      feeds: { list: () => Promise.resolve(known.feeds) },
      groups: { list: () => Promise.resolve(known.groups) },
    }),
}));

function setup() {
  const onOpenItem = vi.fn();
  const onSeeAll = vi.fn();
  const onClose = vi.fn();
  const onGo = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderUi(
    <QueryClientProvider client={client}>
      <SearchPalette
        opened
        initialText={() => ''}
        onClose={onClose}
        onOpenItem={onOpenItem}
        onSeeAll={onSeeAll}
        onGo={onGo}
      />
    </QueryClientProvider>,
  );
  const input = screen.getByTestId('search-input');
  return { input, onOpenItem, onSeeAll, onClose, onGo };
}

const titles = () => screen.queryAllByTestId('search-result').map((el) => el.textContent);

describe('SearchPalette', () => {
  beforeEach(() => {
    answers.clear();
    suggest.mockClear();
    known.feeds = [];
    known.groups = [];
  });

  it('finds feeds, groups and screens by name above the articles, and jumps to them', async () => {
    known.feeds = [{ id: 5, title: 'The Verge' }];
    known.groups = [{ id: 2, title: 'Tech news' }];
    answers.set('verge', { rows: [row(1, 'Verge review')], delay: 0 });
    const { input, onGo, onClose, onOpenItem } = setup();
    fireEvent.change(input, { target: { value: 'verge' } });
    await waitFor(() => expect(screen.getAllByTestId('palette-place')).toHaveLength(1));
    await waitFor(() => expect(titles()).toHaveLength(1));
    const options = () => screen.getAllByRole('option');
    expect(options()[0]?.textContent).toContain('The Verge');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    // ↓ reaches the article below the place; ↑ comes back; Enter jumps to the feed.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onClose).toHaveBeenCalled();
    expect(onGo).toHaveBeenCalledWith(expect.objectContaining({ kind: 'feed', path: '/f/5' }));
    expect(onOpenItem).not.toHaveBeenCalled();
  });

  it('jumps to a group at once, before article suggestions arrive', async () => {
    known.groups = [{ id: 2, title: 'Tech news' }];
    answers.set('tech', { rows: [], delay: 10_000 });
    const first = setup();
    fireEvent.change(first.input, { target: { value: 'tech' } });
    await waitFor(() => expect(screen.getAllByTestId('palette-place')).toHaveLength(1));
    fireEvent.keyDown(first.input, { key: 'Enter' });
    expect(first.onGo).toHaveBeenCalledWith(expect.objectContaining({ kind: 'group', path: '/c/2' }));
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

  it('is a combobox over its results that names the chosen one, with a phone keyboard’s Go', async () => {
    answers.set('rust', { rows: [row(1, 'Rust 1.80'), row(2, 'Rust in Linux')], delay: 0 });
    const { input } = setup();
    // Not a search box: Chrome empties one on Esc, which closes the palette.
    expect((input as HTMLInputElement).type).toBe('text');
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('enterkeyhint')).toBe('go');
    expect(input.getAttribute('autocapitalize')).toBe('off');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.change(input, { target: { value: 'rust' } });
    await waitFor(() => expect(titles()).toHaveLength(2));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Search results' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active()?.textContent).toContain('Rust 1.80');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()?.textContent).toContain('Rust in Linux');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(screen.getByTestId('search-see-all'));
  });

  it('keeps its options out of the Tab order (only the box is tabbable), a feed’s name in its language', async () => {
    known.feeds = [{ id: 5, title: 'עיתון', language: 'he' } as { id: number; title: string }];
    answers.set('עיתון', { rows: [row(1, 'עיתון היום')], delay: 0 });
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'עיתון' } });
    await waitFor(() => expect(titles()).toHaveLength(1));
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options.map((o) => o.tabIndex)).toEqual([-1, -1, -1]);
    expect(input.tabIndex).toBe(0);
    const name = screen.getByTestId('palette-place').querySelector('[lang]');
    expect([name?.getAttribute('lang'), name?.getAttribute('dir')]).toEqual(['he', 'rtl']);
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
