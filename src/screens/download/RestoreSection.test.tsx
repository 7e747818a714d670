import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BackupFile from './backupFile';

type OnProgress = (done: number, total: number, phase: 'write' | 'commit' | 'done') => void;
const calls = vi.hoisted(() => ({
  makeBackup: vi.fn<() => Promise<Blob>>(),
  restoreBackup: vi.fn((_id: string, _mode: string, _onProgress: OnProgress) =>
    Promise.resolve({ mode: 'replace', written: { items: 3, feeds: 1 } }),
  ),
  downloadBlob: vi.fn(),
  confirm: vi.fn(() => Promise.resolve(true)),
}));

vi.mock('./backupFile', async (actual) => ({
  ...(await actual<typeof BackupFile>()),
  inspectBackup: () =>
    Promise.resolve({
      id: 'b1',
      header: { createdAt: 1_750_000_000_000, counts: { feeds: 1, items: 3 } },
      hasSettings: false,
      unknownStores: [],
    }),
  discardBackup: () => Promise.resolve(),
  makeBackup: calls.makeBackup,
  restoreBackup: calls.restoreBackup,
}));
vi.mock('./downloadBlob', () => ({ downloadBlob: calls.downloadBlob }));
vi.mock('../../components/ConfirmDialog', () => ({ confirm: calls.confirm }));
vi.mock('../../queries/useCounts', () => ({ useEngineStatus: () => ({ counts: { feeds: 2, items: 40 } }) }));

const { RestoreSection } = await import('./RestoreSection');

async function replace() {
  render(
    <MantineProvider env="test">
      <RestoreSection />
    </MantineProvider>,
  );
  const input = document.querySelector<HTMLInputElement>(
    '[data-testid="download-restore"] input[type="file"]',
  )!;
  fireEvent.change(input, { target: { files: [new File(['x'], 'old.ndjson')] } });
  await screen.findByTestId('restore-preview');
  fireEvent.click(screen.getByText('Replace everything'));
  fireEvent.click(screen.getByTestId('restore-button'));
}

beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockClear();
});

describe('RestoreSection, replacing what is here', () => {
  it('saves what is here first, then replaces, and names the file', async () => {
    calls.makeBackup.mockResolvedValue(new Blob(['{}\n']));
    await replace();
    await screen.findByTestId('restore-done');
    expect(calls.downloadBlob).toHaveBeenCalledOnce();
    expect(calls.downloadBlob.mock.calls[0]?.[1]).toMatch(/-before-restore\.ndjson$/);
    expect(calls.restoreBackup).toHaveBeenCalledOnce();
    expect(screen.getByTestId('restore-saved-first').textContent).toContain('-before-restore.ndjson');
  });

  it('a progress report arriving after the restore answered leaves no bar up and the controls free', async () => {
    calls.makeBackup.mockResolvedValue(new Blob(['{}\n']));
    let late: () => void = () => {};
    calls.restoreBackup.mockImplementationOnce((_id, _mode, onProgress) => {
      // The worker's reports travel on their own channel: this one lands after the answer.
      late = () => onProgress(3, 3, 'done');
      return Promise.resolve({ mode: 'replace', written: { items: 3, feeds: 1 } });
    });
    await replace();
    await screen.findByTestId('restore-done');
    act(() => late());
    expect(screen.queryByTestId('restore-progress')).toBeNull();
  });

  it('replaces nothing when the backup of what is here fails, and says so', async () => {
    calls.makeBackup.mockRejectedValue(new Error('The disk is full.'));
    await replace();
    const error = await screen.findByTestId('restore-error');
    expect(error.textContent).toContain('could not be made, so nothing was replaced: The disk is full.');
    await waitFor(() => expect(screen.getByTestId('restore-button')).toBeTruthy());
    expect(calls.restoreBackup).not.toHaveBeenCalled();
    expect(calls.downloadBlob).not.toHaveBeenCalled();
  });
});
