/**
 * Renders an ItemsView at a list route (`/f/1`, or `/f/1/i/<id>` with an article open) as the
 * app routes it, over the engine of listEngine.ts, with the address shown in `where`.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { ConfirmProvider } from '../../components/ConfirmDialog';
import type { ItemRow, Page } from '../../engine/contract';
import { ItemsView, type ItemsViewProps } from '../ItemsView';
import { listFeedTitle, listRows } from './listEngine';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/** Where the list's rows come from. */
export interface Source {
  fetchPage: (cursor: string | null) => Promise<Page<ItemRow>>;
  fetchRange?: (cursor: string | null, limit: number) => Promise<Page<ItemRow>>;
  rowInList?: (at: { id: number; pubDate: number }) => Promise<ItemRow | null>;
}

/** Renders the list; resolves nothing, returns the memory router (to go Back and Forward). */
export function renderList(
  path = '/f/1',
  showsRead = false,
  source: Source = {
    fetchPage: () => Promise.resolve({ rows: listRows, next: null, total: listRows.length }),
  },
  state: unknown = null,
  scope: ItemsViewProps['scope'] = { scope: 'feed', id: 1 },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (
    <>
      <ItemsView
        listKey={['items-view', 'test-list']}
        {...source}
        title={listFeedTitle}
        scope={scope}
        showsRead={showsRead}
      />
      <Where />
    </>
  );
  const router = createMemoryRouter(
    ['/:type/:id/i/:item', '/:type/:id'].map((p) => ({ path: p, element: view })),
    { initialEntries: ['/welcome', { pathname: path, state }], initialIndex: 1 },
  );
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** A key as the browser sends it: to the focused element (the body when nothing has focus). */
export const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
