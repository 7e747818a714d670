import { testFeed } from '../../testing/feed';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Feed, Group } from '../../engine/contract';
import { renderUi } from '../../reader/testing/render';
import { pendingUndo, undoLast } from '../../undo/undoStore';

let feeds: Feed[] = [];
const groups: Group[] = [
  { id: 1, title: 'News' },
  { id: 2, title: 'Tech' },
  { id: 3, title: 'Blogs' },
] as Group[];
const move = vi.fn((ids: number[], groupId: number) => {
  feeds = feeds.map((f) => (ids.includes(f.id) ? { ...f, groupId } : f));
  return Promise.resolve();
});
vi.mock('../../engine/client', () => ({
  engineReady: () => Promise.resolve({}),
  getEngine: () => ({
    feeds: { list: () => Promise.resolve(feeds), move },
    groups: { list: () => Promise.resolve(groups) },
  }),
  onEngineEvent: () => () => {},
}));

const { OpmlElsewhere } = await import('./OpmlElsewhere');

describe('OpmlElsewhere', () => {
  it('says where each followed feed is and where the file puts it, and moves them all as one undoable change', async () => {
    feeds = [
      testFeed({ id: 5, title: 'Ha’aretz', groupId: 1, language: 'he' }),
      testFeed({ id: 6, title: 'Loose', groupId: -1 }),
    ];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const refetch = () => act(() => client.invalidateQueries());
    renderUi(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OpmlElsewhere
            moves={[
              { feedId: 5, groupId: 2 },
              { feedId: 6, groupId: 3 },
            ]}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const panel = await screen.findByTestId('opml-elsewhere');
    expect(panel.getAttribute('data-pending')).toBe('2');
    expect(screen.getByTestId('opml-elsewhere-5').textContent).toContain(
      'In “News”; the file puts it in “Tech”',
    );
    expect(screen.getByTestId('opml-elsewhere-6').textContent).toContain(
      'In no group; the file puts it in “Blogs”',
    );
    // The feed's name is in its own language and direction.
    const name = screen.getByRole('link', { name: 'Ha’aretz' });
    expect([name.getAttribute('lang'), name.getAttribute('dir')]).toEqual(['he', 'rtl']);

    fireEvent.click(screen.getByTestId('opml-elsewhere-move'));
    await vi.waitFor(() => expect(move).toHaveBeenCalledTimes(2));
    expect(move.mock.calls).toEqual([
      [[5], 2],
      [[6], 3],
    ]);
    expect(pendingUndo()?.count).toBe(2);
    await refetch();
    await vi.waitFor(() => expect(panel.getAttribute('data-pending')).toBe('0'));
    expect(screen.getByTestId('opml-elsewhere-5').textContent).toContain('Now in “Tech”');
    expect(screen.queryByTestId('opml-elsewhere-move')).toBeNull();

    // Undo puts both back where they were, and the offer comes back.
    expect(await undoLast(() => Promise.resolve(0))).toBe(2);
    expect(feeds.map((f) => f.groupId)).toEqual([1, -1]);
    await refetch();
    await vi.waitFor(() => expect(panel.getAttribute('data-pending')).toBe('2'));
  });
});
