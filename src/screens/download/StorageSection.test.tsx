import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UndoToken } from '../../engine/contract';
import { clearUndo, pendingUndo } from '../../undo/undoStore';

const calls = vi.hoisted(() => ({
  preview: { removed: 12, undoable: true },
  apply: vi.fn<() => Promise<{ removed: number; undo: UndoToken | null }>>(),
  confirm: vi.fn(() => Promise.resolve(true)),
  shown: [] as { message?: unknown }[],
}));

vi.mock('../../queries/engine', () => ({
  withEngine: <T,>(fn: (e: unknown) => T) =>
    fn({
      retention: { preview: () => Promise.resolve(calls.preview) },
      fullText: { stats: () => Promise.resolve({ articles: 0, failures: 0, bytes: 0 }) },
    }),
}));
vi.mock('../../subscriptions/api', () => ({ applyRetention: calls.apply }));
vi.mock('../../components/ConfirmDialog', () => ({ confirm: calls.confirm }));
vi.mock('./storage', async (actual) => ({
  ...(await actual<typeof Storage>()),
  readStorage: () => Promise.resolve({ usage: 1000, quota: 100000, persisted: true }),
}));
vi.mock('../../settings/useSettings', async (actual) => ({
  ...(await actual<typeof Settings>()),
  useSettingsGroup: () => ({ retentionDays: 90 }),
  updateSettings: () => {},
}));
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (n: { message?: unknown }) => void calls.shown.push(n) },
}));

import type * as Storage from './storage';
import type * as Settings from '../../settings/useSettings';
const { StorageSection } = await import('./StorageSection');

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <StorageSection />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const token: UndoToken = { flag: 'deleted', trash: 2, ids: [1, 2, 3] };

beforeEach(() => {
  calls.apply.mockReset();
  calls.confirm.mockClear();
  calls.shown.length = 0;
  clearUndo();
});

describe('StorageSection, Delete now', () => {
  it('deletes at once when a copy can be kept, and offers Undo', async () => {
    calls.preview = { removed: 12, undoable: true };
    calls.apply.mockResolvedValue({ removed: 3, undo: token });
    show();
    fireEvent.click(await screen.findByText('Delete 12 now'));
    await waitFor(() => expect(pendingUndo()?.token).toEqual(token));
    expect(calls.confirm).not.toHaveBeenCalled();
    expect(pendingUndo()?.label(3)).toBe('Deleted 3 read articles.');
    expect(pendingUndo()?.done?.(3)).toBe('Undone: 3 articles are back.');
  });

  it('asks first, saying it cannot be undone, when there are too many to keep', async () => {
    calls.preview = { removed: 20000, undoable: false };
    calls.apply.mockResolvedValue({ removed: 20000, undo: null });
    calls.confirm.mockResolvedValueOnce(false);
    show();
    const button = await screen.findByText('Delete 20,000 now');
    fireEvent.click(button);
    await waitFor(() => expect(calls.confirm).toHaveBeenCalledOnce());
    expect(calls.confirm.mock.calls[0]).toMatchObject([
      {
        title: 'Delete 20,000 read articles?',
        message: expect.stringContaining('cannot be undone') as unknown,
      },
    ]);
    expect(calls.apply).not.toHaveBeenCalled();
    fireEvent.click(button);
    await waitFor(() => expect(calls.apply).toHaveBeenCalledOnce());
    await screen.findByTestId('retention-done');
    expect(pendingUndo()).toBeNull();
  });

  it('says so when the copy was expected but could not be kept', async () => {
    calls.preview = { removed: 12, undoable: true };
    calls.apply.mockResolvedValue({ removed: 12, undo: null });
    show();
    fireEvent.click(await screen.findByText('Delete 12 now'));
    await waitFor(() => expect(calls.shown).toHaveLength(1));
    expect(calls.shown[0]?.message).toContain('this cannot be undone');
  });
});
