import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Counts } from '../engine/contract';
import { AppTheme } from '../theme/AppTheme';
import { SidebarScopes } from './SidebarScopes';

const counts: Counts = { groups: 0, feeds: 2, items: 40, unread: 30, saved: 2, unreadByFeed: { 1: 30 } };
/** Totals the engine answers per list: Today holds 12 articles, 7 of them unread. */
const totals: Record<string, [all: number, unread: number]> = { today: [12, 7], saved: [2, 1] };
const engine = {
  counts: vi.fn(() => Promise.resolve(counts)),
  items: {
    page: vi.fn(({ scope, unreadOnly }: { scope: string; unreadOnly?: boolean }) => {
      const [all, unread] = totals[scope] ?? [0, 0];
      return Promise.resolve({ rows: [], next: null, total: unreadOnly ? unread : all });
    }),
  },
};

vi.mock('../engine/client', () => ({
  engineReady: () => Promise.resolve({}),
  getEngine: () => engine,
  onEngineEvent: () => () => {},
  reportInput: () => {},
}));

afterEach(cleanup);

describe('SidebarScopes', () => {
  it("counts Today's unread articles beside All's and Saved's counts", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppTheme>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <SidebarScopes />
          </MemoryRouter>
        </QueryClientProvider>
      </AppTheme>,
    );
    expect((await screen.findByTestId('nav-today-count')).textContent).toBe('7');
    expect(screen.getByTestId('nav-all-count').textContent).toBe('30');
    expect(screen.getByTestId('nav-saved-count').textContent).toBe('2');
  });
});
