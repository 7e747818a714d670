/**
 * The login screen between "Connect" and "Import": connecting stores the account, so a status
 * refreshed meanwhile (re-attached feeds send events at once) says it is connected; the preview and
 * its Import button must stay until the import has started, then the account panel follows it.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { LoginScreen } from './LoginScreen';

const h = vi.hoisted(() => ({
  connected: false,
  client: null as QueryClient | null,
  runSync: null as unknown as () => Promise<string>,
  /** When set, the connect answers only after the status has been refreshed as connected. */
  statusFirst: false,
}));

const PREVIEW = {
  reattached: 3,
  protocol: 'greader',
  url: 'https://rss.example.test/api/greader.php',
  username: 'reader',
  groups: 1,
  feeds: 3,
  unread: 10,
  saved: 2,
  canEditSubscriptions: true,
};

vi.mock('../../sync/api', () => ({
  syncStatusQuery: () => ({
    queryKey: ['sync', 'status'],
    queryFn: () => Promise.resolve({ connected: h.connected, former: null }),
  }),
  connectAccount: async () => {
    h.connected = true;
    // The engine's events refresh the status while the preview is on screen, or (a loaded
    // machine) before the connect has answered.
    const refreshed = h.client?.refetchQueries({ queryKey: ['sync', 'status'] });
    if (h.statusFirst) {
      await refreshed;
      // Another task, as a worker's answer is: React renders the refreshed status first.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return PREVIEW;
  },
  runSync: () => h.runSync(),
}));
vi.mock('./AccountPanel', () => ({ AccountPanel: () => <div data-testid="account-panel" /> }));

afterEach(() => {
  cleanup();
  h.connected = false;
  h.statusFirst = false;
});

function renderScreen() {
  h.client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={h.client}>
      <MantineProvider env="test">
        <MemoryRouter>
          <LoginScreen />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

async function connect(): Promise<void> {
  renderScreen();
  fireEvent.change(await screen.findByTestId('login-url'), {
    target: { value: 'https://rss.example.test/api/greader.php' },
  });
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'reader' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret' } });
  fireEvent.submit(screen.getByTestId('login-form'));
  await screen.findByTestId('login-preview');
  // The refreshed status (connected) has landed.
  await act(() => h.client!.refetchQueries({ queryKey: ['sync', 'status'] }));
}

describe('the login screen from Connect to Import', () => {
  it('keeps the preview and its Import button when the status says connected, then shows the panel', async () => {
    h.runSync = () => Promise.resolve('job-1');
    await connect();
    expect(screen.getByTestId('preview-reattached')).toBeTruthy();
    expect(screen.queryByTestId('account-panel')).toBeNull();
    fireEvent.click(screen.getByTestId('login-import'));
    expect(await screen.findByTestId('account-panel')).toBeTruthy();
    expect(screen.queryByTestId('login-preview')).toBeNull();
  });

  it('keeps the form for its preview when the status says connected before the connect answers', async () => {
    h.runSync = () => Promise.resolve('job-1');
    h.statusFirst = true;
    await connect();
    expect(screen.getByTestId('preview-reattached')).toBeTruthy();
    expect(screen.queryByTestId('account-panel')).toBeNull();
    fireEvent.click(screen.getByTestId('login-import'));
    expect(await screen.findByTestId('account-panel')).toBeTruthy();
  });

  it('an import the engine refuses leaves the preview on screen, saying why', async () => {
    h.runSync = () =>
      Promise.reject(Object.assign(new Error('The server asks Rivulet to wait.'), { code: 'sync_rate' }));
    await connect();
    fireEvent.click(screen.getByTestId('login-import'));
    await vi.waitFor(() => expect(screen.getByTestId('login-preview').textContent).toMatch(/wait/i));
    expect(screen.queryByTestId('account-panel')).toBeNull();
  });
});
