import { MantineProvider } from '@mantine/core';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactElement } from 'react';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** Renders inside a MantineProvider in test mode (no transitions, no portals delays). */
export function renderUi(ui: ReactElement): RenderResult {
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}
