import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../components/ConfirmDialog';
import type { Counts, Feed, ItemRow } from '../engine/contract';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { AppTheme } from '../theme/AppTheme';
import { routes } from './router';

const feeds = [
  { id: 1, title: 'Alpha Feed', groupId: 10 },
  { id: 2, title: 'Beta Feed', groupId: -1 },
] as Feed[];
const counts: Counts = { groups: 1, feeds: 2, items: 3, unread: 2, saved: 1, unreadByFeed: { 1: 2 } };
const rows = [
  { id: 100, feedId: 1, title: 'First post', pubDate: 1_700_000_000, flags: 0, link: '' },
  { id: 101, feedId: 2, title: 'Second post', pubDate: 1_700_000_000, flags: 1, link: '' },
] as ItemRow[];

const engine = {
  counts: vi.fn(() => Promise.resolve(counts)),
  // What the app's shell tells the engine on start (RefreshScheduler).
  refresh: { configure: vi.fn(() => Promise.resolve()) },
  retention: { configure: vi.fn(() => Promise.resolve()) },
  fullText: { configure: vi.fn(() => Promise.resolve()) },
  rules: { configureAi: vi.fn(() => Promise.resolve()) },
  groups: { list: vi.fn(() => Promise.resolve([{ id: 10, title: 'Tech' }])) },
  feeds: { list: vi.fn(() => Promise.resolve(feeds)) },
  items: {
    page: vi.fn((_q: { unreadOnly?: boolean; cursor?: string | null }) =>
      Promise.resolve({ rows, next: null, total: rows.length }),
    ),
    get: vi.fn((id: number) =>
      Promise.resolve({ ...rows.find((r) => r.id === id), description: '<p>Body</p>', enclosure: null }),
    ),
  },
};
const ready = vi.fn(() => Promise.resolve({}));

vi.mock('../engine/client', () => ({
  engineReady: () => ready(),
  getEngine: () => engine,
  onEngineEvent: () => () => {},
  reportInput: () => {},
}));

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppTheme>
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </AppTheme>,
  );
  return router;
}

const heading = () => screen.findByTestId('page-title');

beforeEach(() => {
  for (const g of ['general', 'appearance'] as const) resetSettings(g);
  ready.mockImplementation(() => Promise.resolve({}));
});
afterEach(cleanup);

