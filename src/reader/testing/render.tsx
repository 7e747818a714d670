import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactElement } from 'react';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/**
 * Renders inside a MantineProvider in test mode (no transitions, no portals delays) and a fresh
 * query client (parts of the reader read engine data, e.g. the tags line; without an engine
 * those queries simply stay pending).
 */
export function renderUi(ui: ReactElement): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </QueryClientProvider>,
  );
}