describe('routes', () => {
  it.each([
    ['/welcome', 'Welcome to Rivulet'],
    ['/subscribe', 'Subscribe'],
    ['/search', 'Search'],
    ['/filter', 'Filters'],
    ['/download', 'Download'],
    ['/combo', 'Bundles'],
    ['/login', 'Sync account'],
    ['/rss', 'Feeds'],
    ['/nowhere/at/all', 'Not found'],
  ])('%s shows %s', async (path, title) => {
    renderAt(path);
    expect((await heading()).textContent).toBe(title);
  });

  it('/subscribe shows the feed address input (no longer a placeholder)', async () => {
    renderAt('/subscribe');
    await heading();
    expect(await screen.findByTestId('discover-input')).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('/ shows Welcome with the engine counts, or redirects to the chosen start page', async () => {
    renderAt('/');
    await screen.findByText('Welcome to Rivulet');
    expect((await screen.findByTestId('count-feeds')).textContent).toBe('2');
    expect(screen.getByTestId('count-items').textContent).toBe('3');
    expect(screen.getByTestId('count-unread').textContent).toBe('2');
    cleanup();
    updateSettings('general', { startPage: 'all' });
    const router = renderAt('/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/all'));
    await within(await heading()).findByText('All articles');
  });

  it('lists items of a feed with its title and unread count', async () => {
    renderAt('/feed/1');
    const title = await heading();
    await within(title).findByText('Alpha Feed');
    // Only-unread is on: the header says so, with the feed's total (the mock's page total).
    expect((await screen.findByTestId('items-unread')).textContent).toBe('2 unread of 2');
    // happy-dom has no layout, so the virtual list draws no rows. Only-unread is on by default,
    // so the read row the mock returns anyway is kept off the list.
    await vi.waitFor(async () =>
      expect((await screen.findByTestId('items-list')).getAttribute('data-loaded')).toBe('1'),
    );
    expect(engine.items.page).toHaveBeenCalledWith(
      expect.objectContaining({ scope: 'feed', id: 1, unreadOnly: true, cursor: null }),
    );
  });

  it('an article address opens the reader over its list; a read article of the list stays a row', async () => {
    renderAt('/feed/1/i/101');
    await within(await heading()).findByText('Alpha Feed');
    expect(await screen.findByTestId('reader')).toBeTruthy();
    expect(engine.items.get).toHaveBeenCalledWith(101);
    // 101 is read: the unread-only list would hide it, but it belongs to the feed (asked with the
    // position just before it), so it is kept as a row.
    await vi.waitFor(() =>
      expect(engine.items.page).toHaveBeenCalledWith(
        expect.objectContaining({
          scope: 'feed',
          id: 1,
          unreadOnly: false,
          cursor: '1700000000:102',
          limit: 1,
        }),
      ),
    );
    await vi.waitFor(async () =>
      expect((await screen.findByTestId('items-list')).getAttribute('data-loaded')).toBe('2'),
    );
  });

  it('Saved lists read articles too, whatever "Hide read articles" says', async () => {
    renderAt('/saved');
    await within(await heading()).findByText('Saved for later');
    await vi.waitFor(() =>
      expect(engine.items.page).toHaveBeenCalledWith(
        expect.objectContaining({ scope: 'saved', unreadOnly: false, cursor: null }),
      ),
    );
    expect(engine.items.page).not.toHaveBeenCalledWith(
      expect.objectContaining({ scope: 'saved', unreadOnly: true, cursor: null }),
    );
    // Both rows (one read) are listed; the header gives the total and the unread count.
    await vi.waitFor(async () =>
      expect((await screen.findByTestId('items-list')).getAttribute('data-loaded')).toBe('2'),
    );
    expect((await screen.findByTestId('items-unread')).textContent).toBe('2 articles · 2 unread');
  });

  it('an address with a bad article part shows the list with a note', async () => {
    renderAt('/all/i/abc');
    expect((await screen.findByTestId('article-missing')).textContent).toContain('does not name an article');
    expect(screen.queryByTestId('reader')).toBeNull();
  });

  it('sums a group’s unread count from its feeds', async () => {
    renderAt('/group/10');
    const title = await heading();
    await within(title).findByText('Tech');
    // Only-unread is on: the header says so, with the feed's total (the mock's page total).
    expect((await screen.findByTestId('items-unread')).textContent).toBe('2 unread of 2');
  });

  it.each(['/feed/999', '/group/5', '/feed/abc', '/bogus', '/all/3', '/bogus/i/3', '/f/i/3'])(
    '%s is Not found',
    async (path) => {
      renderAt(path);
      await screen.findByTestId('not-found', {}, { timeout: 3000 });
    },
  );

  it('shows the sidebar tree with counts, and Ctrl+B hides and shows it (persisted)', async () => {
    renderAt('/welcome');
    await screen.findByTestId('nav-feed-1');
    expect(screen.getByTestId('nav-feed-1-count').textContent).toBe('2');
    expect(screen.getByTestId('nav-group-10-count').textContent).toBe('2');
    expect(screen.getByTestId('nav-all-count').textContent).toBe('2');
    act(() => {
      fireEvent.keyDown(document.body, { key: 'b', code: 'KeyB', ctrlKey: true });
    });
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(JSON.parse(localStorage.getItem('app-settings') ?? '{}')).toMatchObject({
      appearance: { hideSidebar: true },
    });
    fireEvent.click(screen.getByTestId('sidebar-show'));
    expect(screen.getByTestId('sidebar')).toBeTruthy();
  });

  it('ignores Ctrl+B while typing in a field', async () => {
    renderAt('/welcome');
    await heading();
    const input = document.createElement('input');
    document.body.append(input);
    act(() => {
      fireEvent.keyDown(input, { key: 'b', code: 'KeyB', ctrlKey: true });
    });
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    input.remove();
  });

  it('shows Retry instead of crashing when the engine does not answer', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    ready.mockImplementation(() => Promise.reject(new Error('worker gone')));
    renderAt('/welcome');
    const retry = await screen.findAllByTestId('engine-retry', {}, { timeout: 3000 });
    expect(retry.length).toBeGreaterThan(0);
    expect(screen.getByTestId('count-feeds').textContent).toBe('—');
    expect(error).toHaveBeenCalledWith('Rivulet engine did not answer:', expect.any(Error));
    // The settings the shell hands the engine on start say why they did not go through.
    expect(warn).toHaveBeenCalledWith('Rivulet: could not set the refresh interval', expect.any(Error));
    ready.mockImplementation(() => Promise.resolve({}));
    fireEvent.click(retry[0]!);
    await vi.waitFor(() => expect(screen.getByTestId('count-feeds').textContent).toBe('2'));
    expect(screen.queryByTestId('engine-retry')).toBeNull();
    error.mockRestore();
    warn.mockRestore();
  });

  it('on a narrow screen floats the sidebar, closed by default and after navigating', async () => {
    const width = window.innerWidth;
    (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM.setViewport({
      width: 500,
    });
    try {
      renderAt('/welcome');
      await heading();
      expect(screen.queryByTestId('sidebar')).toBeNull();
      fireEvent.click(screen.getByTestId('sidebar-show'));
      expect(screen.getByTestId('sidebar').dataset.overlay).toBe('true');
      fireEvent.click(screen.getByTestId('sidebar-backdrop'));
      expect(screen.queryByTestId('sidebar')).toBeNull();
      fireEvent.click(screen.getByTestId('sidebar-show'));
      fireEvent.click(await screen.findByTestId('nav-feed-1'));
      await vi.waitFor(() => expect(screen.queryByTestId('sidebar')).toBeNull());
      // The desktop preference is not touched by the overlay.
      expect(JSON.parse(localStorage.getItem('app-settings') ?? '{}')).toMatchObject({
        appearance: { hideSidebar: false },
      });
    } finally {
      (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM.setViewport({
        width,
      });
    }
  });
});
